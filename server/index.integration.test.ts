import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/** Runs a compiled entry point on the same DATA_DIR and returns its exit code and stderr lines. */
function runBeside(args: string[], extraEnv: Record<string, string> = {}) {
  const env = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', DATABASE_URL: '', ...extraEnv };
  const res = spawnSync(process.execPath, args, { env, encoding: 'utf8', timeout: 30_000 });
  return { code: res.status, stdout: res.stdout, lines: res.stderr.split('\n').filter((l) => l.trim() !== '') };
}

// Runs the compiled server (node scripts/ensure-build.mjs builds it), as production does. One
// server start serves every check: a first start on an empty folder is the slow part.
it('starts on an empty data directory, prints the admin sign-in once, holds the DATA_DIR lock (a second server, db:reset and geo:import refuse with one line), refuses a taken port with one line, and shuts down cleanly on SIGTERM', async () => {
  const port = 3700 + (process.pid % 200);
  const child = spawn(process.execPath, ['build/node/index.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_PASSWORD: '', NODE_ENV: 'production', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`, 100_000);
    expect(out).toContain('First run: an administrator account was created.');
    expect(out).toMatch(/Password: \S{12,}\s+\(shown once/);
    const ready = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
    expect(ready).toEqual({ status: 'ok', database: 'pglite' });

    // The embedded database allows one process: everything else on this DATA_DIR refuses.
    const holder = new RegExp(`^The embedded database in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by process ${child.pid} \\(the server, since `);
    const second = runBeside(['build/node/index.js'], { PORT: String(port + 1) });
    expect(second.code).toBe(1);
    expect(second.lines).toEqual([expect.stringMatching(holder)]);
    const reset = runBeside(['build/node/db-cli.js', 'reset', '--yes-delete-everything']);
    expect(reset.code).toBe(1);
    expect(reset.lines).toEqual([expect.stringMatching(holder)]);
    expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(0);
    const geo = runBeside(['build/node/geo-import.js', 'tests/fixtures/geonames-postal-sample.txt']);
    expect(geo.code).toBe(1);
    expect(geo.lines).toEqual([expect.stringMatching(holder)]);
    expect(geo.stdout).not.toContain('Imported');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // Another server (its own data directory) on the port this one holds: one line, exit 1, before
    // it opens or seeds its database.
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'site-process-port-'));
    try {
      const taken = runBeside(['build/node/index.js'], { PORT: String(port), DATA_DIR: otherDir });
      expect(taken.code).toBe(1);
      expect(taken.lines).toEqual([`Port ${port} on 127.0.0.1 is already in use by another process: stop that process, or set PORT to a free port.`]);
      expect(taken.stdout).not.toContain('First run');
      expect(existsSync(path.join(otherDir, 'pglite'))).toBe(false);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    const inFlight = fetch(`http://127.0.0.1:${port}/`);
    child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    const code = await exited;
    expect(out.split('\n').filter((l) => /"level":50|Error/.test(l))).toEqual([]);
    expect(code).toBe(0);
    expect(out).toContain('shutting down');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}, 180_000);
