// What the benches share: the secret their servers sign with, the compiled server in a child
// process, and the app in the bench's own process.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { freePort, productionEnv } from '../tests/setup/server-process.ts';

export const BENCH_JWT_SECRET = 'bench-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/**
 * BENCH_DATABASE_URL given: a database of the run's own (`name`) on that server, created afresh, with
 * its URL and `drop()` for the end. Without it: no URL (the server uses PGlite) and nothing to drop.
 */
export async function benchDatabase(
  serverUrl: string | undefined,
  name: string,
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (!serverUrl) return { url: undefined, drop: async () => undefined };
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`drop database if exists ${name}`);
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/**
 * The compiled server of the checkout in `dir` (built first when its sources changed), in a process
 * group of its own (end it with process.kill(-child.pid)), on `port` with its data in `dataDir`: the
 * demo reps seeded, no mail sent, and `extra` (DATABASE_URL empty: PGlite).
 */
export function spawnServer(dir: string, port: number, dataDir: string, extra: NodeJS.ProcessEnv) {
  // BENCH_SERVER_LOG=file: the server's log lines are appended there (to see what it did during a run)
  const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore';
  return spawn('sh', ['-c', 'node scripts/ensure-build.mjs && exec node build/node/index.js'], {
    cwd: dir,
    env: productionEnv(port, dataDir, { SEED_DEMO_REPS: 'true', JWT_SECRET: BENCH_JWT_SECRET, SMTP_URL: '', ...extra }),
    stdio: ['ignore', log, 'inherit'],
    detached: true,
  });
}

/**
 * The server already built in `root` (build/node/index.js), in this process's group, on a free port
 * with its data in `dataDir`: its public URL set to where it listens, the demo reps seeded, the
 * admin's password `correct-horse-battery-staple`, and `extra`.
 */
export async function spawnBuiltServer(root: string, dataDir: string, extra: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'build/node/index.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: productionEnv(port, dataDir, {
      PUBLIC_SITE_URL: base,
      SEED_DEMO_REPS: 'true',
      ADMIN_PASSWORD: 'correct-horse-battery-staple',
      ...extra,
    }),
  });
  return { server, base };
}

/**
 * The app with the built pages in this process, listening on a free port as production runs it:
 * data in `dataDir`, a page cache of `pageCacheMb` (0: every page rendered afresh). The bench sets
 * NODE_ENV before calling this, as React picks its build when first loaded.
 */
export async function listenInProcess(
  database: Database,
  dataDir: string,
  pageCacheMb: string,
  beforeReady?: (app: FastifyInstance) => void | Promise<void>,
  opts: { staticRender?: boolean } = {},
) {
  const { EnvSchema } = await import('../config/env.ts');
  const { buildApp } = await import('../server/app.ts');
  const env = EnvSchema.parse({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_SITE_URL: 'http://127.0.0.1',
    PAGE_CACHE_MB: pageCacheMb,
  });
  const app = await buildApp({
    env,
    database,
    jwtSecret: BENCH_JWT_SECRET,
    ui: 'build',
    logger: false,
    beforeReady,
    staticRender: opts.staticRender,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}
