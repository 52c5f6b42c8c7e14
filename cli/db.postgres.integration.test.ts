import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { projectRoot } from '#config/project-root.ts';
import { buildApp } from '#server/app.ts';
import { TEST_ADMIN, TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';
import type { Database } from '#db/client.ts';

// PostgreSQL only: with the embedded database no server can run while a command holds it.
const run = promisify(execFile);

let database: Database & { url?: string };
let app: Awaited<ReturnType<typeof buildApp>>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'db-cli-'));
const commandEnv = () => ({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  DATABASE_URL: database.url!,
  JWT_SECRET: TEST_JWT_SECRET,
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
});

beforeAll(async () => {
  database = await openTestDatabase();
  const env = EnvSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
  });
  app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, ui: 'build', logger: false });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function cachedPages(): Promise<number> {
  for (const url of ['/agrotain', '/about', '/knowledge-center']) await app.inject(url);
  return app.pageCache!.store.size;
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
}

describe('database commands announce what they changed to a running server on the same PostgreSQL', () => {
  it.each([
    ['db:seed', ['build/node/db-cli.js', 'seed']],
    ['geo:import', ['build/node/geo-import.js', 'tests/fixtures/geonames-postal-sample.txt']],
    ['db:reset', ['build/node/db-cli.js', 'reset', '--yes-delete-everything']],
  ])('%s drops every stored page', async (_name, args) => {
    expect(await cachedPages()).toBeGreaterThanOrEqual(3);
    await run(process.execPath, args, { cwd: projectRoot, env: commandEnv() });
    expect(await until(() => app.pageCache!.store.size === 0)).toBe(true);
    // and the server goes on serving from the database as the command left it
    expect((await app.inject('/agrotain')).statusCode).toBe(200);
  });
});
