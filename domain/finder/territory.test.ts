import { describe, expect, it } from 'vitest';
import {
  bestMatches,
  describeTerritory,
  specificity,
  territoryCovers,
  zipPrefixes,
  type SearchLocation,
  type Territory,
} from './territory.ts';

const ames: SearchLocation = { country: 'US', zip: '50010', state: 'IA' };
const saskatoon: SearchLocation = { country: 'CA', fsa: 'S7K', provinces: ['SK'] };

describe('territory coverage', () => {
  it.each<[Territory, SearchLocation, boolean]>([
    [{ kind: 'state', value: 'IA' }, ames, true],
    [{ kind: 'state', value: 'ia' }, ames, true],
    [{ kind: 'state', value: 'IL' }, ames, false],
    [{ kind: 'zip', value: '50010' }, ames, true],
    [{ kind: 'zip', value: '50011' }, ames, false],
    [{ kind: 'zip_prefix', value: '5' }, ames, true],
    [{ kind: 'zip_prefix', value: '500' }, ames, true],
    [{ kind: 'zip_prefix', value: '5001' }, ames, true],
    [{ kind: 'zip_prefix', value: '501' }, ames, false],
    [{ kind: 'zip_prefix', value: '' }, ames, false],
    [{ kind: 'province', value: 'SK' }, ames, false],
    [{ kind: 'province', value: 'SK' }, saskatoon, true],
    [{ kind: 'province', value: 'AB' }, saskatoon, false],
    [{ kind: 'fsa', value: 'S7K' }, saskatoon, true],
    [{ kind: 'fsa', value: 's7k' }, saskatoon, true],
    [{ kind: 'fsa', value: 'S7H' }, saskatoon, false],
    [{ kind: 'state', value: 'SK' }, saskatoon, false],
    [{ kind: 'zip', value: 'S7K' }, saskatoon, false],
    [{ kind: 'province', value: 'NU' }, { country: 'CA', fsa: 'X0A', provinces: ['NT', 'NU'] }, true],
  ])('%j covers %j: %s', (t, loc, expected) => {
    expect(territoryCovers(t, loc)).toBe(expected);
  });
});

describe('most specific rule wins', () => {
  const rules = [
    { rep: 'state rep', kind: 'state', value: 'IA' },
    { rep: 'prefix-5 rep', kind: 'zip_prefix', value: '5' },
    { rep: 'prefix-500 rep', kind: 'zip_prefix', value: '500' },
    { rep: 'zip rep', kind: 'zip', value: '50010' },
    { rep: 'other zip rep', kind: 'zip', value: '50014' },
    { rep: 'second state rep', kind: 'state', value: 'IA' },
  ];

  it.each([
    ['a ZIP beats every prefix and the state', rules, ['zip rep']],
    ['a longer prefix beats a shorter one and the state', rules.filter((r) => r.kind !== 'zip'), ['prefix-500 rep']],
    ['any prefix beats the state', rules.filter((r) => r.rep === 'prefix-5 rep' || r.kind === 'state'), ['prefix-5 rep']],
    ['reps sharing the best level are all shown', rules.filter((r) => r.kind === 'state'), ['state rep', 'second state rep']],
    ['no covering rule, no rep', rules.filter((r) => r.rep === 'other zip rep'), []],
  ])('%s', (_case, input, expected) => {
    expect(bestMatches(input, ames).map((r) => r.rep)).toEqual(expected);
  });

  it('an FSA beats the province', () => {
    const ca = [
      { rep: 'province', kind: 'province', value: 'SK' },
      { rep: 'fsa', kind: 'fsa', value: 'S7K' },
    ];
    expect(bestMatches(ca, saskatoon).map((r) => r.rep)).toEqual(['fsa']);
    expect(bestMatches(ca, { country: 'CA', fsa: 'S0K', provinces: ['SK'] }).map((r) => r.rep)).toEqual(['province']);
  });

  it('ranks rules', () => {
    expect(specificity({ kind: 'zip', value: '50010' })).toBeGreaterThan(specificity({ kind: 'zip_prefix', value: '5001' }));
    expect(specificity({ kind: 'zip_prefix', value: '5001' })).toBeGreaterThan(specificity({ kind: 'zip_prefix', value: '500' }));
    expect(specificity({ kind: 'zip_prefix', value: '5' })).toBeGreaterThan(specificity({ kind: 'state', value: 'IA' }));
  });

  it('lists the ZIP prefixes the database prefilter looks for', () => {
    expect(zipPrefixes('50010')).toEqual(['5', '50', '500', '5001']);
  });

  it.each([
    [{ kind: 'state', value: 'IA' }, 'State IA'],
    [{ kind: 'zip_prefix', value: '500' }, 'ZIP codes starting 500'],
    [{ kind: 'zip', value: '61820' }, 'ZIP 61820'],
    [{ kind: 'province', value: 'SK' }, 'Province SK'],
    [{ kind: 'fsa', value: 'S7K' }, 'Postal codes starting S7K'],
  ])('describes %j as %s', (t, text) => {
    expect(describeTerritory(t)).toBe(text);
  });
});
