import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backfill } from './backfills.ts';
import { migrationsFolder, openDatabase } from './client.ts';

// PostgreSQL only: lock_timeout, and backfills in transactions of their own while other sessions work.
const baseUrl = process.env.TEST_DATABASE_URL!;
const admin = new pg.Client({ connectionString: baseUrl });
const created: string[] = [];
const folders: string[] = [];

async function freshDatabase(): Promise<string> {
  const name = `roll_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  created.push(name);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrations folder in Drizzle's layout with these statements, one migration each. */
function migrations(statements: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  folders.push(dir);
  mkdirSync(path.join(dir, 'meta'));
  const entries = statements.map((statement, idx) => {
    const tag = `${String(idx).padStart(4, '0')}_step`;
    writeFileSync(path.join(dir, `${tag}.sql`), statement);
    return { idx, version: '7', when: 1_000 + idx, tag, breakpoints: true };
  });
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  return dir;
}

const backfillsTable = readFileSync(path.join(migrationsFolder, '0023_backfills.sql'), 'utf8');
const base = ['CREATE TABLE "things" ("id" serial PRIMARY KEY, "x" integer NOT NULL);', backfillsTable];
const quiet = { error: () => undefined };

beforeAll(() => admin.connect());
afterAll(async () => {
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('a migration that meets a long transaction', () => {
  it('gives up its lock wait, lets the other session go on, and tries again until it gets the table', async () => {
    const url = await freshDatabase();
    const first = await openDatabase({ url, poolSize: 2, migrationsFolder: migrations(base), log: quiet });
    await first.migrate();
    await first.close();

    // a long-running reader holds the table for 1.5 s; ALTER TABLE needs it alone
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table things in access share mode');
    const released = new Promise<void>((resolve) => setTimeout(() => void holder.query('commit').then(() => resolve()), 1_500));

    const warn = vi.fn();
    const db = await openDatabase({
      url,
      poolSize: 2,
      migrationsFolder: migrations([...base, 'ALTER TABLE "things" ADD COLUMN "y" integer;']),
      migrationLockTimeoutMs: 200,
      log: { error: () => undefined, warn },
    });
    try {
      // while the migration waits and retries, other sessions are not queued behind it
      const migrating = db.migrate();
      await new Promise((r) => setTimeout(r, 400));
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      const t0 = Date.now();
      await other.query('select count(*) from things');
      expect(Date.now() - t0).toBeLessThan(1_000);
      await other.end();

      await migrating;
      await released;
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ attempt: 1 }), expect.stringMatching(/table lock; trying again/));
      const cols = await db.db.execute(sql`select column_name from information_schema.columns where table_name = 'things' order by 1`);
      expect((cols as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name)).toEqual(['id', 'x', 'y']);
    } finally {
      await holder.end();
      await db.close();
    }
  });

  it('after its last attempt fails with a message that says what to look for, and changes nothing', async () => {
    const url = await freshDatabase();
    const first = await openDatabase({ url, poolSize: 2, migrationsFolder: migrations(base), log: quiet });
    await first.migrate();
    await first.close();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table things in access share mode');
    const db = await openDatabase({
      url,
      poolSize: 2,
      migrationsFolder: migrations([...base, 'ALTER TABLE "things" ADD COLUMN "y" integer;']),
      migrationLockTimeoutMs: 100,
      migrationAttempts: 2,
      log: quiet,
    });
    try {
      await expect(db.migrate()).rejects.toThrow(/gave up after 2 attempts.*pg_stat_activity/);
      await holder.query('commit');
      const cols = await db.db.execute(sql`select count(*)::int as n from information_schema.columns where table_name = 'things'`);
      expect((cols as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
      const applied = await db.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    } finally {
      await holder.end();
      await db.close();
    }
  });
});

describe('a data backfill', () => {
  const fillY = (seen: number[], failOn?: number): Backfill => ({
    name: 'things-y',
    async batch(tx, limit) {
      const txid = await tx.execute(sql`select txid_current()::text as id`);
      seen.push(Number((txid as unknown as { rows: { id: string }[] }).rows[0]!.id));
      if (failOn !== undefined && seen.length === failOn) throw new Error('interrupted');
      const res = await tx.execute(
        sql`update things set y = x * 2 where id in (select id from things where y is null order by id limit ${limit})`,
      );
      return (res as unknown as { rowCount: number }).rowCount;
    },
  });

  it('runs after the schema, in batches that are transactions of their own, resumes after an interruption, and runs once', async () => {
    const url = await freshDatabase();
    const folder = migrations([...base, 'ALTER TABLE "things" ADD COLUMN "y" integer;']);
    const setup = await openDatabase({ url, poolSize: 2, migrationsFolder: migrations(base), log: quiet });
    await setup.migrate();
    await setup.db.execute(sql`insert into things (x) select g from generate_series(1, 1200) g`);
    await setup.close();

    // interrupted in its second batch: the first batch's rows stay filled
    const broken: number[] = [];
    const a = await openDatabase({ url, poolSize: 2, migrationsFolder: folder, backfills: [fillY(broken, 2)], log: quiet });
    await expect(a.migrate()).rejects.toThrow('interrupted');
    const filled = await a.db.execute(sql`select count(*)::int as n from things where y is not null`);
    expect((filled as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(500);
    await a.close();

    const seen: number[] = [];
    const b = await openDatabase({ url, poolSize: 2, migrationsFolder: folder, backfills: [fillY(seen)], log: quiet });
    try {
      await b.migrate();
      // 700 rows left: 500, 200, then a batch that finds nothing; each in its own transaction
      expect(seen).toHaveLength(3);
      expect(new Set(seen).size).toBe(3);
      const rows = await b.db.execute(sql`select count(*)::int as n, sum(case when y = x * 2 then 1 else 0 end)::int as ok from things`);
      expect((rows as unknown as { rows: { n: number; ok: number }[] }).rows[0]).toEqual({ n: 1200, ok: 1200 });
      const done = await b.db.execute(sql`select name, rows from backfills_done`);
      expect((done as unknown as { rows: unknown[] }).rows).toEqual([{ name: 'things-y', rows: 700 }]);

      // the next start does not run it again
      seen.length = 0;
      await b.migrate();
      expect(seen).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
