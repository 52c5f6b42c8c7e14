import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { states } from '#db/schema/geo.ts';

export function createGeoRepository(db: DbOrTx) {
  return {
    statesForRegion(regionId: number): Promise<{ id: number; code: string; name: string }[]> {
      return db
        .select({ id: states.id, code: states.code, name: states.name })
        .from(states)
        .where(eq(states.regionId, regionId))
        .orderBy(asc(states.name));
    },
  };
}
export type GeoRepository = ReturnType<typeof createGeoRepository>;
