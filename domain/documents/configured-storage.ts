import path from 'node:path';
import type { Env } from '#config/env.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, type DocumentStorage } from './storage.ts';

export type StorageEnv = Pick<
  Env,
  'DATA_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** The folder of the local driver: DATA_DIR/documents. */
export const localDocumentsDir = (env: Pick<Env, 'DATA_DIR'>) => path.join(path.resolve(env.DATA_DIR), 'documents');

/** The bucket when S3_BUCKET is set (several instances share it), else DATA_DIR/documents. */
export function createConfiguredStorage(env: StorageEnv): DocumentStorage {
  if (!env.S3_BUCKET) return createLocalStorage(localDocumentsDir(env));
  return createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    // self-hosted stores (MinIO) want the bucket in the path; AWS prefers it in the host name
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
  });
}
