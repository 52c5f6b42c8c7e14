import path from 'node:path';
import type { Env } from '#config/env.ts';
import { createConfiguredStorage } from '#domain/documents/configured-storage.ts';
import type { Database } from '#db/client.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '#db/data-dir-lock.ts';
import { seedDatabase } from '#seed/index.ts';
import type { SeedContext } from '#seed/types.ts';

/** Seed settings from the environment: demo reps only outside production, unless SEED_DEMO_REPS says otherwise. */
export function seedContextFromEnv(env: Env): SeedContext {
  return {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    dataDir: path.resolve(env.DATA_DIR),
    storage: createConfiguredStorage(env),
    demoReps: env.SEED_DEMO_REPS ?? env.NODE_ENV !== 'production',
  };
}

/**
 * What every start does before serving: migrate, then seed a new database, under the migration
 * lock so that instances starting together on a new release take turns instead of colliding.
 */
export function prepareDatabase(database: Database, ctx: SeedContext) {
  return database.migrate(() => seedDatabase(database.db, ctx, { firstRun: true })).then((r) => r!);
}

/**
 * With the embedded database, takes the DATA_DIR lock for this process (released at exit), or
 * prints the one-line reason and exits 1. PostgreSQL needs no lock: instances share it safely.
 */
export function lockEmbeddedDatabase(env: Env, purpose: string): DataDirLock | null {
  if (env.DATABASE_URL) return null;
  try {
    return acquireDataDirLock(path.resolve(env.DATA_DIR), purpose);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** Opens the configured database with the timeouts from the environment. */
export function databaseOptions(env: Env) {
  return {
    url: env.DATABASE_URL,
    dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite'),
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  };
}
