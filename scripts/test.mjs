// `npm test`: typecheck, lint, unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set)
// and browser tests; ends with one plain line "N passed, N failed" covering everything that ran.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
let passed = 0;
let failed = 0;
/** every test's time, for the slowest ten printed at the end */
const timings = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const t0 = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`⏱ ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return res.status === 0;
}

/** Like run, but its output is held and printed in one piece when it ends, so two can run at once. */
function runQuietly(label, cmd, args) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      console.log(`\n▶ ${label}`);
      process.stdout.write(Buffer.concat(out));
      console.log(`⏱ ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

function check(label, ok) {
  if (ok) passed++;
  else {
    failed++;
    console.log(`✗ ${label} failed`);
  }
}

function countVitest(file, label) {
  if (!existsSync(file)) return false;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numTotalTestSuites > 0 && r.numTotalTests === 0 ? 1 : 0);
  // a file that failed to load has no tests but a failed suite
  failed += r.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  for (const f of r.testResults) {
    const file = path.relative(root, f.name);
    for (const t of f.assertionResults) timings.push({ ms: t.duration ?? 0, name: `${label} ${file} › ${t.fullName}` });
  }
  return true;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.stats.expected + (r.stats.flaky ?? 0);
  failed += r.stats.unexpected;
  // a browser test that failed once and passed on its retry counts as passed, but is named here
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'flaky') flaky.push(`${spec.file}:${spec.line} ${spec.title}`);
        const ms = (t.results ?? []).reduce((sum, res) => sum + (res.duration ?? 0), 0);
        timings.push({ ms, name: `[browser] ${spec.file} › ${spec.title}` });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  if (flaky.length > 0) console.log(`⚠ ${flaky.length} browser test(s) passed only on retry (flaky):\n  ${flaky.join('\n  ')}`);
  return true;
}

/**
 * The browser tests' Chromium: CHROME_PATH when set; else Debian's chromium-headless-shell (Chromium's old
 * headless shell, which Playwright itself runs headless tests in: the same engine without the browser
 * around it, and the browser pass took 219 s in it against 355-370 s in the full chromium on one machine,
 * docs/operations.md); else Debian's chromium. As root with apt-get, a missing one is installed.
 */
function findChromium() {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    console.log(`Chromium not found at CHROME_PATH=${process.env.CHROME_PATH}.`);
    return null;
  }
  const shell = '/usr/bin/chromium-headless-shell';
  const full = '/usr/bin/chromium';
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const aptInstall = (pkg) => {
    console.log(`Installing Debian's ${pkg} with apt-get...`);
    const install = `DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`;
    if (spawnSync('sh', ['-c', install], { stdio: 'inherit' }).status !== 0)
      spawnSync('sh', ['-c', `apt-get update -qq && ${install}`], { stdio: 'inherit' });
  };
  if (!existsSync(shell) && isRoot && hasApt) aptInstall('chromium-headless-shell');
  if (existsSync(shell)) return shell;
  if (!existsSync(full) && isRoot && hasApt) aptInstall('chromium');
  if (existsSync(full)) return full;
  console.log('Chromium not found: install it with "sudo apt-get install -y chromium-headless-shell" (or chromium), or set CHROME_PATH.');
  return null;
}

const chromium = findChromium();
if (!chromium) process.exit(1);

// tsc keeps one core busy for a while, so the lint and then the build run beside it (the build writes
// only build/, which neither tsc nor eslint reads). Integration tests render pages from the built
// app, so the build comes before them.
const typegen = run('typegen', 'npx', ['react-router', 'typegen']);
const [tscOk, [lintOk, built]] = await Promise.all([
  typegen ? runQuietly('tsc', 'npx', ['tsc']) : false,
  runQuietly('lint', 'npx', ['eslint', '.', '--max-warnings', '0']).then(async (ok) => [
    ok,
    await runQuietly('build', 'node', ['scripts/ensure-build.mjs']),
  ]),
]);
check('typecheck', typegen && tscOk);
check('lint', lintOk);
check('build', built);

const pgliteJson = path.join(tmp, 'vitest-pglite.json');
rmSync(pgliteJson, { force: true });
run(
  'unit and integration tests (PGlite)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteJson}`],
  {
    TEST_DB_ENGINE: 'pglite',
  },
);
if (!countVitest(pgliteJson, '[PGlite]')) check('vitest (PGlite) produced no report', false);

if (process.env.TEST_DATABASE_URL) {
  // TEST_REDIS_URL reaches the PostgreSQL pass with the rest of the environment (the two-instance test needs it)
  if (!process.env.TEST_REDIS_URL)
    console.log('\nTEST_REDIS_URL not set: the two-instance test (one PostgreSQL, one Redis, one bucket) is skipped.');
  const pgJson = path.join(tmp, 'vitest-postgres.json');
  rmSync(pgJson, { force: true });
  run(
    'integration tests (PostgreSQL)',
    'npx',
    ['vitest', 'run', '--project', 'integration-postgres', '--reporter=default', '--reporter=json', `--outputFile.json=${pgJson}`],
    {
      TEST_DB_ENGINE: 'postgres',
    },
  );
  if (!countVitest(pgJson, '[PostgreSQL]')) check('vitest (PostgreSQL) produced no report', false);
} else {
  console.log('\nTEST_DATABASE_URL not set: integration tests ran on PGlite only.');
}

if (built) {
  const e2eJson = path.join(tmp, 'e2e-results.json');
  rmSync(e2eJson, { force: true });
  run('browser tests (headless Chromium)', 'npx', ['playwright', 'test'], { CHROME_PATH: chromium, E2E_JSON: e2eJson });
  if (!countPlaywright(e2eJson)) check('playwright produced no report', false);
}

if (timings.length > 0) {
  console.log('\nSlowest tests:');
  for (const t of timings.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`);
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
