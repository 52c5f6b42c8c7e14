import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EnvSchema } from '#config/env.ts';
import { openDatabase, type Database } from '#db/client.ts';
import { buildApp } from '#server/app.ts';
import { TEST_JWT_SECRET } from './constants.ts';
import { openTestDatabase } from './test-db.ts';

export interface TwoInstances {
  /** A's database (and on PostgreSQL its pool) */
  database: Database & { url?: string };
  /** B's pool: on PGlite the same as `database` */
  databaseB: Database;
  a: FastifyInstance;
  b: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Two app instances on one private test database, as behind a load balancer without sticky
 * sessions (ADR 022), each with its own DATA_DIR (removed on close) and page cache. On PostgreSQL
 * each has its own pool, as two servers would, and they talk through LISTEN/NOTIFY; PGlite is one
 * process, so there both share it and hear each other in memory.
 */
export async function startTwoInstances(
  opts: { ui: 'none' | 'build'; env?: Record<string, string | undefined>; poolSize?: number } = { ui: 'none' },
): Promise<TwoInstances> {
  const database = await openTestDatabase();
  const second = database.url ? await openDatabase({ url: database.url, poolSize: opts.poolSize ?? 2 }) : null;
  const dirs: string[] = [];
  const env = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'site-instance-'));
    dirs.push(dir);
    return EnvSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      ...(database.url ? { DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET } : {}),
      ...opts.env,
    });
  };
  const a = await buildApp({ env: env(), database, jwtSecret: TEST_JWT_SECRET, ui: opts.ui, logger: false });
  const b = await buildApp({ env: env(), database: second ?? database, jwtSecret: TEST_JWT_SECRET, ui: opts.ui, logger: false });
  return {
    database,
    databaseB: second ?? database,
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await second?.close();
      await database.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Asks `ask` every 25 ms until `done` holds or a second has passed; answers the last reply and the time it took. */
export async function withinASecond<T>(ask: () => Promise<T>, done: (r: T) => boolean) {
  const started = Date.now();
  let reply = await ask();
  while (!done(reply) && Date.now() - started < 1000) {
    await new Promise((r) => setTimeout(r, 25));
    reply = await ask();
  }
  return { reply, ms: Date.now() - started };
}
