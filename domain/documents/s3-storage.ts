import { Transform, type Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { safeKey, type DocumentStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For MinIO, Cloudflare R2, Backblaze and other S3-compatible stores; AWS itself needs none. */
  endpoint?: string;
  /** Both or neither: without them the SDK's default credential chain (environment, profile, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (`endpoint/bucket/key`) rather than the host name, as most self-hosted stores need */
  forcePathStyle?: boolean;
  /** Bytes per part of a multipart upload (S3's minimum, 5 MB, by default): an upload holds at most two parts in memory. */
  partSize?: number;
}

/** Multipart uploads need parts of at least 5 MB (all but the last). */
const MIN_PART_SIZE = 5 * 1024 * 1024;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Passes on bytes start..end (inclusive) of what flows through, and nothing else. */
function slice(start: number, end: number): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, end + 1 - offset);
      offset += chunk.length;
      done(null, to > from ? chunk.subarray(from, to) : undefined);
    },
  });
}

/**
 * The document storage in an S3-compatible bucket (AWS SDK v3), for several instances: every
 * instance reads and writes the same objects. Uploads stream through `@aws-sdk/lib-storage`'s
 * multipart upload (at most two parts in memory, never the whole file); a failed upload is
 * aborted, so nothing is left behind. The SDK is loaded on first use, so a site on local storage
 * never loads it.
 */
export function createS3Storage(opts: S3StorageOptions): DocumentStorage {
  const Bucket = opts.bucket;
  const partSize = Math.max(MIN_PART_SIZE, opts.partSize ?? MIN_PART_SIZE);
  let loaded: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;

  function sdk() {
    loaded ??= import('@aws-sdk/client-s3').then((mod) => ({
      sdk: mod,
      client: new mod.S3Client({
        region: opts.region,
        endpoint: opts.endpoint,
        forcePathStyle: opts.forcePathStyle,
        credentials:
          opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
        // Checksums only where S3 requires them: many compatible stores refuse the SDK's default
        // streaming checksum trailers, and files are checked by their own SHA-256 anyway.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return loaded;
  }

  async function remove(key: string) {
    const { client, sdk: s3 } = await sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket, Key: safeKey(key) }));
  }

  return {
    driver: 's3',
    async put(key, data) {
      const { client, sdk: s3 } = await sdk();
      await client.send(new s3.PutObjectCommand({ Bucket, Key: safeKey(key), Body: data, ContentLength: data.length }));
    },
    async putStream(key, source) {
      const Key = safeKey(key);
      const [{ client }, { Upload }] = await Promise.all([sdk(), import('@aws-sdk/lib-storage')]);
      const upload = new Upload({ client, params: { Bucket, Key, Body: source }, partSize, queueSize: 1, leavePartsOnError: false });
      // A source that fails mid-way (a dropped connection) ends the upload too.
      const failed = new Promise<never>((_, reject) => source.once('error', reject));
      try {
        await Promise.race([upload.done(), failed]);
      } catch (err) {
        // abort() ends a multipart upload and drops its parts; a small file is one PutObject that never completed
        await upload.abort().catch(() => undefined);
        source.destroy();
        await remove(Key).catch(() => undefined);
        throw err;
      }
    },
    async move(from, to) {
      const { client, sdk: s3 } = await sdk();
      // S3 has no rename: copy within the bucket (no bytes pass through us), then delete the original
      await client.send(new s3.CopyObjectCommand({ Bucket, Key: safeKey(to), CopySource: `${Bucket}/${safeKey(from)}` }));
      await remove(from);
    },
    async size(key) {
      const { client, sdk: s3 } = await sdk();
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: safeKey(key) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      const { client, sdk: s3 } = await sdk();
      const reply = await client.send(
        new s3.GetObjectCommand({ Bucket, Key: safeKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const body = reply.Body as Readable;
      // HTTP lets a server answer a range request with the whole object (s3rver does for 0-0): cut it here
      if (range && !reply.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
        const part = slice(range.start, range.end);
        body.once('error', (err) => part.destroy(err));
        return body.pipe(part);
      }
      return body;
    },
    remove,
    async *list(prefix = '') {
      const { client, sdk: s3 } = await sdk();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
