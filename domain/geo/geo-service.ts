import type { ContentEvents } from '../content-events/content-events.ts';
import { memo } from '../content-events/memo.ts';
import type { GeoRepository } from './geo-repository.ts';

export interface StateDto {
  id: number;
  code: string;
  name: string;
}

/**
 * States and provinces change only through `geo:import`, which announces a change of everything: each
 * region's list is read once until then.
 */
export function createGeoService(repo: GeoRepository, events?: ContentEvents) {
  const statesForRegion = memo((regionId: number): Promise<StateDto[]> => repo.statesForRegion(regionId), { events, max: 50 });
  return {
    statesForRegion: (regionId: number): Promise<StateDto[]> => statesForRegion(regionId),
  };
}
export type GeoService = ReturnType<typeof createGeoService>;
