import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { projectRoot } from '../config/project-root.ts';
import { BACKFILLS, runBackfills, type Backfill } from './backfills.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DatabaseLogger {
  error(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Resolves when the database answers; rejects within the connect timeout when it does not. */
  ping(): Promise<void>;
  /**
   * Applies pending migrations, then runs `afterwards` (the first-run seed), holding the migration
   * lock throughout: a PostgreSQL advisory lock, so instances that start together take turns
   * (PGlite: one process only, see data-dir-lock.ts; calls within it take turns).
   */
  migrate<T = void>(afterwards?: () => Promise<T>): Promise<T | undefined>;
  /** Where pool errors are logged (the app's logger once it exists). */
  setLogger(log: DatabaseLogger): void;
  close(): Promise<void>;
  /** The embedded database only: what the intake journal and db:backup need of it. */
  embedded?: EmbeddedDatabase;
}

export interface EmbeddedDatabase {
  /** its folder (DATA_DIR/pglite); undefined in memory */
  dataDir?: string;
  /** writes every committed change to the database's files (not fsynced: PGlite never fsyncs) */
  checkpoint(): Promise<void>;
  /** a consistent copy of the whole database as a gzipped tar (checkpoint, then PGlite's data-dir dump) */
  dump(): Promise<Blob>;
}

export const migrationsFolder = path.join(projectRoot, 'db', 'migrations');

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; omit for an in-memory database. */
  dataDir?: string;
  /** A PGlite dump (from dumpDataDir) to start from, used by tests to clone a migrated image. */
  loadDataDir?: Blob | File;
  /** PGlite: initdb arguments and postgresql.conf lines for a new database (the test image's small WAL). */
  pgliteInit?: { initDbStartParams?: string[]; postgresqlconf?: string[] };
  /** An open PGlite to use instead of starting one (the tests lend out copies of their image this way). */
  pglite?: PGlite;
  poolSize?: number;
  /** Called with every SQL statement Drizzle sends (benchmarks and query-count tests). */
  onQuery?: (sql: string) => void;
  /** PostgreSQL: give up connecting (and the readiness ping) after this long. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement that runs longer (0: no limit). Migrations are exempt. */
  statementTimeoutMs?: number;
  log?: DatabaseLogger;
  /** PGlite: the new database a data directory without one starts from (default: the build's, embeddedTemplateDir). */
  embeddedTemplate?: string;
  /** Tests: another folder of migrations. */
  migrationsFolder?: string;
  /**
   * PostgreSQL: a migration statement that waits longer than this for a table lock gives up (its
   * transaction rolls back) and the migrations are tried again, up to `migrationAttempts` times, so
   * a long transaction elsewhere never queues every request behind the migration (ADR 039).
   */
  migrationLockTimeoutMs?: number;
  migrationAttempts?: number;
  /** The data backfills run after the migrations (db/backfills.ts); tests pass their own. */
  backfills?: readonly Backfill[];
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_MIGRATION_LOCK_TIMEOUT_MS = 5_000;
export const DEFAULT_MIGRATION_ATTEMPTS = 8;

/** PostgreSQL's lock_not_available (lock_timeout expired), also when Drizzle wraps the driver's error. */
function isLockTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '55P03') return true;
  }
  return false;
}
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Key of the advisory lock held while migrating and seeding: any constant unique to this
 * application (the bytes of "nfsite01" as a bigint).
 */
export const MIGRATION_LOCK_KEY = 0x6e66736974653031n;

// Before the app's logger exists (or in scripts), pool errors still reach the operator.
const consoleLogger: DatabaseLogger = {
  error: (obj, msg) => console.warn(JSON.stringify({ level: 'error', msg, ...serializeErr(obj) })),
};

function serializeErr(obj: object): object {
  const err = (obj as { err?: unknown }).err;
  return err instanceof Error ? { ...obj, err: { message: err.message, code: (err as { code?: string }).code } } : obj;
}

/** Rejects with `message` when `promise` has not settled within `ms`. */
function withDeadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The column types Drizzle reads as PostgreSQL's own text and maps itself: timestamp, timestamptz,
 * interval, date, and the arrays numeric[], timestamp[], timestamptz[], interval[], date[]
 * (drizzle-orm/pglite/session.js asks for exactly these on every query).
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/**
 * The PGlite client Drizzle is given. Drizzle passes its parsers for DRIZZLE_TEXT_TYPES with every
 * query, and PGlite copies its 300-odd default parsers to merge them each time: on this machine
 * that cost as much as running a small query (measured on the knowledge-center search). The same
 * parsers are set once on the instance instead, and a query whose `parsers` are exactly those goes
 * on without them (same rows). Anything else passes through unchanged, so a Drizzle that asks for
 * other types still gets them. The raw client (migrations, the test harness) shares the instance:
 * it too reads those types as text.
 */
function withDrizzleParsers(client: PGlite): PGlite {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const sameParsers = (parsers: object) => {
    const keys = Object.keys(parsers);
    return keys.length === DRIZZLE_TEXT_TYPES.length && keys.every((k) => DRIZZLE_TEXT_TYPES.includes(Number(k)));
  };
  type Query = PGlite['query'];
  const query =
    (run: Query): Query =>
    (sql, params, options) =>
      run(sql, params, options?.parsers && sameParsers(options.parsers) ? { ...options, parsers: undefined } : options);
  // PGlite keeps its state in private fields: every other member is the instance's own, bound to it
  const bound = <T extends object>(target: T, overrides: Partial<T>): T =>
    new Proxy(target, {
      get(t, name) {
        if (Object.hasOwn(overrides, name)) return overrides[name as keyof T];
        const value: unknown = Reflect.get(t, name, t);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
    });
  return bound(client, {
    query: query(client.query.bind(client)),
    transaction: ((callback) =>
      client.transaction((tx) => callback(bound(tx, { query: query(tx.query.bind(tx)) })))) as PGlite['transaction'],
  });
}

/**
 * The embedded database's memory settings, given on PGlite's command line so they hold for every
 * database (postgresql.conf is left as initdb wrote it). PGlite's WebAssembly memory only ever grows,
 * so what PostgreSQL touches once stays resident: the 128 MB of shared buffers initdb picks were
 * touched as soon as the tables were read (about 100 MB more resident than 16 MB; a site's database
 * is a few tens of MB and its files stay in the operating system's cache), and an index build may
 * use maintenance_work_mem (64 MB by default) once and keep it (ADR 042).
 */
export const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * A new embedded database made by `npm run build` (scripts/pglite-template.mjs): PGlite's own
 * initdb, run in the server, takes 40-50 s and peaks at about 800 MB resident (a second PGlite and
 * the initdb module, each with its memory), which a server's memory never gives back to the system.
 */
export const embeddedTemplateDir = path.join(projectRoot, 'build', 'pglite-template');

/**
 * A data directory that does not hold a database yet starts as a copy of the template (when the
 * build made one), copied beside it and renamed into place, so a start that stops half-way leaves
 * no half-copied database. Without a template PGlite runs initdb itself.
 */
export function copyEmbeddedTemplate(dataDir: string, template = embeddedTemplateDir): boolean {
  if (!existsSync(path.join(template, 'PG_VERSION'))) return false;
  // only a folder that is not there yet or empty: anything else is left to PGlite as it is
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  const staging = `${dataDir}.template-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(template, staging, { recursive: true });
  if (existsSync(dataDir)) rmdirSync(dataDir);
  renameSync(staging, dataDir);
  return true;
}

/**
 * A connection lost while a request holds it (a transaction between two statements) must neither end
 * the process nor leave the pool a client short (ADR 046). node-postgres emits 'error' on the client
 * as well as failing its query, and pg-pool listens only while a client is idle: unheard, the event
 * ended the process. And Drizzle's transaction sends BEGIN before its try block, so a BEGIN that fails
 * never released its client: each outage took a pool slot for good. So every client handed out by
 * `pool.connect()` (Drizzle's transactions) is given back, marked broken, as soon as its connection
 * fails, and releasing it again later is a no-op. `pool.query` manages its own clients and is left alone.
 */
function guardCheckouts(pool: pg.Pool, log: () => DatabaseLogger) {
  // never unheard, whoever holds the client; the pool's idle listener logs an idle one's loss
  pool.on('connect', (client) => client.on('error', () => undefined));
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return connect()!.then((client) => {
      const release = client.release;
      let released = false;
      const lost = (err: Error) => {
        if (released) return;
        released = true;
        const l = log();
        if (l.warn) l.warn({ err }, 'PostgreSQL connection lost while in use; the request fails');
        else l.error({ err }, 'PostgreSQL connection lost while in use; the request fails');
        release.call(client, err);
      };
      client.once('error', lost);
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', lost);
        release.call(client, err);
      };
      return client;
    });
  }) as typeof pool.connect;
}

/** Runs calls one after another within this process. */
function serialized() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const onQuery = opts.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  const folder = opts.migrationsFolder ?? migrationsFolder;
  const backfills = opts.backfills ?? BACKFILLS;
  const lockTimeoutMs = opts.migrationLockTimeoutMs ?? DEFAULT_MIGRATION_LOCK_TIMEOUT_MS;
  const attempts = opts.migrationAttempts ?? DEFAULT_MIGRATION_ATTEMPTS;
  if (opts.url) {
    const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const statementTimeoutMs = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    let log = opts.log ?? consoleLogger;
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // Without these a stopped or unreachable server makes every request (and /readyz) hang.
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: statementTimeoutMs || undefined,
      // A server that stops answering mid-query (network partition) is noticed by the client too.
      query_timeout: statementTimeoutMs ? statementTimeoutMs + connectTimeoutMs : undefined,
    });
    // An idle connection that the server closes (restart, failover, a dropped database) emits
    // 'error' on the pool; without a listener that crashes the process. The next query reconnects.
    pool.on('error', (err) => log.error({ err }, 'PostgreSQL connection lost while idle; the next query reconnects'));
    guardCheckouts(pool, () => log);
    const db = drizzlePg(pool, { logger }) as unknown as Db;
    const local = serialized();
    return {
      db,
      engine: 'postgres',
      ping: () =>
        withDeadline(
          pool.query('select 1').then(() => undefined),
          connectTimeoutMs,
          `PostgreSQL did not answer within ${connectTimeoutMs} ms`,
        ),
      migrate: (afterwards) =>
        local(async () => {
          // A session of its own: the advisory lock belongs to it, and migrations may run longer
          // than the statement timeout that protects requests.
          const client = new pg.Client({ connectionString: opts.url, connectionTimeoutMillis: connectTimeoutMs });
          client.on('error', (err) => log.error({ err }, 'PostgreSQL migration connection error'));
          await client.connect();
          try {
            await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
            try {
              await client.query(`set lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
              for (let attempt = 1; ; attempt++) {
                try {
                  await migratePg(drizzlePg(client), { migrationsFolder: folder });
                  break;
                } catch (err) {
                  if (!isLockTimeout(err)) throw err;
                  if (attempt >= attempts)
                    throw new Error(
                      `Migrations gave up after ${attempts} attempts: a table they change stayed locked for more than ` +
                        `${lockTimeoutMs} ms each time (look for a long-running transaction in pg_stat_activity).`,
                      { cause: err },
                    );
                  const waitMs = Math.min(500 * 2 ** (attempt - 1), 8_000);
                  (log.warn ?? log.error)({ attempt, waitMs }, 'a migration waited too long for a table lock; trying again');
                  await new Promise((resolve) => setTimeout(resolve, waitMs));
                }
              }
              await client.query('set lock_timeout = 0');
              await runBackfills(db, backfills, { log: { info: (obj, msg) => log.info?.(obj, msg) } });
              return await afterwards?.();
            } finally {
              // Ending the session releases the lock too: a failed unlock must not hide the real error.
              await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => undefined);
            }
          } finally {
            await client.end();
          }
        }),
      setLogger: (next) => {
        log = next;
      },
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(path.dirname(path.resolve(opts.dataDir)), { recursive: true });
  if (opts.dataDir && !opts.loadDataDir) copyEmbeddedTemplate(path.resolve(opts.dataDir), opts.embeddedTemplate);
  const client =
    opts.pglite ??
    new PGlite({
      dataDir: opts.dataDir,
      loadDataDir: opts.loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
      ...opts.pgliteInit,
    });
  await client.waitReady;
  const db = drizzlePglite(withDrizzleParsers(client), { logger }) as unknown as Db;
  const local = serialized();
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: (afterwards) =>
      local(async () => {
        await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
        await runBackfills(db, backfills);
        return afterwards?.();
      }),
    setLogger: () => undefined,
    close: () => client.close(),
    embedded: {
      dataDir: opts.dataDir ? path.resolve(opts.dataDir) : undefined,
      checkpoint: async () => {
        await client.exec('checkpoint');
      },
      dump: async () => {
        await client.exec('checkpoint');
        // runs exclusively: no query changes the files while they are read
        return client.dumpDataDir('gzip');
      },
    },
    // exposed for the test harness that snapshots a migrated image
    ...({ pglite: client } as object),
  };
}
