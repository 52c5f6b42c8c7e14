import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { startS3, type TestS3 } from '#tests/setup/s3-server.ts';
import { createConfiguredStorage } from './configured-storage.ts';
import { copyStorage } from './storage-copy.ts';
import { createLocalStorage, type DocumentStorage } from './storage.ts';

const MB = 1024 * 1024;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keys(storage: DocumentStorage, prefix?: string) {
  const found: { key: string; size: number }[] = [];
  for await (const o of storage.list(prefix)) found.push(o);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** `total` bytes in 64 KB chunks, then (optionally) an error instead of the end: a connection lost mid-upload. */
function source(data: Buffer, failAfter?: number): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && offset >= failAfter) {
        this.destroy(new Error('connection lost'));
        return;
      }
      if (offset >= data.length) return void this.push(null);
      this.push(data.subarray(offset, (offset += 64 * 1024)));
    },
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * The one contract every DocumentStorage driver keeps: the local folder (the default) and an
 * S3-compatible bucket (several instances) answer the documents service the same way.
 */
function storageContract(name: string, open: () => DocumentStorage) {
  describe(`DocumentStorage contract: ${name}`, () => {
    let storage: DocumentStorage;
    beforeAll(() => {
      storage = open();
    });

    it('stores bytes, answers their size and reads them back; a missing object has no size and cannot be read', async () => {
      const data = Buffer.from('%PDF-1.4 a small label');
      await storage.put('ab/cd/small.pdf', data);
      expect(await storage.size('ab/cd/small.pdf')).toBe(data.length);
      expect(await bytesOf(await storage.read('ab/cd/small.pdf'))).toEqual(data);
      expect(await storage.size('ab/cd/missing.pdf')).toBeNull();
      await expect(storage.read('ab/cd/missing.pdf')).rejects.toThrow();
      // writing a key again replaces it whole
      await storage.put('ab/cd/small.pdf', Buffer.from('second'));
      expect((await bytesOf(await storage.read('ab/cd/small.pdf'))).toString()).toBe('second');
    });

    it('streams a file larger than an upload part and gives back the same bytes', async () => {
      const data = randomBytes(12 * MB + 12345);
      await storage.putStream('incoming/large.upload', source(data));
      expect(await storage.size('incoming/large.upload')).toBe(data.length);
      expect(sha(await bytesOf(await storage.read('incoming/large.upload')))).toBe(sha(data));
    });

    it('reads a byte range: exactly the bytes from start to end, inclusive', async () => {
      const data = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
      await storage.put('range/file.bin', data);
      expect((await bytesOf(await storage.read('range/file.bin', { start: 10, end: 19 }))).toString()).toBe('abcdefghij');
      expect((await bytesOf(await storage.read('range/file.bin', { start: 0, end: 0 }))).toString()).toBe('0');
      expect((await bytesOf(await storage.read('range/file.bin', { start: 30, end: 35 }))).toString()).toBe('uvwxyz');
    });

    it('leaves nothing behind when the stream fails mid-way, small or past the first part', async () => {
      for (const [key, size, failAfter] of [
        ['failed/small.upload', 2 * MB, 1 * MB],
        ['failed/large.upload', 14 * MB, 11 * MB],
      ] as const) {
        await expect(storage.putStream(key, source(randomBytes(size), failAfter))).rejects.toThrow('connection lost');
        expect(await storage.size(key), key).toBeNull();
      }
      expect(await keys(storage, 'failed/')).toEqual([]);
    });

    it('moves an object to a new key: the old key is gone, the bytes are the same', async () => {
      const data = randomBytes(300 * 1024);
      await storage.putStream('incoming/move-me.upload', source(data));
      await storage.move('incoming/move-me.upload', 'e3/b0/e3b0c442.pdf');
      expect(await storage.size('incoming/move-me.upload')).toBeNull();
      expect(sha(await bytesOf(await storage.read('e3/b0/e3b0c442.pdf')))).toBe(sha(data));
    });

    it('removes an object; removing one that is not there is no error', async () => {
      await storage.put('gone/file.pdf', Buffer.from('x'));
      await storage.remove('gone/file.pdf');
      expect(await storage.size('gone/file.pdf')).toBeNull();
      await expect(storage.remove('gone/file.pdf')).resolves.toBeUndefined();
    });

    it('lists the objects under a prefix with their sizes', async () => {
      await storage.put('list/a/one.pdf', Buffer.alloc(3));
      await storage.put('list/b/two.webp', Buffer.alloc(5));
      await storage.put('listing-not-under-the-prefix.pdf', Buffer.alloc(1));
      expect(await keys(storage, 'list/')).toEqual([
        { key: 'list/a/one.pdf', size: 3 },
        { key: 'list/b/two.webp', size: 5 },
      ]);
      expect((await keys(storage)).map((o) => o.key)).toEqual(
        expect.arrayContaining(['list/a/one.pdf', 'listing-not-under-the-prefix.pdf', 'e3/b0/e3b0c442.pdf']),
      );
    });

    it('refuses keys that could leave the store', async () => {
      await expect(storage.put('../outside.pdf', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
      await expect(storage.read('/etc/passwd')).rejects.toThrow('Invalid storage key');
    });
  });
}

let dir: string;
let s3: TestS3;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'storage-contract-'));
  s3 = await startS3('contract-bucket');
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

storageContract('local folder', () => createLocalStorage(path.join(dir, 'documents')));
// chosen the way the app chooses it: S3_BUCKET set
storageContract('S3-compatible bucket (s3rver)', () => {
  const storage = createConfiguredStorage(EnvSchema.parse({ DATA_DIR: dir, ...s3.env }));
  expect(storage.driver).toBe('s3');
  return storage;
});

describe('storage:copy (DATA_DIR/documents into the bucket)', () => {
  let copyDir: string;
  let bucket: TestS3;
  beforeAll(async () => {
    copyDir = mkdtempSync(path.join(os.tmpdir(), 'storage-copy-'));
    bucket = await startS3('copy-bucket');
  });
  afterAll(async () => {
    await bucket?.stop();
    rmSync(copyDir, { recursive: true, force: true });
  });

  it('copies every file, checked by size and checksum; a second run only checks; uploads in progress stay behind', async () => {
    const local = createLocalStorage(path.join(copyDir, 'documents'));
    const files = {
      'ab/cd/abcd.pdf': randomBytes(6 * MB + 7),
      'ef/01/ef01.png': randomBytes(2048),
      'variants/ef/ef01-w320.webp': randomBytes(512),
    };
    for (const [key, data] of Object.entries(files)) await local.put(key, data);
    await local.put('incoming/half-an-upload.upload', randomBytes(100));
    const target = createConfiguredStorage(EnvSchema.parse({ DATA_DIR: copyDir, ...bucket.env }));

    const first = await copyStorage(local, target);
    expect(first).toEqual({ copied: 3, present: 0, failed: [], bytes: 6 * MB + 7 + 2048 + 512 });
    expect(await keys(target)).toEqual(
      Object.entries(files)
        .map(([key, data]) => ({ key, size: data.length }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    for (const [key, data] of Object.entries(files)) expect(sha(await bytesOf(await target.read(key))), key).toBe(sha(data));

    const second = await copyStorage(local, target);
    expect(second).toMatchObject({ copied: 0, present: 3, failed: [] });
    // the source is left as it was
    expect((await keys(local)).length).toBe(4);
  });

  it('reports a copy that does not match its original and does not count it as copied', async () => {
    const local = createLocalStorage(path.join(copyDir, 'bad-source'));
    await local.put('aa/bb/new-file.pdf', Buffer.from('%PDF-1.4 the original bytes'));
    const target = createConfiguredStorage(EnvSchema.parse({ DATA_DIR: copyDir, ...bucket.env }));
    // a store that loses the last byte of what it is sent
    const lossy: DocumentStorage = {
      ...target,
      putStream: async (key, source) => target.put(key, (await bytesOf(source)).subarray(0, -1)),
    };
    const report = await copyStorage(local, lossy);
    expect(report.copied).toBe(0);
    expect(report.failed).toEqual([
      { key: 'aa/bb/new-file.pdf', reason: expect.stringMatching(/^size 26 in the destination, 27 in the source$/) },
    ]);
  });

  it('runs as a command: one summary line, and one line naming S3_BUCKET when it is not set', async () => {
    // not spawnSync: the bucket's server runs in this process and must keep answering
    const run = (extra: Record<string, string>) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'cli/storage-copy.ts'], {
          env: { ...process.env, DATA_DIR: copyDir, NODE_ENV: 'production', S3_BUCKET: '', ...extra },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    const ok = await run(bucket.env);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('0 copied (0.0 MB), 3 already in the bucket, 0 failed; each checked by size and SHA-256.');
    const missing = await run({});
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^storage:copy copies DATA_DIR\/documents into a bucket: set S3_BUCKET/);
  });
});
