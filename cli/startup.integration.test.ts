import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { buildApp } from '#server/app.ts';
import { TEST_ADMIN, TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';
import { openDatabase, type Database } from '#db/client.ts';
import { reps } from '#db/schema/finder.ts';
import { pages } from '#db/schema/pages.ts';
import { redirects } from '#db/schema/redirects.ts';
import { siteSettings } from '#db/schema/settings.ts';
import { FIRST_RUN_SEED_KEY, readFirstRunSeed, seedDatabase } from '#seed/index.ts';
import { SEED_REPS } from '#seed/leads-data.ts';
import { prepareDatabase, seedContextFromEnv } from './startup.ts';

const seedCtx = (demoReps = true) => ({
  adminEmail: TEST_ADMIN.email,
  adminPassword: TEST_ADMIN.password,
  dataDir: path.join(os.tmpdir(), 'startup-seed'),
  demoReps,
});

async function count(database: Database, table: 'reps' | 'pages' | 'redirects'): Promise<number> {
  const res = (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as { rows: { n: number }[] };
  return res.rows[0]!.n;
}

describe('the start-up seed runs only on a new database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('content an administrator deleted stays deleted when the server starts again; npm run db:seed brings it back', async () => {
    const { db } = database;
    expect((await readFirstRunSeed(db))?.status).toBe('done');
    const repsBefore = await count(database, 'reps');
    await db.delete(pages).where(eq(pages.slug, 'growing-season-guide'));
    await db.delete(redirects).where(eq(redirects.fromPath, '/nitrogen-101'));
    await db.delete(reps).where(eq(reps.email, SEED_REPS[0]!.email));

    const restart = await prepareDatabase(database, seedCtx());
    expect(restart.seeded).toBe(false);
    expect(await db.select().from(pages).where(eq(pages.slug, 'growing-season-guide'))).toEqual([]);
    expect(await db.select().from(redirects).where(eq(redirects.fromPath, '/nitrogen-101'))).toEqual([]);
    expect(await count(database, 'reps')).toBe(repsBefore - 1);

    // An explicit `npm run db:seed` adds what is missing.
    await seedDatabase(db, seedCtx());
    expect(await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, 'growing-season-guide'))).toHaveLength(1);
    expect(await db.select({ id: redirects.id }).from(redirects).where(eq(redirects.fromPath, '/nitrogen-101'))).toHaveLength(1);
  });

  it('a database seeded before the record existed gets what the seed added since, once, and is recorded', async () => {
    const { db } = database;
    await db.delete(siteSettings).where(eq(siteSettings.key, FIRST_RUN_SEED_KEY));
    await db.delete(pages).where(eq(pages.slug, 'privacy-policy'));
    expect((await prepareDatabase(database, seedCtx())).seeded).toBe(true);
    expect(await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, 'privacy-policy'))).toHaveLength(1);
    expect((await readFirstRunSeed(db))?.status).toBe('done');

    await db.delete(pages).where(eq(pages.slug, 'privacy-policy'));
    expect((await prepareDatabase(database, seedCtx())).seeded).toBe(false);
    expect(await db.select().from(pages).where(eq(pages.slug, 'privacy-policy'))).toEqual([]);
  });

  it('sample reps (.example addresses) are seeded in production only when SEED_DEMO_REPS=true', async () => {
    const ctxFor = (env: Record<string, string>) => seedContextFromEnv(EnvSchema.parse(env));
    expect(ctxFor({ NODE_ENV: 'production' }).demoReps).toBe(false);
    expect(ctxFor({ NODE_ENV: 'production', SEED_DEMO_REPS: 'true' }).demoReps).toBe(true);
    expect(ctxFor({ NODE_ENV: 'development' }).demoReps).toBe(true);
    expect(ctxFor({ NODE_ENV: 'development', SEED_DEMO_REPS: 'false' }).demoReps).toBe(false);

    await database.db.delete(reps);
    await seedDatabase(database.db, seedCtx(false));
    expect(await count(database, 'reps')).toBe(0);
    await seedDatabase(database.db, seedCtx(true));
    expect(await count(database, 'reps')).toBe(SEED_REPS.length);
  });
});

describe('two starts at once in one process', () => {
  it('take turns holding the migration lock, and both succeed', async () => {
    // On PGlite this is the whole story (the DATA_DIR lock keeps other processes out); on
    // PostgreSQL the advisory lock between instances is tested in client.postgres.integration.test.ts.
    const database = await openTestDatabase();
    try {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = database.migrate(async () => {
        order.push('first started');
        await held;
        order.push('first done');
      });
      const second = prepareDatabase(database, seedCtx()).then((r) => {
        order.push('second done');
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(order).toEqual(['first started']);
      release();
      await first;
      expect((await second).seeded).toBe(false);
      expect(order).toEqual(['first started', 'first done', 'second done']);
    } finally {
      await database.close();
    }
  });

  it('a failed run does not keep the lock', async () => {
    const database = await openTestDatabase();
    try {
      await expect(database.migrate(() => Promise.reject(new Error('seed failed')))).rejects.toThrow('seed failed');
      expect(await database.migrate(async () => 'next run')).toBe('next run');
    } finally {
      await database.close();
    }
  });
});

describe('/readyz when PostgreSQL does not answer', () => {
  let blackHole: Server;
  const sockets: Socket[] = [];
  let port = 0;
  beforeAll(async () => {
    // Accepts connections and never says a word: a hung or firewalled database server.
    blackHole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    port = (blackHole.address() as import('node:net').AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });

  it('answers 503 within 5 seconds (default timeouts), and logs why', async () => {
    const env = EnvSchema.parse({
      NODE_ENV: 'test',
      DATABASE_URL: `postgres://site@127.0.0.1:${port}/site`,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: path.join(os.tmpdir(), 'readyz-hang'),
    });
    const database = await openDatabase({
      url: env.DATABASE_URL,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    });
    const logged: string[] = [];
    const stream = { write: (line: string) => void logged.push(line) };
    const app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, ui: 'none', logger: { level: 'error', stream } });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      const elapsed = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect(elapsed).toBeLessThan(5_000);
      expect(logged.join('\n')).toContain('readiness check failed');
      // The liveness probe does not depend on the database.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
