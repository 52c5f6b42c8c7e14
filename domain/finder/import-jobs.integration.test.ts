import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { startTwoInstances, type TwoInstances } from '#tests/setup/two-instances.ts';
import { createImportJobs, IMPORT_JOB_MESSAGES } from './import-jobs.ts';
import { createImportJobsRepository } from './import-jobs-repository.ts';

type Job = { state: string; done: number; total: number; created: number; updated: number; message: string | null };

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
  });
});
