import {
  and,
  desc,
  eq,
  getTableName,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  min,
  or,
  sql,
  type InferInsertModel,
  type InferSelectModel,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '#db/client.ts';
import { adminUsers } from '#db/schema/users.ts';
import { conflictMessage, conflictPerson, type SaveGuard } from '#shared/validation/edit-conflict.ts';
import { EditConflictError } from '../errors.ts';

/** What every base table made by db/schema/versioned.ts has. */
export type VersionedBase = PgTable & {
  id: PgColumn;
  status: PgColumn;
  currentVersionId: PgColumn;
  nextPublishAt: PgColumn;
  unpublishAt: PgColumn;
  unpublishRedirect: PgColumn;
  updated: PgColumn;
};
/** What every versions table made by db/schema/versioned.ts has. */
export type VersionedVersions = PgTable & {
  id: PgColumn;
  itemId: PgColumn;
  title: PgColumn;
  publishAt: PgColumn;
  authorId: PgColumn;
  created: PgColumn;
};

export interface VersionMeta {
  /** who saves it (null: seeds, scripts) */
  authorId?: number | null;
  /** null or absent: live now; a future time: live from then on */
  publishAt?: Date | null;
  /** the saved version whose content this one restores (a rollback), for the audit log */
  rollbackOf?: number | null;
  /**
   * the version the save started from (ADR 048): the append is refused (EditConflictError) unless it is
   * still the newest; absent for writes from inside the server (seeds, scripts)
   */
  guard?: SaveGuard | null;
}

/** A saved version and who saved it: what a refused save names, and whose changes an overwrite saved over. */
export interface VersionAuthor {
  id: number;
  created: Date;
  authorId: number | null;
  email: string | null;
  name: string | null;
}

export interface VersionListItem {
  id: number;
  created: Date;
  publishAt: Date | null;
  authorId: number | null;
  /** the author's email (the admin users have no other name); null for seeded content */
  author: string | null;
  /** true for the version the site's pointer names (the site shows it when the item is published) */
  current: boolean;
  /** the item's status when this version was saved: 1 published, 0 draft */
  status: number;
}

export interface VersionedDef<B extends VersionedBase, V extends VersionedVersions> {
  base: B;
  versions: V;
  /** Base columns copied from the version that becomes current (sort and search columns). */
  onCurrent?: (version: InferSelectModel<V>) => Partial<InferInsertModel<B>>;
  /** Rows kept beside the base for the current version (full-text search), written in the same transaction. */
  afterCurrent?: (tx: DbOrTx, itemId: number, version: InferSelectModel<V>) => Promise<void>;
}

/** The version fields a caller supplies: everything but the bookkeeping columns. */
type Without<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };
export type VersionValues<V extends VersionedVersions> = Without<
  InferInsertModel<V>,
  'id' | 'itemId' | 'publishAt' | 'authorId' | 'created' | 'baseFields'
>;
export type BaseValues<B extends VersionedBase> = Without<
  InferInsertModel<B>,
  'id' | 'currentVersionId' | 'nextPublishAt' | 'created' | 'updated'
>;

type Row = Record<string, unknown>;

/**
 * The one versioning repository (ADR 017): base + append-only versions for every kind. A version
 * is never updated; the base row's `currentVersionId` points at the newest version whose publishAt
 * is null or past and is moved in the transaction that appends (or by `publishDue` when a
 * scheduled version's time comes).
 */
export function createVersioningRepository<B extends VersionedBase, V extends VersionedVersions>(db: DbOrTx, def: VersionedDef<B, V>) {
  const { base, versions } = def;
  type BaseRow = InferSelectModel<B>;
  type VersionRow = InferSelectModel<V>;
  // Drizzle's generic tables do not narrow well; the column checks are the table types above.
  const b = base as unknown as VersionedBase & Record<string, PgColumn>;
  const v = versions as unknown as VersionedVersions & Record<string, PgColumn>;
  const anyDb = db as unknown as Db;

  const baseName = getTableName(base);
  const versionsName = getTableName(versions);
  function pair(row: unknown): { base: BaseRow; version: VersionRow } | undefined {
    if (!row) return undefined;
    const r = row as Record<string, unknown>;
    return { base: r[baseName] as BaseRow, version: r[versionsName] as VersionRow };
  }

  function transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return anyDb.transaction((tx) => work(tx));
  }

  /**
   * Points the base row at the newest due version and records the next scheduled one. Returns
   * true when the pointer moved. Runs inside the caller's transaction.
   */
  async function settle(tx: DbOrTx, itemId: number, now: Date, force = false): Promise<boolean> {
    const t = tx as unknown as Db;
    // The base row is locked first: a save running beside this one waits here, then reads the versions
    // both appended (read committed), so the pointer always ends on the newest. NO KEY UPDATE, as the
    // update below takes: each save's version insert holds a KEY SHARE lock on this row (its foreign
    // key), which FOR UPDATE would wait on from both sides (a deadlock).
    const [before] = await t
      .select({ current: b.currentVersionId })
      .from(base as PgTable)
      .where(eq(b.id, itemId))
      .for('no key update');
    const [due] = await t
      .select({ id: max(v.id) })
      .from(versions as PgTable)
      .where(and(eq(v.itemId, itemId), or(isNull(v.publishAt), lte(v.publishAt, now))));
    const currentId = (due?.id as number | null | undefined) ?? null;
    const [next] = await t
      .select({ at: min(v.publishAt) })
      .from(versions as PgTable)
      .where(and(eq(v.itemId, itemId), gt(v.publishAt, now), currentId === null ? undefined : gt(v.id, currentId)));
    const nextPublishAt = (next?.at as Date | null | undefined) ?? null;
    const moved = (before?.current ?? null) !== currentId;
    let copied: Row = {};
    let currentRow: VersionRow | undefined;
    if ((moved || force) && currentId !== null && (def.onCurrent || def.afterCurrent)) {
      const [row] = await t
        .select()
        .from(versions as PgTable)
        .where(eq(v.id, currentId));
      currentRow = row as VersionRow;
      if (def.onCurrent) copied = def.onCurrent(currentRow) as Row;
    }
    await t
      .update(base as PgTable)
      .set({ currentVersionId: currentId, nextPublishAt, updated: new Date(), ...copied } as never)
      .where(eq(b.id, itemId));
    if (currentRow && def.afterCurrent) await def.afterCurrent(tx, itemId, currentRow);
    return moved;
  }

  /** The newest version of an item (scheduled or not) and who saved it. */
  async function newestVersion(tx: DbOrTx, itemId: number): Promise<VersionAuthor | undefined> {
    const [row] = await (tx as unknown as Db)
      .select({ id: v.id, created: v.created, authorId: v.authorId, email: adminUsers.email, name: adminUsers.name })
      .from(versions as PgTable)
      .leftJoin(adminUsers, eq(adminUsers.id, v.authorId))
      .where(eq(v.itemId, itemId))
      .orderBy(desc(v.id))
      .limit(1);
    return row as VersionAuthor | undefined;
  }

  /**
   * Compare-and-set (ADR 048): locks the base row (a save beside this one waits here until this one
   * commits, on PGlite as on PostgreSQL) and refuses the save unless the version it started from is
   * still the newest. Runs first in the append's transaction, so two saves from the same version
   * cannot both be written.
   */
  async function checkGuard(tx: DbOrTx, itemId: number, guard: SaveGuard | null | undefined): Promise<void> {
    if (!guard) return;
    await (tx as unknown as Db)
      .select({ id: b.id })
      .from(base as PgTable)
      .where(eq(b.id, itemId))
      .for('no key update');
    const newest = await newestVersion(tx, itemId);
    if (!newest || newest.id === guard.baseVersion) return;
    const savedBy = newest.authorId === null ? null : conflictPerson(newest.authorId, newest.email, newest.name);
    throw new EditConflictError(conflictMessage(savedBy, newest.created), {
      baseVersion: guard.baseVersion,
      currentVersion: newest.id,
      savedBy,
      savedAt: newest.created.toISOString(),
      fields: [],
    });
  }

  /** The base row's own fields as they are now (bookkeeping left out), kept with each version for a rollback. */
  async function baseSnapshot(tx: DbOrTx, itemId: number): Promise<Row | null> {
    const [row] = await (tx as unknown as Db)
      .select()
      .from(base as PgTable)
      .where(eq(b.id, itemId));
    if (!row) return null;
    // the expiry is not versioned (ADR 049): a rollback leaves it as it is
    const {
      id: _id,
      currentVersionId: _c,
      nextPublishAt: _n,
      unpublishAt: _ua,
      unpublishRedirect: _ur,
      created: _cr,
      updated: _u,
      ...fields
    } = row as Row;
    return fields;
  }

  async function insertVersion(tx: DbOrTx, itemId: number, values: VersionValues<V>, meta: VersionMeta): Promise<number> {
    const baseFields = await baseSnapshot(tx, itemId);
    const [row] = await (tx as unknown as Db)
      .insert(versions as PgTable)
      .values({
        ...(values as Row),
        itemId,
        authorId: meta.authorId ?? null,
        publishAt: meta.publishAt ?? null,
        baseFields,
        // the item's status as this save leaves it (the base row is written first in the same transaction)
        status: sql`(select greatest(${b.status}, 0) from ${base} where ${b.id} = ${itemId})`,
      } as never)
      .returning({ id: v.id });
    return row!.id as number;
  }

  return {
    base,
    versions,
    transaction,

    async findBase(id: number): Promise<BaseRow | undefined> {
      const [row] = await anyDb
        .select()
        .from(base as PgTable)
        .where(eq(b.id, id));
      return row as BaseRow | undefined;
    },

    /** The base row and the version the public site shows (whatever the status). */
    async current(id: number): Promise<{ base: BaseRow; version: VersionRow } | undefined> {
      const [row] = await anyDb
        .select()
        .from(base as PgTable)
        .innerJoin(versions as PgTable, eq(v.id, b.currentVersionId))
        .where(eq(b.id, id));
      return pair(row);
    },

    /** The newest version, scheduled or not: what an editor opens. */
    async latest(id: number): Promise<{ base: BaseRow; version: VersionRow } | undefined> {
      const [row] = await anyDb
        .select()
        .from(base as PgTable)
        .innerJoin(versions as PgTable, eq(v.itemId, b.id))
        .where(eq(b.id, id))
        .orderBy(desc(v.id))
        .limit(1);
      return pair(row);
    },

    /** One version and who saved it (undefined when the item has no such version). */
    async versionAuthor(id: number, versionId: number): Promise<VersionAuthor | undefined> {
      const [row] = await anyDb
        .select({ id: v.id, created: v.created, authorId: v.authorId, email: adminUsers.email, name: adminUsers.name })
        .from(versions as PgTable)
        .leftJoin(adminUsers, eq(adminUsers.id, v.authorId))
        .where(and(eq(v.itemId, id), eq(v.id, versionId)));
      return row as VersionAuthor | undefined;
    },

    async getVersion(id: number, versionId: number): Promise<VersionRow | undefined> {
      const [row] = await anyDb
        .select()
        .from(versions as PgTable)
        .where(and(eq(v.itemId, id), eq(v.id, versionId)));
      return row as VersionRow | undefined;
    },

    /** Every version of an item, newest first (the rollback list), with who saved it. */
    async listVersions(id: number): Promise<VersionListItem[]> {
      const rows = await anyDb
        .select({
          id: v.id,
          created: v.created,
          publishAt: v.publishAt,
          authorId: v.authorId,
          author: adminUsers.email,
          current: sql<boolean>`${v.id} = ${b.currentVersionId}`,
          // versions written without a status (bulk seeds) count as the item's status now
          // the current version has the item's status now (a status changed without a save is what the site obeys)
          status: sql<number>`case when ${v.id} = ${b.currentVersionId} then greatest(${b.status}, 0) else coalesce(${v.status}, greatest(${b.status}, 0)) end`,
        })
        .from(versions as PgTable)
        .innerJoin(base as PgTable, eq(b.id, v.itemId))
        .leftJoin(adminUsers, eq(adminUsers.id, v.authorId))
        .where(eq(v.itemId, id))
        .orderBy(desc(v.id));
      return rows.map((r) => ({ ...r, status: Number(r.status), current: r.current === true })) as VersionListItem[];
    },

    /** A new base row and its first version, in one transaction. */
    async create(
      values: BaseValues<B>,
      version: VersionValues<V>,
      meta: VersionMeta = {},
      now = new Date(),
    ): Promise<{ id: number; versionId: number }> {
      return transaction(async (tx) => {
        const [row] = await (tx as unknown as Db)
          .insert(base as PgTable)
          .values(values as never)
          .returning({ id: b.id });
        const id = row!.id as number;
        const versionId = await insertVersion(tx, id, version, meta);
        await settle(tx, id, now, true);
        return { id, versionId };
      });
    },

    /**
     * Appends a version (never updates one) and, unless it is scheduled, makes it current; base
     * changes (slug, status, pinned) are written in the same transaction.
     */
    async append(
      id: number,
      version: VersionValues<V>,
      meta: VersionMeta = {},
      baseChanges: Partial<BaseValues<B>> = {},
      now = new Date(),
    ): Promise<number> {
      return transaction(async (tx) => {
        await checkGuard(tx, id, meta.guard);
        if (Object.keys(baseChanges).length > 0)
          await (tx as unknown as Db)
            .update(base as PgTable)
            .set(baseChanges as never)
            .where(eq(b.id, id));
        const versionId = await insertVersion(tx, id, version, meta);
        await settle(tx, id, now);
        return versionId;
      });
    },

    async updateBase(id: number, values: Partial<BaseValues<B>>): Promise<boolean> {
      const rows = await anyDb
        .update(base as PgTable)
        .set({ ...(values as Row), updated: new Date() } as never)
        .where(eq(b.id, id))
        .returning({ id: b.id });
      return rows.length > 0;
    },

    /** Items whose scheduled version is due: their pointer moves. Returns the ids that changed. */
    async publishDue(now = new Date()): Promise<number[]> {
      const due = await anyDb
        .select({ id: b.id })
        .from(base as PgTable)
        .where(and(isNotNull(b.nextPublishAt), lte(b.nextPublishAt, now)));
      const changed: number[] = [];
      for (const { id } of due) {
        if (await transaction((tx) => settle(tx, id as number, now))) changed.push(id as number);
      }
      return changed;
    },

    /**
     * Expiry (ADR 049): every published item whose unpublishAt has come becomes a draft, its unpublishAt
     * cleared, in one transaction that locks the due rows (FOR UPDATE SKIP LOCKED). Two instances running
     * this at once never take the same row: the second skips what the first holds, and once the first commits
     * those rows are drafts, so each item is unpublished, reported and audited once. Expiries left on drafts
     * are cleared quietly.
     */
    async unpublishDue(now = new Date()): Promise<{ id: number; redirect: string | null }[]> {
      const due = and(isNotNull(b.unpublishAt), lte(b.unpublishAt, now));
      await anyDb
        .update(base as PgTable)
        .set({ unpublishAt: null, unpublishRedirect: null } as never)
        .where(and(due, sql`${b.status} <> 1`));
      return transaction(async (tx) => {
        const t = tx as unknown as Db;
        // rows another instance is unpublishing right now are skipped: once it commits they are drafts
        const rows = await t
          .select({ id: b.id, redirect: b.unpublishRedirect })
          .from(base as PgTable)
          .where(and(due, eq(b.status, 1)))
          .for('update', { skipLocked: true });
        const ids = rows.map((r) => r.id as number);
        if (ids.length > 0)
          await t
            .update(base as PgTable)
            .set({ status: 0, unpublishAt: null, unpublishRedirect: null, updated: now } as never)
            .where(inArray(b.id, ids));
        return rows.map((r) => ({ id: r.id as number, redirect: (r.redirect as string | null) ?? null }));
      });
    },

    /** The earliest expiry of any published item of this kind. */
    async nextUnpublishAt(): Promise<Date | null> {
      const [row] = await anyDb
        .select({ at: min(b.unpublishAt) })
        .from(base as PgTable)
        .where(eq(b.status, 1));
      return (row?.at as Date | null | undefined) ?? null;
    },

    /** The earliest scheduled publish time of any item of this kind. */
    async nextPublishAt(): Promise<Date | null> {
      const [row] = await anyDb.select({ at: min(b.nextPublishAt) }).from(base as PgTable);
      return (row?.at as Date | null | undefined) ?? null;
    },

    settle,
    insertVersion,
  };
}
export type VersioningRepository<B extends VersionedBase, V extends VersionedVersions> = ReturnType<
  typeof createVersioningRepository<B, V>
>;
