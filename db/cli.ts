// Database maintenance: `npm run db:migrate`, `npm run db:seed`, `npm run db:reset -- --yes-delete-everything`.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { announceEverythingChanged } from './content-channel.ts';
import { seedDatabase } from './seed/index.ts';
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
    console.log(`Seed complete (${database.engine}${ctx.demoReps ? '' : '; sample reps skipped in production, SEED_DEMO_REPS=true adds them'}).`);
  } finally {
    await database.close();
  }
}

const usage = 'Usage: db/cli migrate | seed | reset --yes-delete-everything';
if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
  console.error(usage);
  process.exit(1);
}
if (command === 'reset' && !process.argv.includes(RESET_FLAG)) {
  console.error(`db:reset deletes every record${env.DATABASE_URL ? ' in the database at DATABASE_URL' : ` under ${dataDir}`}. Run: npm run db:reset -- ${RESET_FLAG}`);
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
    }
    await migrateAndSeed();
    break;
  }
}
