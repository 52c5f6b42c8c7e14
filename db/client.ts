import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; omit for an in-memory database. */
  dataDir?: string;
  /** A PGlite dump (from dumpDataDir) to start from, used by tests to clone a migrated image. */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** Called with every SQL statement Drizzle sends (benchmarks and query-count tests). */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const onQuery = opts.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection that the server closes (restart, failover, a dropped test database) emits
    // 'error' on the pool; without a listener that crashes the process. The next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { logger }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(path.dirname(path.resolve(opts.dataDir)), { recursive: true });
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { logger }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    // exposed for the test harness that snapshots a migrated image
    ...({ pglite: client } as object),
  };
}
