import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/setup/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // One retry absorbs a stall of a loaded 2-core CI machine; scripts/test.mjs names every test that needed it.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? `.tmp/e2e-results-${port}.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf .tmp/e2e-data-${port} && node scripts/ensure-build.mjs && node build/node/index.js`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.tmp/e2e-data-${port}`,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'correct-horse-battery-staple',
      FORM_RATE_LIMIT: '1000',
      LOGIN_RATE_LIMIT: '1000',
      // The finder and rep-request tests need the sample reps, which production leaves out by default.
      SEED_DEMO_REPS: 'true',
    },
  },
});
