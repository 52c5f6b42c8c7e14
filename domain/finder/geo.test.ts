import { describe, expect, it } from 'vitest';
import { boundingBox, haversineMiles, kmToMiles, milesToKm, nearestFirst } from './geo.ts';

const ames = { latitude: 42.0379, longitude: -93.6003 };
const desMoines = { latitude: 41.5887, longitude: -93.6212 };
const saskatoon = { latitude: 52.1332, longitude: -106.67 };
const regina = { latitude: 50.4452, longitude: -104.6189 };

describe('great-circle distance', () => {
  it.each([
    ['Ames to Des Moines', ames, desMoines, 31.0],
    ['Saskatoon to Regina', saskatoon, regina, 146.2],
    ['a point to itself', ames, ames, 0],
  ])('%s is about %s miles', (_case, a, b, miles) => {
    expect(haversineMiles(a, b)).toBeCloseTo(miles, 0);
    expect(haversineMiles(b, a)).toBeCloseTo(haversineMiles(a, b), 9);
  });

  it('converts miles and kilometres', () => {
    expect(milesToKm(25)).toBeCloseTo(40.234, 3);
    expect(kmToMiles(milesToKm(50))).toBeCloseTo(50, 9);
  });
});

describe('bounding box prefilter', () => {
  it.each([25, 50, 100, 500])('contains every point within %s miles', (miles) => {
    for (const centre of [ames, saskatoon, { latitude: 0, longitude: 179.9 }]) {
      const box = boundingBox(centre, miles);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        // a point just inside the radius at this bearing
        const d = (miles * 0.999) / 3958.7613;
        const lat1 = (centre.latitude * Math.PI) / 180;
        const lng1 = (centre.longitude * Math.PI) / 180;
        const b = (bearing * Math.PI) / 180;
        const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
        const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
        const p = { latitude: (lat2 * 180) / Math.PI, longitude: (lng2 * 180) / Math.PI };
        if (p.longitude > 180 || p.longitude < -180) continue;
        expect(haversineMiles(centre, p)).toBeLessThan(miles);
        expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
        expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
        expect(p.longitude).toBeGreaterThanOrEqual(box.minLng);
        expect(p.longitude).toBeLessThanOrEqual(box.maxLng);
      }
    }
  });

  it('covers all longitudes near a pole', () => {
    expect(boundingBox({ latitude: 89.5, longitude: 10 }, 100)).toMatchObject({ minLng: -180, maxLng: 180 });
  });
});

describe('distance ordering', () => {
  it.each([
    [
      'nearest first',
      [
        { name: 'C', distanceMiles: 30 },
        { name: 'A', distanceMiles: 2.5 },
        { name: 'B', distanceMiles: 12 },
      ],
      ['A', 'B', 'C'],
    ],
    [
      'equal distances by name',
      [
        { name: 'Zeta Co-op', distanceMiles: 5 },
        { name: 'Alpha Ag', distanceMiles: 5 },
        { name: 'Mid', distanceMiles: 1 },
      ],
      ['Mid', 'Alpha Ag', 'Zeta Co-op'],
    ],
    ['empty', [], []],
  ])('%s', (_case, items, expected) => {
    expect(nearestFirst(items).map((i) => i.name)).toEqual(expected);
  });

  it('orders real places by distance from Ames', () => {
    const places = [
      { name: 'Regina', distanceMiles: haversineMiles(ames, regina) },
      { name: 'Des Moines', distanceMiles: haversineMiles(ames, desMoines) },
      { name: 'Saskatoon', distanceMiles: haversineMiles(ames, saskatoon) },
    ];
    expect(nearestFirst(places).map((p) => p.name)).toEqual(['Des Moines', 'Regina', 'Saskatoon']);
  });
});
