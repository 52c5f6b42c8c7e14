import type { GeoRepository } from './geo-repository.ts';

export interface StateDto {
  id: number;
  code: string;
  name: string;
}

/** States and provinces never change at run time, so each region's list is read once. */
export function createGeoService(repo: GeoRepository) {
  const statesCache = new Map<number, Promise<StateDto[]>>();
  return {
    statesForRegion(regionId: number): Promise<StateDto[]> {
      let hit = statesCache.get(regionId);
      if (!hit) {
        hit = repo.statesForRegion(regionId);
        statesCache.set(regionId, hit);
        hit.catch(() => statesCache.delete(regionId));
      }
      return hit;
    },
  };
}
export type GeoService = ReturnType<typeof createGeoService>;
