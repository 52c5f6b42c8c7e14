import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { buildApp } from '#server/app.ts';
import { TEST_ADMIN, TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { openDatabase, type Database } from './client.ts';
import { readFirstRunSeed } from '#seed/index.ts';
import { SEED_REPS } from '#seed/leads-data.ts';
import { prepareDatabase } from '#cli/startup.ts';

// PostgreSQL only (this file runs in the integration-postgres project): the advisory lock, the
// pool's timeouts and its error logging have no PGlite counterpart.
const baseUrl = process.env.TEST_DATABASE_URL!;
const admin = new pg.Client({ connectionString: baseUrl });
const created: string[] = [];

async function freshDatabase(): Promise<string> {
  const name = `ops_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  created.push(name);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(() => admin.connect());
afterAll(async () => {
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const seedCtx = {
  adminEmail: TEST_ADMIN.email,
  adminPassword: TEST_ADMIN.password,
  dataDir: path.join(os.tmpdir(), 'pg-startup'),
  demoReps: true,
};

describe('two instances starting together on a new database', () => {
  it('both migrate and seed successfully, one after the other, and the seed runs once', async () => {
    const url = await freshDatabase();
    const a = await openDatabase({ url, poolSize: 3 });
    const b = await openDatabase({ url, poolSize: 3 });
    try {
      const results = await Promise.all([prepareDatabase(a, seedCtx), prepareDatabase(b, seedCtx)]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      const counts = (await a.db.execute(
        sql`select (select count(*)::int from reps) as reps, (select count(*)::int from admin_users) as admins`,
      )) as {
        rows: { reps: number; admins: number }[];
      };
      expect(counts.rows[0]).toEqual({ reps: SEED_REPS.length, admins: 1 });
      expect((await readFirstRunSeed(b.db))?.status).toBe('done');
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);

  it('a second instance waits for the lock while the first holds it', async () => {
    const url = await freshDatabase();
    const a = await openDatabase({ url, poolSize: 2 });
    const b = await openDatabase({ url, poolSize: 2 });
    try {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = a.migrate(async () => {
        order.push('a started');
        await held;
        order.push('a done');
      });
      // a holds the lock once its callback runs (however long a loaded machine takes to get there)
      await vi.waitFor(() => expect(order).toEqual(['a started']), { timeout: 20_000, interval: 50 });
      const second = b.migrate(async () => {
        order.push('b started');
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(order).toEqual(['a started']);
      release();
      await Promise.all([first, second]);
      expect(order).toEqual(['a started', 'a done', 'b started']);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});

describe('pool timeouts and errors', () => {
  let url: string;
  let database: Database;
  beforeAll(async () => {
    url = await freshDatabase();
  });

  it('a statement running longer than DATABASE_STATEMENT_TIMEOUT_MS is cancelled', async () => {
    const env = EnvSchema.parse({ DATABASE_STATEMENT_TIMEOUT_MS: '300' });
    database = await openDatabase({ url, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS });
    try {
      const started = Date.now();
      await expect(database.db.execute(sql`select pg_sleep(3)`)).rejects.toMatchObject({ cause: { code: '57014' } });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await database.close();
    }
  });

  it('a connection the server drops is logged, not swallowed, and /readyz answers 503 within 5 s once the database is gone', async () => {
    database = await openDatabase({ url });
    const logged: { level: number; msg: string }[] = [];
    const stream = { write: (line: string) => void logged.push(JSON.parse(line) as { level: number; msg: string }) };
    const env = EnvSchema.parse({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: path.join(os.tmpdir(), 'pg-readyz'),
    });
    const app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, ui: 'none', logger: { level: 'warn', stream } });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const name = new URL(url).pathname.slice(1);
      await admin.query(`drop database ${name} with (force)`);
      for (let i = 0; i < 50 && !logged.some((l) => l.msg.includes('PostgreSQL connection lost')); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(logged.filter((l) => l.level === 50).map((l) => l.msg)).toContain(
        'PostgreSQL connection lost while idle; the next query reconnects',
      );

      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
