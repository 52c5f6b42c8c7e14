import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-process-'));
const backupFile = path.join(dataDir, 'backups', 'while-running.tar.gz');
const restoreDir = mkdtempSync(path.join(os.tmpdir(), 'site-restore-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(restoreDir, { recursive: true, force: true });
});

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
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    ...extraEnv,
  };
  // a reset re-seeds (geo data included): give a loaded 2-core machine room
  const res = spawnSync(process.execPath, args, { env, encoding: 'utf8', timeout: 60_000 });
  return { code: res.status, stdout: res.stdout, lines: res.stderr.split('\n').filter((l) => l.trim() !== '') };
}

// Runs the compiled server (node scripts/ensure-build.mjs builds it), as production does. One
// server start serves every check: a first start on an empty folder is the slow part.
it('starts on an empty data directory, prints the admin sign-in once, holds the DATA_DIR lock (a second server, db:reset, db:restore and geo:import refuse with one line; db:backup asks the server for its copy), refuses a taken port with one line, and shuts down cleanly on SIGTERM', async () => {
  const port = 3700 + (process.pid % 200);
  const child = spawn(process.execPath, ['build/node/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: '',
      NODE_ENV: 'production',
      DATABASE_URL: '',
    },
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
    const holder = new RegExp(
      `^The embedded database in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by process ${child.pid} \\(the server, since `,
    );
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

    // db:backup while the server runs: the server makes the copy (it holds the database); a restore refuses.
    const lead = await fetch(`http://127.0.0.1:${port}/api/forms/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Backed Up',
        email: 'backed-up@example.com',
        phone: '+1 (515) 555-0100',
        data: '{"Region":"USA","Role":"Grower","State":"Iowa","Zipcode":"50010"}',
        message: 'In the backup.',
        reCaptchaToken: '',
      }),
    });
    expect((await lead.json()).success).toBe(true);
    const backup = runBeside(['build/node/db-cli.js', 'backup', backupFile]);
    expect(backup.lines).toEqual([]);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written to .* \(\d+\.\d MB; made by the running server\)\. Restore it with: npm run db:restore -- /,
    );
    const restoreNow = runBeside(['build/node/db-cli.js', 'restore', backupFile]);
    expect(restoreNow.code).toBe(1);
    expect(restoreNow.lines).toEqual([expect.stringMatching(holder)]);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // Another server (its own data directory) on the port this one holds: one line, exit 1, before
    // it opens or seeds its database.
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'site-process-port-'));
    try {
      const taken = runBeside(['build/node/index.js'], { PORT: String(port), DATA_DIR: otherDir });
      expect(taken.code).toBe(1);
      expect(taken.lines).toEqual([
        `Port ${port} on 127.0.0.1 is already in use by another process: stop that process, or set PORT to a free port.`,
      ]);
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
}, 300_000);

it('restores the backup made while the server ran over another database (kept beside it): the content and the leads are there; db:reset drops the journal with the database; a backup with the server stopped works too', async () => {
  expect(existsSync(backupFile)).toBe(true);
  // db:reset makes the database the backup will replace; it deletes the leads still journaled for the
  // database it removes too, so they cannot come back into the new one
  mkdirSync(path.join(restoreDir, 'intake-journal'), { recursive: true });
  writeFileSync(path.join(restoreDir, 'intake-journal', '00000001.jsonl'), '{"v":1}\n');
  const reset = runBeside(['build/node/db-cli.js', 'reset', '--yes-delete-everything'], { DATA_DIR: restoreDir });
  expect(reset.code, reset.lines.join('\n')).toBe(0);
  expect(existsSync(path.join(restoreDir, 'intake-journal'))).toBe(false);

  // over an existing database: it is kept beside the restored one
  const restored = runBeside(['build/node/db-cli.js', 'restore', backupFile], { DATA_DIR: restoreDir });
  expect(restored.lines).toEqual([]);
  expect(restored.code).toBe(0);
  expect(restored.stdout).toMatch(/^Restored .* \((\d+) leads\)\.\nThe database it replaced is kept in .*pglite\.before-restore-/);
  expect(readdirSync(restoreDir).filter((n) => n.startsWith('pglite.before-restore-'))).toHaveLength(1);

  const { openDatabase } = await import('#db/client.ts');
  const database = await openDatabase({ dataDir: path.join(restoreDir, 'pglite') });
  try {
    const q = async (text: string) => ((await database.db.execute(text)) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(await q("select email from form_submissions where email = 'backed-up@example.com'")).toHaveLength(1);
    expect(Number((await q('select count(*)::int as n from products'))[0]!.n)).toBeGreaterThan(10);
    expect(Number((await q('select count(*)::int as n from knowledge_items'))[0]!.n)).toBeGreaterThan(0);
    expect(await q("select email from admin_users where email = 'admin@example.com'")).toHaveLength(1);
  } finally {
    await database.close();
  }

  const offline = runBeside(['build/node/db-cli.js', 'backup'], { DATA_DIR: restoreDir });
  expect(offline.code, offline.lines.join('\n')).toBe(0);
  expect(offline.stdout).toMatch(/^Backup written to .*backups\/pglite-.*\.tar\.gz \(\d+\.\d MB; the server was not running\)/);
  const notABackup = runBeside(['build/node/db-cli.js', 'restore', path.join(import.meta.dirname, 'index.ts')], { DATA_DIR: restoreDir });
  expect(notABackup.code).toBe(1);
  expect(notABackup.lines).toEqual([expect.stringMatching(/is not a backup made by npm run db:backup \(not a gzipped tar\)\.$/)]);
}, 300_000);
