import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/setup/chromium.ts';
import { E2E_ISOLATED_PORT, E2E_PORT } from './tests/e2e/ports.ts';

/**
 * Two servers from the same build. The shared one serves every ordinary test, in parallel: those
 * tests only read, or change data of their own. The isolated one serves the tests tagged
 * `@exclusive`, which change something site-wide (a security setting, the items a public list
 * counts): they run one at a time there (tests/e2e/fixtures.ts), and no reader waits for them.
 */
function env(port: number) {
  return {
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
    // the Integrations test posts leads to a webhook receiver on 127.0.0.1
    WEBHOOK_ALLOW_PRIVATE: 'true',
  };
}
const common = { reuseExistingServer: false, timeout: 120_000, stdout: 'ignore' as const, stderr: 'pipe' as const };
const servers = [
  // Playwright starts these in order, each once the one before is ready. The isolated server counts
  // as ready once the build is current, so the two servers boot side by side; its tests wait for its
  // /readyz (tests/e2e/fixtures.ts).
  {
    ...common,
    command: `rm -rf .tmp/e2e-data-${E2E_ISOLATED_PORT} && node scripts/ensure-build.mjs && echo e2e-build-current && node build/node/index.js`,
    wait: { stdout: /e2e-build-current/ },
    // The expiry test (exclusive, so on this server) waits for the scheduler (ADR 049): it looks every second
    // here, every minute by default. Only here: a look costs about 47 ms of CPU on the embedded database, and
    // at one a second on both servers that was about 60 CPU-seconds of a browser pass that keeps both cores busy.
    env: { ...env(E2E_ISOLATED_PORT), SCHEDULER_INTERVAL_MS: '1000' },
  },
  {
    ...common,
    command: `rm -rf .tmp/e2e-data-${E2E_PORT} && node build/node/index.js`,
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    env: env(E2E_PORT),
  },
];

const use = {
  ...devices['Desktop Chrome'],
  channel: undefined,
  // One renderer process per worker's browser, reused by every context and page in it, instead of a new
  // process for each test's page: the browser pass took 4-5% less time and CPU in two back-to-back pairs
  // of runs (docs/operations.md). A test's pages still get their own contexts (cookies, storage, cache).
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--renderer-process-limit=1'] },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Tests, not files, are spread over the workers: one long file no longer holds a worker to the end.
  fullyParallel: true,
  // Two workers keep a 2-core machine busy: an axe scan or a page render holds a core each. A third
  // made each test slower rather than the run shorter on a loaded 2-core machine, and pushed the
  // longest tests past their timeouts; E2E_WORKERS sets another number on a bigger machine.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry absorbs a stall of a loaded 2-core CI machine; scripts/test.mjs names every test that needed it.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? `.tmp/e2e-results-${E2E_PORT}.json` }]],
  use: { trace: 'off' },
  projects: [
    // First, so its tests start at once and run one after another on one worker beside the others,
    // instead of queueing at the end where they would leave the other workers idle.
    { name: 'isolated', grep: /@exclusive/, workers: 1, use: { ...use, baseURL: `http://127.0.0.1:${E2E_ISOLATED_PORT}` } },
    { name: 'chromium', grepInvert: /@exclusive/, use: { ...use, baseURL: `http://127.0.0.1:${E2E_PORT}` } },
  ],
  webServer: servers,
});
