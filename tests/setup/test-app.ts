import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { EnvSchema, type Env } from '#config/env.ts';
import type { Database } from '#db/client.ts';
import { buildApp } from '#server/app.ts';
import { TEST_JWT_SECRET } from './constants.ts';
import { openTestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

/**
 * A real app on a private copy of the test database, for app.inject: the API only by default,
 * or with the built pages (`ui: 'build'`; `npm test` builds before the integration tests).
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  opts: {
    ui?: 'none' | 'build';
    staticRender?: boolean;
    onQuery?: (sql: string) => void;
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    /** The app's logger (none by default); a test that reads the log gives its own stream and sets LOG_LEVEL. */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({ onQuery: opts.onQuery });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const env = EnvSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...envOverrides });
  const app = await buildApp({
    env,
    database,
    jwtSecret: TEST_JWT_SECRET,
    ui: opts.ui ?? 'none',
    staticRender: opts.staticRender,
    logger: opts.logger ?? false,
    beforeReady: opts.beforeReady,
  });
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
