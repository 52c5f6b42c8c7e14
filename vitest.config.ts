import { defineConfig } from 'vitest/config';

const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export default defineConfig({
  resolve: { conditions: ['node'] },
  test: {
    silent: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{app,domain,shared,server,db,config,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', 'node_modules/**'],
          setupFiles: ['tests/setup/silent-console.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: `integration-${engine}`,
          include: ['{app,domain,shared,server,db,tests}/**/*.integration.test.ts'],
          // *.postgres.integration.test.ts need a PostgreSQL server (advisory locks, pool behaviour).
          exclude: ['node_modules/**', ...(engine === 'postgres' ? [] : ['**/*.postgres.integration.test.ts'])],
          globalSetup: ['tests/setup/global-db.ts'],
          setupFiles: ['tests/setup/silent-console.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
