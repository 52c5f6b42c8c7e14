import { cpSync, existsSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { nodeJournalFs, type JournalFs } from '#domain/leads/intake-journal.ts';

/**
 * A file layer for the intake journal that remembers what a power cut would leave: the bytes of
 * each journal file up to its last fsync, the files whose directory entry was fsynced, and the
 * embedded database's folder as it was at its last fsync (`syncTree` copies it, synchronously, so
 * no query runs mid-copy). `cut()` is the moment the power goes: every later call fails. `restore()`
 * then lays the disk out as it would be found at the next start, with half of each file's unsynced
 * tail kept (a torn write).
 */
export function powerCutFs(dataDir: string, durableImage: string) {
  const durableLength = new Map<string, number>();
  const durableEntries = new Set<string>();
  let dead = false;
  let syncs = 0;
  const alive = () => {
    if (dead) throw new Error('power is off');
  };
  // the database as it is now is what the disk holds (it was closed cleanly before the test)
  rmSync(durableImage, { recursive: true, force: true });
  cpSync(dataDir, durableImage, { recursive: true });

  const fs: JournalFs = {
    ...nodeJournalFs,
    async open(file) {
      alive();
      const handle = await nodeJournalFs.open(file);
      return {
        async append(data) {
          alive();
          await handle.append(data);
        },
        async sync() {
          alive();
          await handle.sync();
          syncs++;
          durableLength.set(file, statSync(file).size);
        },
        close: () => handle.close(),
      };
    },
    async remove(file) {
      alive();
      await nodeJournalFs.remove(file);
    },
    async syncDir(dir) {
      alive();
      for (const name of readdirSync(dir)) durableEntries.add(path.join(dir, name));
    },
    async syncTree(dir) {
      alive();
      if (path.resolve(dir) !== path.resolve(dataDir)) throw new Error(`unexpected syncTree of ${dir}`);
      rmSync(durableImage, { recursive: true, force: true });
      cpSync(dataDir, durableImage, { recursive: true });
    },
  };

  return {
    fs,
    /** journal fsyncs so far */
    syncs: () => syncs,
    cut() {
      dead = true;
    },
    /** The disk after the power comes back: journal files cut to what was synced (plus a torn half of the rest), the database at its last sync. */
    restore(journalDir: string) {
      for (const name of existsSync(journalDir) ? readdirSync(journalDir) : []) {
        const file = path.join(journalDir, name);
        if (!durableEntries.has(file)) {
          rmSync(file);
          continue;
        }
        const synced = durableLength.get(file) ?? 0;
        const size = statSync(file).size;
        truncateSync(file, synced + Math.floor((size - synced) / 2));
      }
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(durableImage, dataDir, { recursive: true });
    },
  };
}
