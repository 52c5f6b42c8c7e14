import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#db/client.ts';
import { readDataDirImage, type DataDirImage } from './pglite-image.ts';
import { lendCopy } from './pglite-pool.ts';

// The image file is read once per worker (test files share the worker's modules).
let dataDirImage: { path: string; image: DataDirImage } | undefined;

/** This run's PGlite test image, read once per worker. */
export function pgliteTestImage(): DataDirImage {
  const image = inject('dbImage');
  if (dataDirImage?.path !== image) dataDirImage = { path: image, image: readDataDirImage(new Uint8Array(readFileSync(image))) };
  return dataDirImage.image;
}

/** A private copy of the migrated, seeded test database for one test file. */
export async function openTestDatabase(opts: { onQuery?: (sql: string) => void } = {}): Promise<Database & { url?: string }> {
  const image = inject('dbImage');
  if (inject('dbEngine') === 'pglite') {
    const { client } = await lendCopy(pgliteTestImage());
    return openDatabase({ pglite: client, onQuery: opts.onQuery });
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${image}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4, onQuery: opts.onQuery });
  return {
    ...database,
    // a second connection to the same database (two app instances, LISTEN/NOTIFY)
    url: url.toString(),
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
