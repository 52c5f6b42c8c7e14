import { and, asc, between, count, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import type { RetailerResultDto } from '#shared/dto/finder.ts';
import { postalCodes, repTerritories, reps, retailers } from '#db/schema/finder.ts';
import { boundingBox, EARTH_RADIUS_MILES, type LatLng } from './geo.ts';
import { zipPrefixes, type SearchLocation } from './territory.ts';

export type PostalCentroidInput = PostalCodeRow;

export interface PostalCodeRow {
  country: string;
  code: string;
  placeName: string;
  adminCode: string;
  latitude: number;
  longitude: number;
}

/** A retailer as stored: what a search shows of it, with its country and position. */
export interface RetailerRow extends Omit<RetailerResultDto, 'distance'> {
  country: string;
  latitude: number;
  longitude: number;
}

export interface RetailerInsert extends Omit<RetailerRow, 'id'> {
  active?: boolean;
}

export interface RepRow {
  id: number;
  regionId: number;
  name: string;
  title: string;
  photo: string | null;
  email: string;
  phone: string;
}

export interface RepInsert extends Omit<RepRow, 'id'> {
  active?: boolean;
  territories: { kind: string; value: string }[];
}

/** The columns of a retailer and of a rep the finder reads (the admin adds `updated`: reps-retailers-repository.ts). */
export const retailerColumns = {
  id: retailers.id,
  name: retailers.name,
  address: retailers.address,
  city: retailers.city,
  state: retailers.state,
  postalCode: retailers.postalCode,
  country: retailers.country,
  latitude: retailers.latitude,
  longitude: retailers.longitude,
  phone: retailers.phone,
  website: retailers.website,
  products: retailers.products,
};

export const repColumns = {
  id: reps.id,
  regionId: reps.regionId,
  name: reps.name,
  title: reps.title,
  photo: reps.photo,
  email: reps.email,
  phone: reps.phone,
};

/** Exact great-circle distance in miles from a centre, in SQL (no extensions: same on PGlite and PostgreSQL). */
function distanceMiles(centre: LatLng): SQL<number> {
  const lat = sql`${centre.latitude}::double precision`;
  const lng = sql`${centre.longitude}::double precision`;
  return sql<number>`(${2 * EARTH_RADIUS_MILES}::double precision * asin(least(1::double precision, sqrt(
    power(sin(radians(${retailers.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${retailers.latitude})) * power(sin(radians(${retailers.longitude} - ${lng}) / 2), 2)
  ))))`;
}

export function createFinderRepository(db: DbOrTx) {
  return {
    async findPostalCode(country: 'US' | 'CA', code: string): Promise<PostalCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(postalCodes)
        .where(and(eq(postalCodes.country, country), eq(postalCodes.code, code)));
      return row;
    },

    async countPostalCodes(country: 'US' | 'CA'): Promise<number> {
      const [row] = await db.select({ n: count() }).from(postalCodes).where(eq(postalCodes.country, country));
      return Number(row?.n ?? 0);
    },

    /** Inserts or replaces centroids, in batches. */
    async upsertPostalCodes(rows: readonly PostalCodeRow[], tx: DbOrTx = db): Promise<number> {
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(postalCodes)
          .values(rows.slice(i, i + 1000) as PostalCodeRow[])
          .onConflictDoUpdate({
            target: [postalCodes.country, postalCodes.code],
            set: {
              placeName: sql`excluded.place_name`,
              adminCode: sql`excluded.admin_code`,
              latitude: sql`excluded.latitude`,
              longitude: sql`excluded.longitude`,
            },
          });
      }
      return rows.length;
    },

    /** Active retailers within `radiusMiles`, nearest first: an indexed bounding box, then the exact distance. */
    async retailersWithin(centre: LatLng, radiusMiles: number, limit: number): Promise<(RetailerRow & { distanceMiles: number })[]> {
      const box = boundingBox(centre, radiusMiles);
      const dist = distanceMiles(centre);
      const rows = await db
        .select({ ...retailerColumns, distanceMiles: dist })
        .from(retailers)
        .where(
          and(
            eq(retailers.active, true),
            between(retailers.latitude, box.minLat, box.maxLat),
            between(retailers.longitude, box.minLng, box.maxLng),
            lte(dist, radiusMiles),
          ),
        )
        .orderBy(dist, asc(retailers.name))
        .limit(limit);
      return rows.map((r) => ({ ...r, distanceMiles: Number(r.distanceMiles) }));
    },

    /** The nearest active retailers at any distance (used when none are within the radius). */
    async nearestRetailers(centre: LatLng, limit: number): Promise<(RetailerRow & { distanceMiles: number })[]> {
      const dist = distanceMiles(centre);
      const rows = await db
        .select({ ...retailerColumns, distanceMiles: dist })
        .from(retailers)
        .where(eq(retailers.active, true))
        .orderBy(dist, asc(retailers.name))
        .limit(limit);
      return rows.map((r) => ({ ...r, distanceMiles: Number(r.distanceMiles) }));
    },

    /** Territory rules of active reps that may cover the location (the exact rule is applied by the service). */
    async territoriesNear(loc: SearchLocation): Promise<{ repId: number; kind: string; value: string }[]> {
      const where =
        loc.country === 'US'
          ? or(
              and(eq(repTerritories.kind, 'state'), eq(repTerritories.value, loc.state)),
              and(eq(repTerritories.kind, 'zip'), eq(repTerritories.value, loc.zip)),
              and(eq(repTerritories.kind, 'zip_prefix'), inArray(repTerritories.value, zipPrefixes(loc.zip))),
            )
          : or(
              and(eq(repTerritories.kind, 'province'), inArray(repTerritories.value, loc.provinces.length ? loc.provinces : ['--'])),
              and(eq(repTerritories.kind, 'fsa'), eq(repTerritories.value, loc.fsa)),
            );
      return db
        .select({ repId: repTerritories.repId, kind: repTerritories.kind, value: repTerritories.value })
        .from(repTerritories)
        .innerJoin(reps, eq(reps.id, repTerritories.repId))
        .where(and(eq(reps.active, true), where));
    },

    async repsByIds(ids: readonly number[]): Promise<(RepRow & { territories: { kind: string; value: string }[] })[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(repColumns)
        .from(reps)
        .where(inArray(reps.id, [...ids]))
        .orderBy(asc(reps.name));
      const territories = await db
        .select({ repId: repTerritories.repId, kind: repTerritories.kind, value: repTerritories.value })
        .from(repTerritories)
        .where(inArray(repTerritories.repId, [...ids]))
        .orderBy(asc(repTerritories.id));
      return rows.map((r) => ({
        ...r,
        territories: territories.filter((t) => t.repId === r.id).map(({ kind, value }) => ({ kind, value })),
      }));
    },

    async findActiveRep(id: number): Promise<RepRow | undefined> {
      const [row] = await db
        .select(repColumns)
        .from(reps)
        .where(and(eq(reps.id, id), eq(reps.active, true)));
      return row;
    },

    async findActiveRetailer(id: number): Promise<RetailerRow | undefined> {
      const [row] = await db
        .select(retailerColumns)
        .from(retailers)
        .where(and(eq(retailers.id, id), eq(retailers.active, true)));
      return row;
    },

    async insertRep(rep: RepInsert, tx: DbOrTx = db): Promise<number> {
      const { territories, ...fields } = rep;
      const [row] = await tx.insert(reps).values(fields).returning({ id: reps.id });
      if (territories.length) {
        await tx.insert(repTerritories).values(territories.map((t) => ({ repId: row!.id, kind: t.kind, value: t.value.toUpperCase() })));
      }
      return row!.id;
    },

    async insertRetailers(rows: readonly RetailerInsert[], tx: DbOrTx = db): Promise<number> {
      for (let i = 0; i < rows.length; i += 500) {
        await tx.insert(retailers).values(rows.slice(i, i + 500) as RetailerInsert[]);
      }
      return rows.length;
    },

    async countRepsAndRetailers(): Promise<{ reps: number; retailers: number }> {
      const [r] = await db.select({ n: count() }).from(reps);
      const [s] = await db.select({ n: count() }).from(retailers);
      return { reps: Number(r?.n ?? 0), retailers: Number(s?.n ?? 0) };
    },
  };
}
export type FinderRepository = ReturnType<typeof createFinderRepository>;
