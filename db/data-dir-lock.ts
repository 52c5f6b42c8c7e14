import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database is a single-writer store: two processes opening the same PGlite
 * directory corrupt it. Whoever opens it (the server, db:* and geo:import) first takes this lock
 * file under DATA_DIR; a second process refuses with one line. A lock left by a process that is no
 * longer running (a crash, a kill -9, a reboot) is taken over.
 */
export const LOCK_FILE = 'pglite.lock';

interface LockInfo {
  pid: number;
  host: string;
  purpose: string;
  since: string;
}

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  // Our own pid in an old lock means this process's earlier life (containers reuse small pids).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return Number.isInteger(info.pid) ? info : null;
  } catch {
    return null;
  }
}

function fileTime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/** Takes the lock on `dataDir` for this process, or throws DataDirLockedError (its message is the one line to print). */
export function acquireDataDirLock(dataDir: string, purpose: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockInfo = { pid: process.pid, host: os.hostname(), purpose, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(file);
      // An empty file a moment old is another process between creating and writing it.
      if (!holder && Date.now() - fileTime(file) < 5_000) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is being opened by another process; stop it first, or use another DATA_DIR.`,
        );
      }
      // Another host's pid means nothing here; a shared DATA_DIR across hosts needs PostgreSQL anyway.
      if (holder && (holder.host !== mine.host || isRunning(holder.pid))) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.purpose}, since ${holder.since}${holder.host !== mine.host ? ` on ${holder.host}` : ''}); stop it first, or use another DATA_DIR.`,
        );
      }
      // Stale (its process is gone) or unreadable: remove it and try again. Taking it with 'wx'
      // again means two processes that both saw it stale cannot both win.
      try {
        unlinkSync(file);
      } catch {
        // someone else removed it first
      }
      continue;
    }
    writeSync(fd, JSON.stringify(mine));
    closeSync(fd);
    const release = () => {
      process.off('exit', release);
      if (readLock(file)?.pid !== process.pid) return;
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    };
    process.on('exit', release);
    return { file, release };
  }
  throw new DataDirLockedError(`Could not take the lock ${file}: other processes keep taking it.`);
}
