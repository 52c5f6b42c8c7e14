// Measures the two start-up bars: a first build + start on an empty data directory, and a warm start.
// Usage: npm run bench:startup   (prints seconds until /readyz answers)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 3990;

async function timeStart(label: string, env: Record<string, string>, forceBuild: boolean) {
  const t0 = performance.now();
  const build = forceBuild ? 'node scripts/ensure-build.mjs --force && ' : 'node scripts/ensure-build.mjs && ';
  const child = spawn('sh', ['-c', `${build}exec node build/node/index.js`], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (let i = 0; i < 1200; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.ok) {
          const home = await fetch(`http://127.0.0.1:${port}/`);
          const seconds = (performance.now() - t0) / 1000;
          console.log(`${label}: ${seconds.toFixed(1)} s until ready (home page ${home.status})`);
          return seconds;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${label}: no answer after 120 s`);
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
const first = await timeStart('first build + start (empty database)', { DATA_DIR: dataDir }, true);
const warm = await timeStart('warm start (built, migrated, seeded)', { DATA_DIR: dataDir }, false);
rmSync(dataDir, { recursive: true, force: true });
console.log(`bars: first ${first.toFixed(1)} s (target < 60 s), warm ${warm.toFixed(1)} s (target < 3 s)`);
