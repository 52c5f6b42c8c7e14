import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(dir);
  return dir;
}
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function holdBy(dir: string, pid: number, host = os.hostname()) {
  writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, host, purpose: 'the server', since: '2026-01-01T00:00:00.000Z' }));
}

it('takes the lock (recording this process) and releases it', () => {
  const dir = tempDir();
  const lock = acquireDataDirLock(dir, 'the server');
  expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, purpose: 'the server' });
  lock.release();
  expect(existsSync(lock.file)).toBe(false);
});

it('refuses with one line while a running process holds it', () => {
  const dir = tempDir();
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  children.push(other);
  holdBy(dir, other.pid!);
  let error: unknown;
  try {
    acquireDataDirLock(dir, 'npm run db:reset');
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(DataDirLockedError);
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  expect(message).toContain(`in use by process ${other.pid} (the server`);
  expect(message).toContain(dir);
  expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(other.pid);
});

it('takes over a lock whose process is gone (crash, kill -9, reboot)', async () => {
  const dir = tempDir();
  const gone = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => gone.on('exit', resolve));
  holdBy(dir, gone.pid!);
  const lock = acquireDataDirLock(dir, 'the server');
  expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
  lock.release();
});

it('takes over an unreadable lock file unless it was written a moment ago', () => {
  const dir = tempDir();
  const file = path.join(dir, LOCK_FILE);
  writeFileSync(file, '');
  expect(() => acquireDataDirLock(dir, 'the server')).toThrow(DataDirLockedError);
  const old = new Date(Date.now() - 60_000);
  utimesSync(file, old, old);
  acquireDataDirLock(dir, 'the server').release();
});
