import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { openDatabase, type Database } from '#db/client.ts';
import { buildApp } from '#server/app.ts';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { startTcpProxy, throughProxy, type TcpProxy } from '#tests/setup/tcp-proxy.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';

// ADR 046: on PostgreSQL a lead that arrives while the database cannot be reached is journaled on the
// instance's disk and acknowledged, then stored (routing, emails) once the database answers, exactly once.
// The app reaches PostgreSQL through a TCP proxy (tests/setup/tcp-proxy.ts) the test cuts (every connection dropped, new ones refused)
// and starts again.

const METRICS_TOKEN = 'outage-metrics-token-0123456789abcdef0123';

function lead(tag: string, i: number) {
  return {
    name: `Outage ${tag} ${i}`,
    email: `outage-${tag}-${i}@example.com`,
    phone: '+1 (515) 555-0199',
    data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: `Lead ${i} sent while the database may be away.`,
    reCaptchaToken: '',
    // half of them without a key: the server makes one before the first attempt
    ...(i % 2 ? { idempotencyKey: `outage-${tag}-key-${String(i).padStart(4, '0')}-${'k'.repeat(16)}` } : {}),
  };
}

/** Each lead of the tag: its row (id, routing, creation) and how many emails it has in the outbox. */
async function storedLeads(direct: Database, tag: string) {
  const res = (await direct.db.execute(
    sql`select s.email, count(distinct s.id)::int as copies, min(s.routing) as routing,
          (select count(*)::int from mail_outbox m where m.form_submission_id = min(s.id)) as mails
        from form_submissions s where s.email like ${`outage-${tag}-%`} group by s.email`,
  )) as unknown as { rows: { email: string; copies: number; routing: string | null; mails: number }[] };
  return new Map(res.rows.map((r) => [r.email, r]));
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('leads survive a PostgreSQL outage (pending-leads journal)', () => {
  let direct: Database & { url?: string };
  let proxy: TcpProxy;
  const dirs: string[] = [];
  const opened: { app: FastifyInstance; database: Database }[] = [];

  /** An app on PostgreSQL through the proxy, with a DATA_DIR of its own (or the given one). */
  async function proxiedApp(opts: { dataDir?: string; retryMs?: number } = {}) {
    const database = await openDatabase({
      url: throughProxy(direct.url!, proxy),
      poolSize: 4,
      connectTimeoutMs: 1000,
      log: { error: () => undefined },
    });
    const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'lead-outage-'));
    if (!opts.dataDir) dirs.push(dataDir);
    const env = EnvSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      FORM_RATE_LIMIT: '100000',
      METRICS_TOKEN,
      MAIL_RETRY_SECONDS: '3600',
    });
    const app = await buildApp({
      env,
      database,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
      pendingLeads: { retryMs: opts.retryMs ?? 50, maxRetryMs: opts.retryMs ?? 200 },
    });
    opened.push({ app, database });
    return { app, database, dataDir, pendingDir: path.join(dataDir, 'pending-leads') };
  }

  async function close(app: FastifyInstance) {
    const i = opened.findIndex((o) => o.app === app);
    const { database } = opened.splice(i, 1)[0]!;
    await app.close();
    await database.close();
  }

  beforeAll(async () => {
    direct = await openTestDatabase();
    const target = new URL(direct.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterAll(async () => {
    for (const { app, database } of opened.splice(0)) {
      await app.close();
      await database.close();
    }
    await proxy?.close();
    await direct?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('acknowledges every lead during an outage (200 journaled or 503, never 500) and stores each once, with its email and routing, when the database returns', async () => {
    const { app, pendingDir } = await proxiedApp();
    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    const journaled: string[] = [];
    let sent = 0;
    let phase: 'before' | 'outage' | 'after' | 'done' = 'before';
    const client = async (c: number) => {
      for (let n = 0; phase !== 'done'; n++) {
        const i = c * 1000 + n;
        const body = lead('a', i);
        const res = await app.inject({ method: 'POST', url: '/api/forms/add', payload: body });
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect([200, 503], res.body).toContain(res.statusCode);
        if (res.statusCode === 200) {
          const reply = res.json() as { success: boolean; data: { id?: number } };
          expect(reply.success).toBe(true);
          acknowledged.push(body.email);
          if (reply.data.id === undefined) journaled.push(body.email);
        } else {
          expect(res.headers['retry-after']).toBeDefined();
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const clients = Promise.all([0, 1, 2, 3].map(client));
    await until(() => sent >= 12);
    // the database goes away with leads in flight
    phase = 'outage';
    await proxy.cut();
    const outageStart = sent;
    await until(() => sent >= outageStart + 40);
    // while it is away: the journal holds them, 0600 files in a 0700 folder, and the metrics say so
    const waiting = app.services.pendingLeads!.stats();
    expect(waiting.entries).toBeGreaterThanOrEqual(40);
    expect(waiting.oldestArrived).not.toBeNull();
    expect(statSync(pendingDir).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(pendingDir)) expect(statSync(path.join(pendingDir, name)).mode & 0o777, name).toBe(0o600);
    const metrics = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(metrics.statusCode).toBe(200);
    const depth = Number(/^site_pending_leads_entries (\d+)$/m.exec(metrics.body)?.[1]);
    expect(depth).toBeGreaterThanOrEqual(40);
    expect(Number(/^site_pending_leads_oldest_seconds ([\d.e+-]+)$/m.exec(metrics.body)?.[1])).toBeGreaterThan(0);

    // it comes back while leads keep arriving
    phase = 'after';
    await proxy.restore();
    const backAt = sent;
    await until(() => sent >= backAt + 20);
    phase = 'done';
    await clients;
    await until(() => app.services.pendingLeads!.stats().entries === 0);
    expect(readdirSync(pendingDir)).toEqual([]);

    expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
    expect(journaled.length).toBeGreaterThanOrEqual(40);
    const stored = await storedLeads(direct, 'a');
    const problems = acknowledged.flatMap((email) => {
      const row = stored.get(email);
      if (!row) return [`${email}: missing`];
      if (row.copies !== 1) return [`${email}: stored ${row.copies} times`];
      if (row.mails < 1) return [`${email}: no email`];
      if (!row.routing) return [`${email}: not routed`];
      return [];
    });
    expect(problems).toEqual([]);
    // nothing stored that was not acknowledged (a 503 stored nothing)
    expect(stored.size).toBe(acknowledged.length);
    const metricsAfter = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(metricsAfter.body).toMatch(/^site_pending_leads_entries 0$/m);
    // every pooled connection the outage broke was given back: the pool closes (a leaked client would hold it open)
    await Promise.race([
      close(app),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the pool did not close: a client was never released')), 10_000)),
    ]);
  });

  it('a drained lead keeps its arrival time and order; the Administrator sees what waits; a crash before removal does not store it twice', async () => {
    // no timer drains here: the test says when
    const first = await proxiedApp({ retryMs: 3_600_000 });
    await proxy.cut();
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await first.app.inject({ method: 'POST', url: '/api/forms/add', payload: lead('b', i) }));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(replies.map((r) => (r.json() as { data: object }).data)).toEqual([{}, {}, {}]);
    // rep contact too, through the same journal
    const rep = await first.app.inject({
      method: 'POST',
      url: '/api/forms/contact-rep',
      payload: {
        name: 'Outage b rep',
        email: 'outage-b-rep@example.com',
        phone: '',
        message: 'Call me',
        targetType: 'rep',
        targetId: 1,
        zip: '50010',
      },
    });
    expect(rep.statusCode, rep.body).toBe(200);
    expect((rep.json() as { data: { id?: number } }).data.id).toBeUndefined();
    const files = readdirSync(first.pendingDir).sort();
    expect(files).toHaveLength(4);
    const backAt = Date.now();
    await proxy.restore();

    // the Administrator's dashboard shows what waits on this instance, and since when
    const token = (await signIn(first.app)).token;
    const dash = await first.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(token) });
    expect(dash.statusCode, dash.body).toBe(200);
    const pending = (dash.json() as { data: { pendingLeads: { entries: number; oldestArrived: string | null } } }).data.pendingLeads;
    expect(pending.entries).toBe(4);
    expect(Date.parse(pending.oldestArrived!)).toBeLessThanOrEqual(Date.now());

    // a crash after the insert commits and before the file is removed: the copy comes back at the next start
    const saved = path.join(first.dataDir, 'saved-entry.json');
    copyFileSync(path.join(first.pendingDir, files[0]!), saved);
    await first.app.services.pendingLeads!.drain();
    expect(first.app.services.pendingLeads!.stats().entries).toBe(0);
    const once = await storedLeads(direct, 'b');
    expect(once.size).toBe(4);
    expect([...once.values()].every((r) => r.copies === 1 && r.mails >= 1)).toBe(true);
    // stored in arrival order, each created when it arrived (not when it was drained)
    const order = (await direct.db.execute(
      sql`select email, created from form_submissions where email like 'outage-b-%' order by id`,
    )) as unknown as { rows: { email: string; created: string | Date }[] };
    expect(order.rows.map((r) => r.email)).toEqual([0, 1, 2].map((i) => lead('b', i).email).concat('outage-b-rep@example.com'));
    for (const row of order.rows) expect(new Date(row.created).getTime()).toBeLessThan(backAt);
    await close(first.app);

    copyFileSync(saved, path.join(first.pendingDir, files[0]!));
    const second = await proxiedApp({ dataDir: first.dataDir, retryMs: 3_600_000 });
    await second.app.services.pendingLeads!.drain();
    expect(second.app.services.pendingLeads!.stats().entries).toBe(0);
    expect(readdirSync(second.pendingDir)).toEqual([]);
    const twice = await storedLeads(direct, 'b');
    expect([...twice.values()].map((r) => [r.copies, r.mails])).toEqual([...once.values()].map((r) => [r.copies, r.mails]));
  });

  it('answers 503 with Retry-After, never 200, when the journal cannot be written, and stores nothing', async () => {
    const { app, pendingDir } = await proxiedApp();
    // the app makes the folder as it starts, without waiting for it: replaced before that, the folder came back
    await expect.poll(() => existsSync(pendingDir)).toBe(true);
    // a file where the folder was: nothing can be written under it, whoever runs the test (root ignores modes)
    rmSync(pendingDir, { recursive: true, force: true });
    writeFileSync(pendingDir, 'not a folder');
    await proxy.cut();
    try {
      const res = await app.inject({ method: 'POST', url: '/api/forms/add', payload: lead('c', 1) });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect((res.json() as { success: boolean }).success).toBe(false);
    } finally {
      await proxy.restore();
    }
    expect((await storedLeads(direct, 'c')).size).toBe(0);
    // with the database back the same lead is stored at once, with its id
    const again = await app.inject({ method: 'POST', url: '/api/forms/add', payload: lead('c', 1) });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { data: { id?: number } }).data.id).toEqual(expect.any(Number));
  });
});
