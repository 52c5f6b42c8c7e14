import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { DocumentStorage } from './storage.ts';

export interface CopyReport {
  copied: number;
  /** already in the destination with the same size and checksum (a second run copies nothing) */
  present: number;
  /** keys whose copy did not match the original by size or checksum (left for a second run) */
  failed: { key: string; reason: string }[];
  bytes: number;
}

/** A pass-through that hashes (SHA-256) and counts what flows through it. */
export function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, checksum: hash.digest('hex') }) };
}

async function digest(source: Readable): Promise<{ size: number; checksum: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, checksum: hash.digest('hex') };
}

/**
 * Copies every stored file from one storage to another (`npm run storage:copy`: DATA_DIR/documents
 * into the bucket), streaming each one and checking the copy by reading it back: same size, same
 * SHA-256. A file already in the destination with the same size and checksum is left alone, so a
 * run that stopped half-way can simply be run again. Uploads still in progress (`incoming/`) are
 * not documents yet and are skipped. The source is never changed.
 */
export async function copyStorage(
  from: DocumentStorage,
  to: DocumentStorage,
  onProgress?: (key: string, outcome: 'copied' | 'present' | 'failed') => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, failed: [], bytes: 0 };
  for await (const object of from.list()) {
    if (object.key.startsWith('incoming/')) continue;
    let outcome: 'copied' | 'present' | 'failed';
    try {
      const original = await digest(await from.read(object.key));
      if ((await to.size(object.key)) === original.size && (await digest(await to.read(object.key))).checksum === original.checksum) {
        outcome = 'present';
      } else {
        const sent = hashing();
        const source = await from.read(object.key);
        source.once('error', (err) => sent.stream.destroy(err));
        await to.putStream(object.key, source.pipe(sent.stream));
        const copy = await digest(await to.read(object.key));
        const expected = sent.result();
        if (expected.checksum !== original.checksum) throw new Error('the file changed while it was copied');
        if (copy.size !== original.size) throw new Error(`size ${copy.size} in the destination, ${original.size} in the source`);
        if (copy.checksum !== original.checksum) throw new Error('checksum differs from the source');
        report.bytes += copy.size;
        outcome = 'copied';
      }
    } catch (err) {
      outcome = 'failed';
      report.failed.push({ key: object.key, reason: (err as Error).message });
    }
    if (outcome === 'copied') report.copied++;
    if (outcome === 'present') report.present++;
    onProgress?.(object.key, outcome);
  }
  return report;
}
