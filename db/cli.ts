// Database maintenance: `npm run db:migrate`, `npm run db:seed`, `npm run db:reset -- --yes-delete-everything`.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { seedDatabase } from './seed/index.ts';

const env = loadEnv();
const command = process.argv[2];
const dataDir = path.resolve(env.DATA_DIR);
const RESET_FLAG = '--yes-delete-everything';

async function open() {
  return openDatabase({ url: env.DATABASE_URL, dataDir: path.join(dataDir, 'pglite') });
}

async function migrateAndSeed() {
  const database = await open();
  try {
    await database.migrate();
    const result = await seedDatabase(database.db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD, dataDir });
    if (result.admin) {
      console.log(`Administrator created: ${result.admin.email}${result.admin.password ? ` / ${result.admin.password} (shown once)` : ''}`);
    }
    console.log(`Seed complete (${database.engine}).`);
  } finally {
    await database.close();
  }
}

switch (command) {
  case 'migrate': {
    const database = await open();
    await database.migrate();
    await database.close();
    console.log(`Migrations applied (${database.engine}).`);
    break;
  }
  case 'seed':
    await migrateAndSeed();
    break;
  case 'reset': {
    if (!process.argv.includes(RESET_FLAG)) {
      console.error(`db:reset deletes every record${env.DATABASE_URL ? ' in the database at DATABASE_URL' : ` under ${dataDir}`}. Run: npm run db:reset -- ${RESET_FLAG}`);
      process.exit(1);
    }
    if (env.DATABASE_URL) {
      const database = await open();
      await database.db.execute('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
      await database.close();
    } else {
      rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    }
    await migrateAndSeed();
    break;
  }
  default:
    console.error('Usage: tsx db/cli.ts migrate | seed | reset --yes-delete-everything');
    process.exit(1);
}
