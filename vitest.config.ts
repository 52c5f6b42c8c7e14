import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
// Integration files that never reach TEST_DATABASE_URL, so the PostgreSQL pass would only repeat
// them: the compiled server on an empty DATA_DIR (always PGlite), the migration replayed on a
// PGlite of the old schema, the production install's imports and the document storage drivers (no database).
const pgliteOnly = [
  'server/index.integration.test.ts',
  'db/versioned-content-migration.integration.test.ts',
  'tests/integration/production-install.integration.test.ts',
  'domain/documents/storage.integration.test.ts',
  // the intake journal exists only on the embedded database
  'tests/integration/lead-journal.integration.test.ts',
  'tests/integration/lead-webhooks-journal.integration.test.ts',
  'tests/integration/privacy-erasure-journal.integration.test.ts',
  // the embedded database's template and memory settings, and the test files' pool of PGlite copies
  'db/embedded-template.integration.test.ts',
  'tests/setup/pglite-pool.integration.test.ts',
  // nginx in front of one instance: the proxy, not the database, is under test
  'tests/integration/nginx-site.integration.test.ts',
  // the deployment kit's files: no database at all
  'tests/integration/deploy-kit.integration.test.ts',
  // releases of the compiled server on the embedded database: the folders, not the engine, are under test
  'tests/integration/releases.integration.test.ts',
  // the compiled server on an empty DATA_DIR: the body limit, not the database, is under test
  'tests/integration/page-body-limit.integration.test.ts',
];

export default defineConfig({
  resolve: { conditions: ['node'] },
  test: {
    silent: false,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine,
    // where much of a file's time is spent waiting (child processes, sockets, the database).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{app,cli,domain,shared,server,db,config,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', 'node_modules/**'],
          // jsdom files get their Testing Library cleanup and jsdom shims from dom-env.ts
          setupFiles: ['tests/setup/silent-console.ts', 'tests/setup/dom-env.ts'],
          environment: 'node',
          // Files share a worker and its module cache (mocks and vi.setConfig are reset per file):
          // a new process per file cost more than most files' tests.
          isolate: false,
          // a few unit tests start a Node process (config/env.test.ts): seconds on a loaded 2-core machine
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: `integration-${engine}`,
          include: ['{app,cli,domain,shared,server,db,seed,tests}/**/*.integration.test.ts'],
          // *.postgres.integration.test.ts need a PostgreSQL server (advisory locks, pool behaviour).
          exclude: ['node_modules/**', ...(engine === 'postgres' ? pgliteOnly : ['**/*.postgres.integration.test.ts'])],
          globalSetup: ['tests/setup/global-db.ts'],
          setupFiles: ['tests/setup/silent-console.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file still gets its own database copy (on PGlite, a copy another file handed back, put
          // back as the image had it: tests/setup/pglite-pool.ts) and app; the worker process and its
          // loaded modules (the server, the built pages) are reused between files, which was most of a
          // small file's time.
          isolate: false,
        },
      },
    ],
  },
});
