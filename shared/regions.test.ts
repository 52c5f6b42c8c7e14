import { describe, expect, it } from 'vitest';
import { homePathFor, parseRegion, regionForPath, regionFromPageRegionIds, regionTargetPath, resolveRegion } from './regions.ts';

describe('regionForPath', () => {
  it.each([
    ['/', 2],
    ['/agrotain', 2],
    ['/superu/', 2],
    ['/home-ca', 3],
    ['/can', 3],
    ['/can/knowledge-center/soil-temperature', 3],
    ['/can/press-releases/new-plant', 3],
    ['/can/contact-us', 3],
    ['/contact-ca', 3],
    ['/agrotain-ca', 3],
    ['/ROCKET-SEEDS-CA', 3],
    ['/home-int', 4],
    ['/int', 4],
    ['/find-a-rep-ca', 3],
    ['/find-a-rep', 2],
    ['/knowledge-center', null],
    ['/about', null],
    ['/contact', null],
    ['/product-selector', null],
    ['/growing-season-guide', null],
  ] as const)('%s -> %s', (path, expected) => {
    expect(regionForPath(path)).toBe(expected);
  });

  it('does not let the finder pages set the region while a region change is in progress', () => {
    expect(regionForPath('/find-a-rep', true)).toBeNull();
    expect(regionForPath('/find-a-rep-ca', true)).toBeNull();
    expect(regionForPath('/home-ca', true)).toBe(3);
  });
});

describe('regionFromPageRegionIds', () => {
  it.each([
    [[2, 3], 3],
    [[3, 2], 3],
    [[2], 2],
    [[4], 4],
    [[2, 4], 2],
    [[], null],
    [null, null],
  ] as const)('%j -> %s (Canada preferred over US)', (ids, expected) => {
    expect(regionFromPageRegionIds(ids)).toBe(expected);
  });
});

describe('resolveRegion', () => {
  it('prefers the route, then the page regionIds, then the stored region, then the default', () => {
    expect(resolveRegion({ pathname: '/home-int', pageRegionIds: [3], stored: 2 })).toBe(4);
    expect(resolveRegion({ pathname: '/a-page', pageRegionIds: [2, 3], stored: 4 })).toBe(3);
    expect(resolveRegion({ pathname: '/about', stored: 4 })).toBe(4);
    expect(resolveRegion({ pathname: '/about' })).toBe(2);
  });
});

describe('region helpers', () => {
  it('maps each region to its home', () => {
    expect([2, 3, 4].map((r) => homePathFor(r as 2 | 3 | 4))).toEqual(['/', '/home-ca', '/home-int']);
  });
  it('parses only the three region ids', () => {
    expect(['2', '3', '4', '1', '5', 'x', null].map(parseRegion)).toEqual([2, 3, 4, null, null, null, null]);
  });
  it('reads a region only when the value is exactly its digit', () => {
    expect(['3x', '0x3', ' 3', '3 ', '03', '3.0', '+3', '', undefined].map(parseRegion)).toEqual(Array(9).fill(null));
  });
});

describe('regionTargetPath (where the region selector goes)', () => {
  const agrotain = [
    { hreflang: 'en-US', href: 'https://www.northfield.example/agrotain' },
    { hreflang: 'en-CA', href: 'https://www.northfield.example/agrotain-ca' },
    { hreflang: 'x-default', href: 'https://www.northfield.example/agrotain' },
  ];

  it('goes to the twin on the host the visitor is on, whatever host the alternates name', () => {
    for (const here of [
      'https://www.northfield.example/agrotain',
      'https://northfield.example/agrotain',
      'https://staging.example.net/agrotain',
      'http://127.0.0.1:3341/agrotain',
    ]) {
      expect(regionTargetPath(3, agrotain, here), here).toBe('/agrotain-ca');
      expect(regionTargetPath(2, agrotain, here), here).toBe('/agrotain');
    }
  });

  it('matches the hreflang without regard to case, and resolves a relative alternate', () => {
    expect(regionTargetPath(3, [{ hreflang: 'EN-ca', href: '/wolf-trax-ca' }], 'https://x.example/wolf-trax')).toBe('/wolf-trax-ca');
  });

  it('goes to the region home without a twin, or with one that is not a plain local path', () => {
    expect(regionTargetPath(4, agrotain, 'https://northfield.example/agrotain')).toBe('/home-int');
    expect(regionTargetPath(3, [], 'https://northfield.example/about')).toBe('/home-ca');
    for (const href of ['https://northfield.example//evil.example/x', 'javascript:alert(1)', 'http://[bad']) {
      expect(regionTargetPath(3, [{ hreflang: 'en-CA', href }], 'https://northfield.example/agrotain'), href).toBe('/home-ca');
    }
  });
});
