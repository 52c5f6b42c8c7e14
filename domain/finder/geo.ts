export interface LatLng {
  latitude: number;
  longitude: number;
}

export const EARTH_RADIUS_MILES = 3958.7613;
const KM_PER_MILE = 1.609344;

export const milesToKm = (miles: number) => miles * KM_PER_MILE;
export const kmToMiles = (km: number) => km / KM_PER_MILE;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (the same formula the finder's SQL uses). */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A latitude/longitude box that contains every point within `miles` of the centre, used as an
 * indexed prefilter before the exact distance. Near the poles the box widens to all longitudes.
 */
export function boundingBox(centre: LatLng, miles: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const minLat = Math.max(-90, centre.latitude - dLat);
  const maxLat = Math.min(90, centre.latitude + dLat);
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  if (widest >= 89.9) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  const dLng = dLat / Math.cos(rad(widest));
  return { minLat, maxLat, minLng: Math.max(-180, centre.longitude - dLng), maxLng: Math.min(180, centre.longitude + dLng) };
}

/** Nearest first; equal distances by name, so the order never depends on the database. */
export function nearestFirst<T extends { distanceMiles: number; name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name));
}

/**
 * Where a Canadian postal code lies when its forward sortation area has no centroid yet: the
 * farming heart of the province. Results found this way are marked approximate.
 */
export const PROVINCE_CENTRES: Record<string, LatLng & { name: string }> = {
  AB: { name: 'Alberta', latitude: 52.3, longitude: -113.6 },
  BC: { name: 'British Columbia', latitude: 49.9, longitude: -119.4 },
  MB: { name: 'Manitoba', latitude: 49.9, longitude: -98.3 },
  NB: { name: 'New Brunswick', latitude: 46.3, longitude: -65.6 },
  NL: { name: 'Newfoundland and Labrador', latitude: 48.9, longitude: -55.7 },
  NS: { name: 'Nova Scotia', latitude: 45.2, longitude: -63.4 },
  NT: { name: 'Northwest Territories', latitude: 61.5, longitude: -114.4 },
  NU: { name: 'Nunavut', latitude: 63.7, longitude: -68.5 },
  ON: { name: 'Ontario', latitude: 43.6, longitude: -80.6 },
  PE: { name: 'Prince Edward Island', latitude: 46.3, longitude: -63.2 },
  QC: { name: 'Quebec', latitude: 45.7, longitude: -72.6 },
  SK: { name: 'Saskatchewan', latitude: 51.5, longitude: -105.9 },
  YT: { name: 'Yukon', latitude: 60.7, longitude: -135.1 },
};
