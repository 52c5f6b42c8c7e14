import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../db/client.ts';
import { seedDatabase } from '../../seed/index.ts';
import { TEST_ADMIN } from './constants.ts';

/**
 * Makes one migrated, seeded database image per run; each test file gets a copy of it
 * (a PGlite dump, lent as tests/setup/pglite-pool.ts puts it back; or a PostgreSQL template
 * database), so no file sees another's writes.
 */
export default async function setup(project: TestProject) {
  const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  const tmp = path.resolve('.tmp');
  mkdirSync(tmp, { recursive: true });
  const seedCtx = {
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    dataDir: path.join(tmp, 'test-data'),
    demoReps: true,
  };

  if (engine === 'pglite') {
    // 1 MB WAL segments, deleted rather than recycled at the checkpoint: the image every test file
    // loads holds one small segment instead of two 16 MB ones (65 MB to 33 MB), which PGlite loads
    // about a third faster.
    const database = await openDatabase({
      pgliteInit: { initDbStartParams: ['--wal-segsize=1'], postgresqlconf: ['min_wal_size=2MB', 'wal_recycle=off'] },
    });
    await database.migrate();
    await seedDatabase(database.db, seedCtx);
    const client = (database as unknown as { pglite: import('@electric-sql/pglite').PGlite }).pglite;
    // The image holds the app's database only: template0 and template1 (half of its files) are
    // never used by a test file, and each new copy unpacks the whole image (34 MB to 19 MB, and about a
    // fifth less work per opened copy).
    for (const name of ['template0', 'template1']) {
      await client.exec(`alter database ${name} is_template false`);
      await client.exec(`drop database ${name}`);
    }
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    const file = path.join(tmp, `pglite-image-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('dbImage', file);
    project.provide('dbEngine', 'pglite');
    return () => rmSync(file, { force: true });
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const template = `tmpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const url = new URL(baseUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  await database.migrate();
  await seedDatabase(database.db, seedCtx);
  await database.close();
  project.provide('dbImage', template);
  project.provide('dbEngine', 'postgres');
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbImage: string;
    dbEngine: 'pglite' | 'postgres';
  }
}
