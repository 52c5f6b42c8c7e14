import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFinderRepository } from '#domain/finder/finder-repository.ts';
import { haversineMiles, milesToKm } from '#domain/finder/geo.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function search(query: string) {
  const res = await t.app.inject(`/api/finder/search?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('retailers near a US ZIP', () => {
  it('lists seeded retailers within the radius, nearest first, distance in miles', async () => {
    const data = await search('label=Retailers&zip=50010&radius=25');
    expect(data).toMatchObject({
      kind: 'retailers',
      zip: '50010',
      place: 'Ames, IA 50010',
      unit: 'mi',
      radius: 25,
      widened: false,
      country: 'US',
    });
    expect(data.results.length).toBeGreaterThanOrEqual(4);
    const distances = data.results.map((r: { distance: number }) => r.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(25);
    expect(data.results[0]).toMatchObject({ city: 'Ames', state: 'IA', products: expect.arrayContaining(['AGROTAIN']) });
  });

  it('computes exact distances in SQL that match the haversine formula, and honours each radius', async () => {
    const repo = createFinderRepository(t.database.db);
    const centre = (await repo.findPostalCode('US', '82001'))!; // Cheyenne, WY: no seeded retailers nearby
    const at = (name: string, dLat: number, dLng: number) => ({
      name,
      address: '1 Test Rd',
      city: 'Cheyenne',
      state: 'WY',
      postalCode: '82001',
      country: 'US',
      latitude: centre.latitude + dLat,
      longitude: centre.longitude + dLng,
      phone: '',
      website: null,
      products: ['ANVOL'],
    });
    const points = [at('Far East', 0, 1.2), at('Near North', 0.1, 0), at('Mid South', -0.45, 0), at('Edge West', 0, -0.62)];
    await repo.insertRetailers(points);

    const within25 = await search('label=Retailers&zip=82001&radius=25');
    expect(within25.results.map((r: { name: string }) => r.name)).toEqual(['Near North']);
    const within100 = await search('label=Retailers&zip=82001&radius=100');
    expect(within100.results.map((r: { name: string }) => r.name)).toEqual(['Near North', 'Mid South', 'Edge West', 'Far East']);
    for (const r of within100.results as { name: string; distance: number }[]) {
      const p = points.find((x) => x.name === r.name)!;
      expect(r.distance).toBeCloseTo(haversineMiles(centre, p), 1);
    }
    const within50 = await search('label=Retailers&zip=82001&radius=50');
    expect(within50.results.map((r: { name: string }) => r.name)).toEqual(['Near North', 'Mid South', 'Edge West']);
  });

  it('widens to the nearest few when none are in range', async () => {
    const data = await search('label=Retailers&zip=96720&radius=25'); // Hilo, Hawaii
    expect(data.widened).toBe(true);
    expect(data.results).toHaveLength(3);
    expect(data.results[0].distance).toBeGreaterThan(25);
  });
});

describe('retailers near a Canadian postal code', () => {
  it('uses kilometres and the forward sortation area', async () => {
    const data = await search('label=Retailers&zip=s7k1a1&radius=50');
    expect(data).toMatchObject({ kind: 'retailers', zip: 'S7K 1A1', unit: 'km', country: 'CA', approximate: false });
    expect(data.results[0]).toMatchObject({ city: 'Saskatoon', state: 'SK' });
    expect(Math.max(...data.results.map((r: { distance: number }) => r.distance))).toBeLessThanOrEqual(50);
    expect(data.results.map((r: { city: string }) => r.city)).toContain('Warman');
  });

  it('places an area without a centroid by its province, marked approximate', async () => {
    const data = await search('label=Retailers&zip=S4Z 9Z9&radius=100');
    expect(data).toMatchObject({ approximate: true, place: 'Saskatchewan S4Z 9Z9' });
    expect(data.results.length).toBeGreaterThan(0);
  });

  it('geo:import adds GeoNames centroids that searches then use', async () => {
    const result = await t.app.services.finder.importGeoNames(readFileSync('tests/fixtures/geonames-postal-sample.txt', 'utf8'));
    expect(result).toEqual({ us: 1, ca: 4, skipped: 3 });
    const data = await search('label=Retailers&zip=S4R 2A1&radius=25');
    expect(data).toMatchObject({ approximate: false, place: 'Regina North, SK S4R 2A1' });
    expect(data.results[0]).toMatchObject({ city: 'Regina' });
    expect(data.results[0].distance).toBeCloseTo(
      milesToKm(haversineMiles({ latitude: 50.49, longitude: -104.63 }, { latitude: 50.452, longitude: -104.559 })),
      1,
    );
  });
});

describe('reps covering a code (most specific rule wins)', () => {
  it.each([
    ['50010', ['Megan Alvarez'], 'ZIP codes starting 500'],
    ['52401', ['Tom Becker'], 'State IA'],
    ['61820', ['Ben Carter'], 'ZIP 61820'],
    ['62521', ['Karen O\u2019Neil'], 'State IL'],
    ['S7K 1A1', ['Cole Anderson'], 'Postal codes starting S7K'],
    ['S4P 3Y2', ['Mark Sawchuk'], 'Province SK'],
    ['T2P 1J9', ['Heather MacLeod'], 'Province AB'],
  ])('%s → %j', async (zip, names, matchedBy) => {
    const data = await search(`label=Reps&zip=${encodeURIComponent(zip)}`);
    expect(data.kind).toBe('reps');
    expect(data.results.map((r: { name: string }) => r.name)).toEqual(names);
    expect(data.results[0]).toMatchObject({ matchedBy, email: expect.stringMatching(/@/) });
  });
});

describe('codes that are not valid', () => {
  it.each([
    ['abc', /is not a valid U\.S\. ZIP code or Canadian postal code/],
    ['1234', /is not a valid U\.S\. ZIP code or Canadian postal code/],
    ['00000', /We could not find the ZIP code 00000/],
  ])('%s gets a clear message', async (zip, message) => {
    const data = await search(`label=Retailers&zip=${zip}`);
    expect(data).toMatchObject({ kind: 'invalid', message: expect.stringMatching(message) });
  });

  it('answers empty without a code', async () => {
    expect(await search('label=Reps')).toEqual({ kind: 'empty', label: 'Reps' });
  });
});
