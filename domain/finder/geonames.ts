import { PROVINCE_BY_LETTER } from '#shared/validation/finder.ts';

export interface PostalCentroid {
  country: 'US' | 'CA';
  code: string;
  placeName: string;
  adminCode: string;
  latitude: number;
  longitude: number;
}

const FSA = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]/;

/**
 * Reads a GeoNames postal-code file (tab separated: country, postal code, place name, admin1 name,
 * admin1 code, admin2 name, admin2 code, admin3 name, admin3 code, latitude, longitude, accuracy).
 * US rows give ZIP centroids; Canadian rows (full codes or FSAs) are averaged into one centroid per
 * forward sortation area. Other countries and malformed lines are counted as skipped.
 */
export function parseGeoNamesPostal(text: string): { centroids: PostalCentroid[]; skipped: number } {
  const us = new Map<string, PostalCentroid>();
  const ca = new Map<string, { sumLat: number; sumLng: number; n: number; placeName: string; adminCode: string }>();
  let skipped = 0;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue;
    const cols = line.split('\t');
    const latitude = Number(cols[9]);
    const longitude = Number(cols[10]);
    if (cols.length < 11 || !Number.isFinite(latitude) || !Number.isFinite(longitude) || cols[9] === '' || cols[10] === '') {
      skipped++;
      continue;
    }
    const country = cols[0]!.trim().toUpperCase();
    const code = cols[1]!.trim().toUpperCase().replace(/\s+/g, '');
    const placeName = cols[2]!.trim();
    const admin1 = cols[4]!.trim().toUpperCase();
    if (country === 'US' && /^\d{5}$/.test(code)) {
      if (!us.has(code)) us.set(code, { country: 'US', code, placeName, adminCode: admin1, latitude, longitude });
    } else if (country === 'CA' && FSA.test(code)) {
      const fsa = code.slice(0, 3);
      const adminCode = /^[A-Z]{2}$/.test(admin1) ? admin1 : (PROVINCE_BY_LETTER[fsa[0]!]?.[0] ?? '');
      const acc = ca.get(fsa);
      if (acc) {
        acc.sumLat += latitude;
        acc.sumLng += longitude;
        acc.n++;
      } else {
        ca.set(fsa, { sumLat: latitude, sumLng: longitude, n: 1, placeName, adminCode });
      }
    } else {
      skipped++;
    }
  }
  const centroids: PostalCentroid[] = [...us.values()];
  for (const [fsa, acc] of ca) {
    centroids.push({
      country: 'CA',
      code: fsa,
      placeName: acc.placeName,
      adminCode: acc.adminCode,
      latitude: Math.round((acc.sumLat / acc.n) * 1e5) / 1e5,
      longitude: Math.round((acc.sumLng / acc.n) * 1e5) / 1e5,
    });
  }
  return { centroids, skipped };
}
