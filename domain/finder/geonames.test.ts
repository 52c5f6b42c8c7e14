import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGeoNamesPostal } from './geonames.ts';

describe('GeoNames postal-code files', () => {
  it('reads the test fixture: US ZIPs, Canadian FSAs averaged, others skipped', () => {
    const text = readFileSync(new URL('../../tests/fixtures/geonames-postal-sample.txt', import.meta.url), 'utf8');
    const { centroids, skipped } = parseGeoNamesPostal(text);
    expect(skipped).toBe(3);
    expect(centroids).toContainEqual({
      country: 'US',
      code: '50010',
      placeName: 'Ames',
      adminCode: 'IA',
      latitude: 42.0379,
      longitude: -93.6003,
    });
    const s4r = centroids.find((c) => c.code === 'S4R');
    expect(s4r).toEqual({ country: 'CA', code: 'S4R', placeName: 'Regina North', adminCode: 'SK', latitude: 50.49, longitude: -104.63 });
    expect(
      centroids
        .filter((c) => c.country === 'CA')
        .map((c) => c.code)
        .sort(),
    ).toEqual(['S0K', 'S4R', 'T0L', 'T1A']);
  });

  it('derives the province from the postal code when the admin code is not a province code', () => {
    const { centroids } = parseGeoNamesPostal('CA\tT1A\tMedicine Hat\tAlberta\t01\t\t\t\t\t50.04\t-110.68\t6\n');
    expect(centroids).toEqual([
      { country: 'CA', code: 'T1A', placeName: 'Medicine Hat', adminCode: 'AB', latitude: 50.04, longitude: -110.68 },
    ]);
  });

  it('skips lines without coordinates and blank lines', () => {
    expect(parseGeoNamesPostal('\nUS\t50010\tAmes\tIowa\tIA\t\t\t\t\t\t\t\n').skipped).toBe(1);
  });
});
