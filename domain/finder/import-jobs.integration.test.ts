import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '#db/client.ts';
import { bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { startFakeRecaptcha, type FakeRecaptcha } from '#tests/setup/fake-recaptcha.ts';
import { startTwoInstances, type TwoInstances } from '#tests/setup/two-instances.ts';
import { createImportJobs, IMPORT_JOB_MESSAGES } from './import-jobs.ts';
import { createImportJobsRepository } from './import-jobs-repository.ts';

type Job = { state: string; done: number; total: number; created: number; updated: number; message: string | null };

async function finished(app: FastifyInstance, token: string, kind: 'reps' | 'retailers', id: string): Promise<Job> {
  for (let i = 0; i < 2400; i++) {
    const job = (await app.inject({ url: `/api/admin/${kind}/import-status/${id}`, headers: bearer(token) })).json().data as Job;
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

/** Two app instances on one database, as behind a load balancer without sticky sessions (ADR 022). */
describe('CSV import jobs across instances', () => {
  let instances: TwoInstances;
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    instances = await startTwoInstances({ ui: 'none', env: { LOGIN_RATE_LIMIT: '1000' } });
    ({ database, a, b } = instances);
    token = (await signIn(a)).token;
  });
  afterAll(() => instances?.close());

  it('an import started on one instance is followed to its end by polls on the other', async () => {
    const csv = ['name,zip', ...Array.from({ length: 450 }, (_, i) => `Two Instance Retailer ${i},50010`)].join('\n');
    const [{ n: before }] = (await sqlRows(database)<{ n: number }>`select count(*)::int as n from retailers`) as [{ n: number }];
    const start = await a.inject({ method: 'POST', url: '/api/admin/retailers/import', headers: bearer(token), payload: { csv } });
    expect(start.statusCode, start.body).toBe(200);
    const id = start.json().data.id as string;

    let job: Job | null = null;
    for (let i = 0; i < 400 && job?.state !== 'done'; i++) {
      const poll = await b.inject({ url: `/api/admin/retailers/import-status/${id}`, headers: bearer(token) });
      expect(poll.statusCode, poll.body).toBe(200);
      job = poll.json().data as Job;
      expect(job.done).toBeLessThanOrEqual(450);
      if (job.state !== 'done') await new Promise((r) => setTimeout(r, 20));
    }
    expect(job).toEqual({ id, state: 'done', done: 450, total: 450, created: 450, updated: 0, message: null });
    const [{ n: after }] = (await sqlRows(database)<{ n: number }>`select count(*)::int as n from retailers`) as [{ n: number }];
    expect(after).toBe(before + 450);
    // and an unknown job is still a 404 with a message on either
    const unknown = await b.inject({
      url: '/api/admin/retailers/import-status/00000000-0000-4000-a000-000000000000',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^Import not found/);
  });

  it('progress and a failure reach the other instance; a job whose instance went away reads as failed', async () => {
    const log = { error: () => undefined };
    let clock = new Date();
    const now = () => clock;
    const here = createImportJobs({ repo: createImportJobsRepository(database.db), log, now });
    const there = createImportJobs({ repo: createImportJobsRepository(instances.databaseB.db), log, now });

    let fail!: (err: Error) => void;
    let halfway!: () => void;
    const reachedHalf = new Promise<void>((r) => (halfway = r));
    const started = await here.start(
      'retailers',
      {
        total: 10,
        run: (progress) =>
          new Promise((_resolve, reject) => {
            progress({ done: 5, created: 5, updated: 0 });
            halfway();
            fail = reject;
          }),
      },
      'The import failed, so nothing was imported. Please try again.',
    );
    await reachedHalf;
    let seen: Job | undefined;
    for (let i = 0; i < 100 && seen?.done !== 5; i++) {
      seen = await there.get(started.id);
      if (seen?.done !== 5) await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen).toMatchObject({ state: 'running', done: 5, total: 10 });

    fail(new Error('connection lost'));
    for (let i = 0; i < 100 && seen?.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      seen = await there.get(started.id);
    }
    // what was committed before the failure stays reported (a job without its own failure message says the start's)
    expect(seen).toMatchObject({
      state: 'failed',
      done: 5,
      created: 5,
      message: 'The import failed, so nothing was imported. Please try again.',
    });

    // an instance that dies mid-import never writes the end: its silence says it
    const orphan = createImportJobsRepository(database.db);
    expect(
      await orphan.claim({ id: 'a0000000-0000-4000-a000-00000000dead', kind: 'orphans', total: 3, startedBy: null }, new Date(0)),
    ).toBe(true);
    expect(await there.get('a0000000-0000-4000-a000-00000000dead')).toMatchObject({ state: 'running' });
    clock = new Date(Date.now() + 3 * 60_000);
    expect(await there.get('a0000000-0000-4000-a000-00000000dead')).toMatchObject({
      state: 'failed',
      message: IMPORT_JOB_MESSAGES.stopped,
    });
    // and it no longer holds its kind: the next import of that kind runs, the dead one stays failed
    await there.assertIdle('orphans');
    expect(await there.exclusive('orphans', 1, async () => ({ created: 1, updated: 0 }))).toEqual({ created: 1, updated: 0 });
    expect(await there.get('a0000000-0000-4000-a000-00000000dead')).toMatchObject({ state: 'failed' });
  });

  it('one import per kind at a time on every instance: a second answers 409 while one runs, another kind still runs', async () => {
    const csv = ['name,zip', ...Array.from({ length: 5000 }, (_, i) => `Lock Retailer ${i},50010`)].join('\n');
    const first = await a.inject({ method: 'POST', url: '/api/admin/retailers/import', headers: bearer(token), payload: { csv } });
    expect(first.statusCode, first.body).toBe(200);
    const small = { csv: 'name,zip\nLock Latecomer,50010' };
    const second = await b.inject({ method: 'POST', url: '/api/admin/retailers/import', headers: bearer(token), payload: small });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      success: false,
      data: null,
      message: expect.stringMatching(
        /^Another retailers import is running \(started by admin@example\.com, [\d,]+ of 5,000 rows done\)\. Wait for it to finish, then import this file\.$/,
      ),
    });
    // reps are another kind
    const reps = await b.inject({
      method: 'POST',
      url: '/api/admin/reps/import',
      headers: bearer(token),
      payload: { csv: 'name,email,states\nLock Rep,lock.rep@example.com,IA' },
    });
    expect(reps.statusCode, reps.body).toBe(200);

    const done = await finished(b, token, 'retailers', first.json().data.id);
    expect(done).toMatchObject({ state: 'done', done: 5000, created: 5000 });
    expect(await finished(b, token, 'reps', reps.json().data.id)).toMatchObject({ state: 'done', created: 1 });
    // once it has finished, the next one runs
    const later = await b.inject({ method: 'POST', url: '/api/admin/retailers/import', headers: bearer(token), payload: small });
    expect(later.statusCode, later.body).toBe(200);
    expect(await finished(a, token, 'retailers', later.json().data.id)).toMatchObject({ state: 'done', created: 1 });
  });

  it('a redirects import answers 409 while another redirects import holds the kind (on another instance)', async () => {
    const holder = createImportJobs({ repo: createImportJobsRepository(instances.databaseB.db), log: { error: () => undefined } });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const held = holder.exclusive('redirects', 1, async () => {
      await released;
      return { created: 0, updated: 0 };
    });
    const repo = createImportJobsRepository(database.db);
    await vi.waitFor(async () => expect(await repo.findRunning('redirects')).toBeDefined());
    const csv = 'fromPath,toPath\n/lock-old,/about\n';
    const refused = await a.inject({ method: 'POST', url: '/api/admin/redirects/import', headers: bearer(token), payload: { csv } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(IMPORT_JOB_MESSAGES.busy('redirects', { done: 0, total: 1, startedBy: null }));
    release();
    await held;
    const ok = await a.inject({ method: 'POST', url: '/api/admin/redirects/import', headers: bearer(token), payload: { csv } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ created: 1, updated: 0 });
  });
});

describe('lead intake during a large import', () => {
  let fake: FakeRecaptcha;
  let instances: TwoInstances;
  let token: string;
  beforeAll(async () => {
    fake = await startFakeRecaptcha();
    instances = await startTwoInstances({
      ui: 'none',
      env: {
        LOGIN_RATE_LIMIT: '1000',
        FORM_RATE_LIMIT: '1000',
        RECAPTCHA_SITE_KEY: 'test-site-key',
        RECAPTCHA_SECRET: 'test-secret',
        RECAPTCHA_VERIFY_URL: fake.url,
      },
    });
    token = (await signIn(instances.a)).token;
  });
  afterAll(async () => {
    await instances?.close();
    await fake?.close();
  });

  it('a lead sent while a 20,000-row import runs is acknowledged within a second, and the import still writes every row', async () => {
    const { a, database } = instances;
    const count = async () => ((await sqlRows(database)<{ n: number }>`select count(*)::int as n from retailers`) as [{ n: number }])[0].n;
    const sendLead = () =>
      a.inject({
        method: 'POST',
        url: '/api/forms/add',
        payload: {
          name: 'Busy Season',
          email: 'busy.season@example.com',
          phone: '',
          data: JSON.stringify({ Region: 'USA', Role: 'Grower', Zipcode: '50010' }),
          message: 'Sent while an import runs.',
          reCaptchaToken: 'human',
        },
      });
    // the first lead of a process loads and connects what every later one reuses: not what is measured here
    expect((await sendLead()).statusCode).toBe(200);
    const before = await count();
    const csv = ['name,zip', ...Array.from({ length: 20_000 }, (_, i) => `Busy Retailer ${i},50010`)].join('\n');
    const start = await a.inject({ method: 'POST', url: '/api/admin/retailers/import', headers: bearer(token), payload: { csv } });
    expect(start.statusCode, start.body).toBe(200);
    const id = start.json().data.id as string;
    const status = async () =>
      (await a.inject({ url: `/api/admin/retailers/import-status/${id}`, headers: bearer(token) })).json().data as Job;

    // a lead every 200 ms while the import writes, each timed from the moment it is sent
    const answers: { ms: number; id: number }[] = [];
    let job = await status();
    for (let n = 0; job.state === 'running' && n < 200; n++) {
      const sent = Date.now();
      const lead = await sendLead();
      const ms = Date.now() - sent;
      expect(lead.json()).toEqual({ success: true, data: { id: expect.any(Number) }, message: null });
      answers.push({ ms, id: lead.json().data.id });
      await new Promise((r) => setTimeout(r, 200));
      job = await status();
    }
    // the first was sent after the import had started writing: at least one went in while it ran
    expect(answers.length).toBeGreaterThan(0);
    expect(Math.max(...answers.map((x) => x.ms))).toBeLessThan(1500);
    expect(await instances.a.services.leads.findById(answers[0]!.id)).toMatchObject({ name: 'Busy Season', captcha: 'verified' });

    expect(job).toEqual({ id, state: 'done', done: 20_000, total: 20_000, created: 20_000, updated: 0, message: null });
    expect(await count()).toBe(before + 20_000);
  }, 180_000);
});
