import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** One stored object, as `list` answers it. */
export interface StoredObject {
  key: string;
  size: number;
}

/**
 * Where document files live. Keys are relative, slash-separated paths, so the same key works as a
 * file path under a local directory (`createLocalStorage`, the default) or as an object key in an
 * S3-compatible bucket (`createS3Storage`, for several instances). Both drivers pass the same
 * contract tests (storage.integration.test.ts).
 */
export interface DocumentStorage {
  readonly driver: 'local' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** Streams `source` to `key` (never held in memory whole); a failed stream leaves nothing behind. */
  putStream(key: string, source: Readable): Promise<void>;
  /** Renames an object (an upload staged under a temporary key gets its content-addressed key). */
  move(from: string, to: string): Promise<void>;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** The object's bytes (or a byte range of them); rejects when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes an object; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored object whose key starts with `prefix`, in no particular order (storage:copy, checks). */
  list(prefix?: string): AsyncIterable<StoredObject>;
}

/** Content-addressed key: the same file is stored once, and a replaced file never overwrites the old one. */
export function storageKeyFor(checksum: string, fileName: string): string {
  const ext =
    path
      .extname(fileName)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '') || '.bin';
  return `${checksum.slice(0, 2)}/${checksum.slice(2, 4)}/${checksum}${ext}`;
}

export function safeKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9/._-]*$/i.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export function createLocalStorage(rootDir: string): DocumentStorage {
  const root = path.resolve(rootDir);
  const fileFor = (key: string) => path.join(root, ...safeKey(key).split('/'));
  return {
    driver: 'local',
    async put(key, data) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // write then rename, so a reader (or a second writer of the same key) never sees half a file
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async putStream(key, source) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        await pipeline(source, createWriteStream(tmp));
        await rename(tmp, file);
      } catch (err) {
        await unlink(tmp).catch(() => undefined);
        throw err;
      }
    },
    async move(from, to) {
      const target = fileFor(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(fileFor(from), target);
    },
    async size(key) {
      try {
        return (await stat(fileFor(key))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async read(key, range) {
      const stream = createReadStream(fileFor(key), range ? { start: range.start, end: range.end } : undefined);
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
    async remove(key) {
      await unlink(fileFor(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    async *list(prefix = '') {
      // a write in progress (`*.tmp`) is not an object yet
      for (const key of await walk(root, '')) {
        if (key.startsWith(prefix) && !key.endsWith('.tmp')) yield { key, size: (await stat(path.join(root, ...key.split('/')))).size };
      }
    },
  };
}

/** Relative slash-separated paths of the files under `dir` (none when it does not exist). */
async function walk(root: string, dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, dir), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const keys: string[] = [];
  for (const entry of entries) {
    const key = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) keys.push(...(await walk(root, key)));
    else if (entry.isFile()) keys.push(key);
  }
  return keys;
}
