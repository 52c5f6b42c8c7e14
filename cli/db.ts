// Database maintenance: `npm run db:migrate`, `npm run db:seed`, `npm run db:reset -- --yes-delete-everything`,
// and for the embedded database `npm run db:backup -- [FILE]` and `npm run db:restore -- FILE`.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '#config/env.ts';
import { CONTROL_SOCKET, requestBackup } from '#db/backup.ts';
import { openDatabase } from '#db/client.ts';
import { announceEverythingChanged } from '#db/content-channel.ts';
import { acquireDataDirLock, DataDirLockedError } from '#db/data-dir-lock.ts';
import { seedDatabase } from '#seed/index.ts';
import { databaseOptions, lockEmbeddedDatabase, seedContextFromEnv } from './startup.ts';

const env = loadEnv();
const command = process.argv[2];
const dataDir = path.resolve(env.DATA_DIR);
const RESET_FLAG = '--yes-delete-everything';

/** Migrates, then adds every piece of first-run content that is missing (explicit: also after the first run). */
async function migrateAndSeed() {
  const database = await openDatabase(databaseOptions(env));
  try {
    const ctx = seedContextFromEnv(env);
    const result = await database.migrate(() => seedDatabase(database.db, ctx));
    // a server running on the same PostgreSQL drops what it keeps of the old content
    await announceEverythingChanged(database, `db:${command}`);
    if (result?.admin) {
      console.log(`Administrator created: ${result.admin.email}${result.admin.password ? ` / ${result.admin.password} (shown once)` : ''}`);
    }
    console.log(
      `Seed complete (${database.engine}${ctx.demoReps ? '' : '; sample reps skipped in production, SEED_DEMO_REPS=true adds them'}).`,
    );
  } finally {
    await database.close();
  }
}

const usage = 'Usage: cli/db migrate | seed | reset --yes-delete-everything | backup [FILE] | restore FILE';
if (!['migrate', 'seed', 'reset', 'backup', 'restore'].includes(command ?? '')) {
  console.error(usage);
  process.exit(1);
}
const pgliteDir = path.join(dataDir, 'pglite');
const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** A consistent copy of the embedded database: made by the running server when there is one, else here. */
async function backup(fileArg: string | undefined) {
  if (env.DATABASE_URL) {
    console.error('db:backup copies the embedded database; with DATABASE_URL use pg_dump (docs/operations.md, Backups).');
    process.exit(1);
  }
  if (!existsSync(pgliteDir)) {
    console.error(`There is no embedded database in ${dataDir} to back up.`);
    process.exit(1);
  }
  const file = path.resolve(fileArg ?? path.join(dataDir, 'backups', `pglite-${stamp()}.tar.gz`));
  let data: Buffer;
  let source: string;
  let lock;
  try {
    lock = acquireDataDirLock(dataDir, 'npm run db:backup');
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // the server has the database open: it makes the copy (db/backup.ts)
    try {
      data = await requestBackup(dataDir);
    } catch (socketErr) {
      console.error(
        `${err.message.replace(/; stop it first.*$/, '')}, and it did not answer on ${path.join(dataDir, CONTROL_SOCKET)} (${(socketErr as Error).message}).`,
      );
      process.exit(1);
    }
    source = 'made by the running server';
  }
  if (lock) {
    const database = await openDatabase(databaseOptions(env));
    try {
      data = Buffer.from(await (await database.embedded!.dump()).arrayBuffer());
    } finally {
      await database.close();
      lock.release();
    }
    source = 'the server was not running';
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.partial`, data!, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  console.log(`Backup written to ${file} (${megabytes(data!.length)}; ${source!}). Restore it with: npm run db:restore -- ${file}`);
}

/** Replaces the embedded database with a backup; the database it replaces is kept beside it. */
async function restore(fileArg: string | undefined) {
  if (env.DATABASE_URL) {
    console.error('db:restore replaces the embedded database; with DATABASE_URL use pg_restore (docs/operations.md, Backups).');
    process.exit(1);
  }
  if (!fileArg || !existsSync(fileArg)) {
    console.error(fileArg ? `No backup file at ${fileArg}.` : 'Usage: npm run db:restore -- FILE (a .tar.gz made by npm run db:backup)');
    process.exit(1);
  }
  const data = readFileSync(fileArg);
  if (data[0] !== 0x1f || data[1] !== 0x8b) {
    console.error(`${fileArg} is not a backup made by npm run db:backup (not a gzipped tar).`);
    process.exit(1);
  }
  // the server must be stopped: it would go on writing to the database being replaced
  lockEmbeddedDatabase(env, 'npm run db:restore');
  const aside = existsSync(pgliteDir) ? `${pgliteDir}.before-restore-${stamp()}` : null;
  if (aside) renameSync(pgliteDir, aside);
  try {
    const database = await openDatabase({ dataDir: pgliteDir, loadDataDir: new Blob([data], { type: 'application/x-gzip' }) });
    const leads = (await database.db.execute('select count(*)::int as n from form_submissions')) as unknown as { rows: { n: number }[] };
    await database.close();
    console.log(`Restored ${path.resolve(fileArg)} into ${pgliteDir} (${leads.rows[0]?.n ?? 0} leads).`);
    if (aside) console.log(`The database it replaced is kept in ${aside}: delete it once the site is as it should be.`);
  } catch (err) {
    rmSync(pgliteDir, { recursive: true, force: true });
    if (aside) renameSync(aside, pgliteDir);
    console.error(`The backup could not be restored (${(err as Error).message}); the database was left as it was.`);
    process.exit(1);
  }
}

if (command === 'backup' || command === 'restore') {
  await (command === 'backup' ? backup(process.argv[3]) : restore(process.argv[3]));
  process.exit(0);
}
if (command === 'reset' && !process.argv.includes(RESET_FLAG)) {
  console.error(
    `db:reset deletes every record${env.DATABASE_URL ? ' in the database at DATABASE_URL' : ` under ${dataDir}`}. Run: npm run db:reset -- ${RESET_FLAG}`,
  );
  process.exit(1);
}
// The embedded database allows one process: refuse while the server (or another command) has it open.
lockEmbeddedDatabase(env, `npm run db:${command}`);

switch (command) {
  case 'migrate': {
    const database = await openDatabase(databaseOptions(env));
    await database.migrate();
    await database.close();
    console.log(`Migrations applied (${database.engine}).`);
    break;
  }
  case 'seed':
    await migrateAndSeed();
    break;
  case 'reset': {
    if (env.DATABASE_URL) {
      const database = await openDatabase(databaseOptions(env));
      await database.db.execute('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
      await database.close();
    } else {
      rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
      // the leads journaled for the deleted database must not come back at the next start
      rmSync(path.join(dataDir, 'intake-journal'), { recursive: true, force: true });
    }
    await migrateAndSeed();
    break;
  }
}
