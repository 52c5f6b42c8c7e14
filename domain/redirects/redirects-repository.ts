import { asc, count, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { notFoundLog, redirects } from '#db/schema/redirects.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { actorId, atVersion, nextVersion } from '../record-versions-repository.ts';

const columns = {
  id: redirects.id,
  fromPath: redirects.fromPath,
  toPath: redirects.toPath,
  statusCode: redirects.statusCode,
  keepQuery: redirects.keepQuery,
  origin: redirects.origin,
  hits: redirects.hits,
  lastHit: redirects.lastHit,
  created: redirects.created,
  updated: redirects.updated,
  version: redirects.version,
  updatedBy: redirects.updatedBy,
};

const notFoundColumns = {
  id: notFoundLog.id,
  path: notFoundLog.path,
  hits: notFoundLog.hits,
  firstSeen: notFoundLog.firstSeen,
  lastSeen: notFoundLog.lastSeen,
};

export type RedirectRow = {
  id: number;
  fromPath: string;
  toPath: string | null;
  statusCode: number;
  keepQuery: boolean;
  /** 'rename': left by a content rename (later renames may change it); 'admin': a person's (renames never touch it); 'expiry': left by an item's expiry (ADR 049), removed when it is published again */
  origin: string;
  hits: number;
  lastHit: Date | null;
  created: Date;
  updated: Date;
  /** ADR 048: moved on by every save; a save names the one it started from */
  version: number;
  updatedBy: number | null;
};
export type RedirectWrite = {
  fromPath: string;
  toPath: string | null;
  statusCode: number;
  keepQuery?: boolean;
  origin?: 'admin' | 'rename' | 'expiry';
};
export type NotFoundRow = { id: number; path: string; hits: number; firstSeen: Date; lastSeen: Date };
/** Counts gathered in memory since the last flush. */
export type HitBatch = { id: number; count: number; last: Date }[];
export type MissBatch = { path: string; count: number; last: Date }[];

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export function createRedirectsRepository(db: DbOrTx) {
  return {
    listAll(): Promise<RedirectRow[]> {
      return db.select(columns).from(redirects).orderBy(asc(redirects.fromPath));
    },
    async filter(search: string, start: number, length: number): Promise<{ items: RedirectRow[]; total: number }> {
      const where = search ? or(ilike(redirects.fromPath, like(search)), ilike(redirects.toPath, like(search))) : undefined;
      const [items, [total]] = await Promise.all([
        db.select(columns).from(redirects).where(where).orderBy(asc(redirects.fromPath)).offset(start).limit(length),
        db.select({ n: count() }).from(redirects).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    async findById(id: number): Promise<RedirectRow | undefined> {
      const [row] = await db.select(columns).from(redirects).where(eq(redirects.id, id));
      return row;
    },
    async findByFromPath(fromPath: string): Promise<RedirectRow | undefined> {
      const [row] = await db.select(columns).from(redirects).where(eq(redirects.fromPath, fromPath));
      return row;
    },
    db,
    async insert(values: RedirectWrite): Promise<RedirectRow> {
      const [row] = await db
        .insert(redirects)
        .values({ ...values, updatedBy: actorId() })
        .returning(columns);
      return row!;
    },
    /** Writes a redirect; with a guard only while it is at the version the save started from (undefined otherwise, ADR 048). */
    async update(id: number, values: RedirectWrite, guard?: SaveGuard | null) {
      const [row] = await db
        .update(redirects)
        .set({ ...values, ...nextVersion(redirects.version) })
        .where(atVersion(eq(redirects.id, id), redirects.version, guard))
        .returning(columns);
      return row;
    },
    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
      return rows.length > 0;
    },
    /** One UPDATE per redirect hit since the last flush (a handful per interval, not one per request). */
    async addHits(batch: HitBatch) {
      for (const h of batch) {
        await db
          .update(redirects)
          .set({
            hits: sql`${redirects.hits} + ${h.count}`,
            lastHit: sql`greatest(${redirects.lastHit}, ${h.last.toISOString()}::timestamptz)`,
          })
          .where(eq(redirects.id, h.id));
      }
    },
    /** Adds the misses since the last flush, then keeps only the `keep` most recently seen paths. */
    async addMisses(batch: MissBatch, keep: number) {
      if (batch.length === 0) return;
      await db
        .insert(notFoundLog)
        .values(batch.map((m) => ({ path: m.path, hits: m.count, firstSeen: m.last, lastSeen: m.last })))
        .onConflictDoUpdate({
          target: notFoundLog.path,
          set: { hits: sql`${notFoundLog.hits} + excluded.hits`, lastSeen: sql`greatest(${notFoundLog.lastSeen}, excluded.last_seen)` },
        });
      const newest = db
        .select({ id: notFoundLog.id })
        .from(notFoundLog)
        .orderBy(desc(notFoundLog.lastSeen), desc(notFoundLog.id))
        .limit(keep);
      await db.delete(notFoundLog).where(notInArray(notFoundLog.id, newest));
    },
    async filterNotFound(search: string, start: number, length: number): Promise<{ items: NotFoundRow[]; total: number }> {
      const where = search ? ilike(notFoundLog.path, like(search)) : undefined;
      const [items, [total]] = await Promise.all([
        db
          .select(notFoundColumns)
          .from(notFoundLog)
          .where(where)
          .orderBy(desc(notFoundLog.hits), desc(notFoundLog.lastSeen))
          .offset(start)
          .limit(length),
        db.select({ n: count() }).from(notFoundLog).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    async findNotFound(id: number): Promise<NotFoundRow | undefined> {
      const [row] = await db.select(notFoundColumns).from(notFoundLog).where(eq(notFoundLog.id, id));
      return row;
    },
    async deleteNotFound(id: number): Promise<boolean> {
      const rows = await db.delete(notFoundLog).where(eq(notFoundLog.id, id)).returning({ id: notFoundLog.id });
      return rows.length > 0;
    },
    /** A path that now redirects has left the Not Found log. */
    async deleteNotFoundPaths(paths: string[]) {
      if (paths.length) await db.delete(notFoundLog).where(inArray(notFoundLog.path, paths));
    },
  };
}
export type RedirectsRepository = ReturnType<typeof createRedirectsRepository>;
