import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

it('starts on an empty data directory, prints the admin sign-in once, and shuts down cleanly on SIGTERM', async () => {
  const port = 3700 + (process.pid % 200);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_PASSWORD: '', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`, 40_000);
    expect(out).toContain('First run: an administrator account was created.');
    expect(out).toMatch(/Password: \S{12,}\s+\(shown once/);
    const ready = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
    expect(ready).toEqual({ status: 'ok', database: 'pglite' });

    const inFlight = fetch(`http://127.0.0.1:${port}/`);
    child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    const code = await exited;
    expect(out.split('\n').filter((l) => /"level":50|Error/.test(l))).toEqual([]);
    expect(code).toBe(0);
    expect(out).toContain('shutting down');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}, 60_000);
