import { and, asc, count, eq, exists, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { postalCodes, repTerritories, reps, retailers } from '#db/schema/finder.ts';
import {
  repColumns as finderRepColumns,
  retailerColumns as finderRetailerColumns,
  type PostalCodeRow,
  type RepRow,
  type RetailerRow,
} from './finder-repository.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { actorId, atVersion, nextVersion, type RecordVersion } from '../record-versions-repository.ts';

/** Administration of reps and retailers (the public finder reads them through finder-repository.ts). */

export interface AdminRepRow extends RepRow, RecordVersion {
  updated: Date;
}
export type RepValues = Omit<AdminRepRow, 'id' | 'updated' | 'version' | 'updatedBy'>;
export type RepUpdate = Omit<RepValues, 'email'> & { email?: string };
export interface TerritoryValue {
  kind: string;
  value: string;
}

export interface AdminRetailerRow extends RetailerRow, RecordVersion {
  updated: Date;
}
export type RetailerValues = Omit<AdminRetailerRow, 'id' | 'updated' | 'version' | 'updatedBy'>;

export type Centroid = PostalCodeRow;

const repColumns = { ...finderRepColumns, updated: reps.updated, version: reps.version, updatedBy: reps.updatedBy };
const retailerColumns = {
  ...finderRetailerColumns,
  updated: retailers.updated,
  version: retailers.version,
  updatedBy: retailers.updatedBy,
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const CHUNK = 500;

export function createRepsRetailersRepository(db: DbOrTx) {
  function repSearch(search: string): SQL | undefined {
    if (!search) return undefined;
    const like = likePattern(search);
    return or(
      ilike(reps.name, like),
      ilike(reps.email, like),
      ilike(reps.title, like),
      exists(
        db
          .select({ one: sql`1` })
          .from(repTerritories)
          .where(and(eq(repTerritories.repId, reps.id), eq(repTerritories.value, search.toUpperCase()))),
      ),
    );
  }

  function retailerSearch(search: string): SQL | undefined {
    if (!search) return undefined;
    const like = likePattern(search);
    return or(
      ilike(retailers.name, like),
      ilike(retailers.city, like),
      ilike(retailers.postalCode, like),
      ilike(retailers.address, like),
      eq(retailers.state, search.toUpperCase()),
    );
  }

  return {
    db,
    async listReps(start: number, length: number, search: string): Promise<{ rows: AdminRepRow[]; total: number }> {
      const where = repSearch(search);
      const rows = await db.select(repColumns).from(reps).where(where).orderBy(asc(reps.name), asc(reps.id)).offset(start).limit(length);
      const [total] = await db.select({ n: count() }).from(reps).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },
    async allReps(): Promise<AdminRepRow[]> {
      return db.select(repColumns).from(reps).orderBy(asc(reps.name), asc(reps.id));
    },
    async getRep(id: number): Promise<AdminRepRow | undefined> {
      const [row] = await db.select(repColumns).from(reps).where(eq(reps.id, id));
      return row;
    },
    async territoriesOf(repIds: readonly number[]): Promise<(TerritoryValue & { repId: number })[]> {
      if (repIds.length === 0) return [];
      const out: (TerritoryValue & { repId: number })[] = [];
      for (let i = 0; i < repIds.length; i += CHUNK) {
        const part = await db
          .select({ repId: repTerritories.repId, kind: repTerritories.kind, value: repTerritories.value })
          .from(repTerritories)
          .where(inArray(repTerritories.repId, repIds.slice(i, i + CHUNK)))
          .orderBy(asc(repTerritories.id));
        out.push(...part);
      }
      return out;
    },
    async insertRep(values: RepValues, territories: readonly TerritoryValue[]): Promise<number> {
      const [row] = await db
        .insert(reps)
        .values({ ...values, updatedBy: actorId() })
        .returning({ id: reps.id });
      if (territories.length) await db.insert(repTerritories).values(territories.map((t) => ({ repId: row!.id, ...t })));
      return row!.id;
    },
    /**
     * Replaces the rep's fields (the email stays when none is given) and territories; false when there
     * is no such rep, or (with a guard) when it is no longer at the version the save started from (ADR 048).
     */
    async updateRep(id: number, values: RepUpdate, territories: readonly TerritoryValue[], guard?: SaveGuard | null): Promise<boolean> {
      const { email, ...rest } = values;
      const updated = await db
        .update(reps)
        .set({ ...rest, ...(email === undefined ? {} : { email }), ...nextVersion(reps.version) })
        .where(atVersion(eq(reps.id, id), reps.version, guard))
        .returning({ id: reps.id });
      if (updated.length === 0) return false;
      await db.delete(repTerritories).where(eq(repTerritories.repId, id));
      if (territories.length) await db.insert(repTerritories).values(territories.map((t) => ({ repId: id, ...t })));
      return true;
    },
    async deleteRep(id: number): Promise<boolean> {
      return (await db.delete(reps).where(eq(reps.id, id)).returning({ id: reps.id })).length > 0;
    },
    /** The email of each of these reps that exists, by id. */
    async repEmails(ids: readonly number[]): Promise<Map<number, string>> {
      const found = new Map<number, string>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        for (const r of await db
          .select({ id: reps.id, email: reps.email })
          .from(reps)
          .where(inArray(reps.id, ids.slice(i, i + CHUNK))))
          found.set(r.id, r.email);
      }
      return found;
    },

    async listRetailers(start: number, length: number, search: string): Promise<{ rows: AdminRetailerRow[]; total: number }> {
      const where = retailerSearch(search);
      const rows = await db
        .select(retailerColumns)
        .from(retailers)
        .where(where)
        .orderBy(asc(retailers.name), asc(retailers.id))
        .offset(start)
        .limit(length);
      const [total] = await db.select({ n: count() }).from(retailers).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },
    async allRetailers(): Promise<AdminRetailerRow[]> {
      return db.select(retailerColumns).from(retailers).orderBy(asc(retailers.name), asc(retailers.id));
    },
    async getRetailer(id: number): Promise<AdminRetailerRow | undefined> {
      const [row] = await db.select(retailerColumns).from(retailers).where(eq(retailers.id, id));
      return row;
    },
    /** The retailer after this one in list order (name, then id). */
    async nextRetailerId(name: string, id: number): Promise<number | null> {
      const [row] = await db
        .select({ id: retailers.id })
        .from(retailers)
        .where(or(gt(retailers.name, name), and(eq(retailers.name, name), gt(retailers.id, id))))
        .orderBy(asc(retailers.name), asc(retailers.id))
        .limit(1);
      return row?.id ?? null;
    },
    async insertRetailers(rows: readonly RetailerValues[]): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += CHUNK) {
        const part = await db
          .insert(retailers)
          .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, updatedBy: actorId() })))
          .returning({ id: retailers.id });
        ids.push(...part.map((r) => r.id));
      }
      return ids;
    },
    /** Replaces a retailer's fields; false when there is none, or (with a guard) when it is no longer at the version the save started from. */
    async updateRetailer(id: number, values: RetailerValues, guard?: SaveGuard | null): Promise<boolean> {
      return (
        (
          await db
            .update(retailers)
            .set({ ...values, ...nextVersion(retailers.version) })
            .where(atVersion(eq(retailers.id, id), retailers.version, guard))
            .returning({ id: retailers.id })
        ).length > 0
      );
    },
    async deleteRetailer(id: number): Promise<boolean> {
      return (await db.delete(retailers).where(eq(retailers.id, id)).returning({ id: retailers.id })).length > 0;
    },
    /** The version, last saver and time of each of these reps or retailers that exists, by id (ADR 048). */
    async recordVersions(kind: 'reps' | 'retailers', ids: readonly number[]): Promise<Map<number, RecordVersion>> {
      const found = new Map<number, RecordVersion>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const part = ids.slice(i, i + CHUNK);
        const rows =
          kind === 'reps'
            ? await db
                .select({ id: reps.id, version: reps.version, updatedBy: reps.updatedBy, updated: reps.updated })
                .from(reps)
                .where(inArray(reps.id, part))
            : await db
                .select({ id: retailers.id, version: retailers.version, updatedBy: retailers.updatedBy, updated: retailers.updated })
                .from(retailers)
                .where(inArray(retailers.id, part));
        for (const { id, ...version } of rows) found.set(id, version);
      }
      return found;
    },
    async existingRetailerIds(ids: readonly number[]): Promise<Set<number>> {
      const found = new Set<number>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        for (const r of await db
          .select({ id: retailers.id })
          .from(retailers)
          .where(inArray(retailers.id, ids.slice(i, i + CHUNK))))
          found.add(r.id);
      }
      return found;
    },

    /** Centroids of the given US ZIPs or Canadian FSAs. */
    async centroids(country: 'US' | 'CA', codes: readonly string[]): Promise<Centroid[]> {
      const out: Centroid[] = [];
      const unique = [...new Set(codes)];
      for (let i = 0; i < unique.length; i += CHUNK) {
        out.push(
          ...(await db
            .select()
            .from(postalCodes)
            .where(and(eq(postalCodes.country, country), inArray(postalCodes.code, unique.slice(i, i + CHUNK))))),
        );
      }
      return out;
    },
  };
}
export type RepsRetailersRepository = ReturnType<typeof createRepsRetailersRepository>;
