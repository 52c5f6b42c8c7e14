import { describe, expect, it } from 'vitest';
import {
  FINDER_MESSAGE,
  finderFormError,
  FinderQuerySchema,
  finderResultsPath,
  parsePostalCode,
  WHO_OPTIONS,
  zipLabelFor,
} from './finder.ts';

describe('Find a Rep form rule: both the who choice and the zip', () => {
  it.each([
    [{ label: 'Retailers', zip: '50010' }, null],
    [{ label: 'Reps', zip: 'S7K 1A1' }, null],
    [{ label: 'Reps', zip: 'anything' }, null],
    [{ label: '', zip: '50010' }, FINDER_MESSAGE],
    [{ label: 'Retailers', zip: '' }, FINDER_MESSAGE],
    [{ label: 'Retailers', zip: '   ' }, FINDER_MESSAGE],
    [{ label: '', zip: '' }, FINDER_MESSAGE],
    [{ label: 'Growers', zip: '50010' }, FINDER_MESSAGE],
  ])('%j → %s', (values, expected) => {
    expect(finderFormError(values)).toBe(expected);
  });

  it('uses the spec message word for word', () => {
    expect(FINDER_MESSAGE).toBe('Please select a value and enter Zipcode');
  });

  it('maps the who options to the spec values', () => {
    expect(WHO_OPTIONS).toEqual([
      { value: 'Retailers', label: 'I am a grower' },
      { value: 'Reps', label: 'I am a retailer' },
    ]);
  });

  it.each([
    [2, 'Zip'],
    [3, 'Postal Code'],
    [4, 'Zip'],
  ])('country %s labels the code %s', (country, label) => {
    expect(zipLabelFor(country)).toBe(label);
  });
});

describe('postal codes', () => {
  it.each([
    ['50010', { country: 'US', code: '50010', display: '50010' }],
    [' 50010-1234 ', { country: 'US', code: '50010', display: '50010' }],
    ['500101234', { country: 'US', code: '50010', display: '50010' }],
    ['s7k 1a1', { country: 'CA', code: 'S7K1A1', fsa: 'S7K', provinces: ['SK'], display: 'S7K 1A1' }],
    ['T2P1J9', { country: 'CA', code: 'T2P1J9', fsa: 'T2P', provinces: ['AB'], display: 'T2P 1J9' }],
    ['K1A', { country: 'CA', code: 'K1A', fsa: 'K1A', provinces: ['ON'], display: 'K1A' }],
    ['X0A 0H0', { country: 'CA', code: 'X0A0H0', fsa: 'X0A', provinces: ['NT', 'NU'], display: 'X0A 0H0' }],
  ])('%j parses', (input, expected) => {
    expect(parsePostalCode(input)).toEqual(expected);
  });

  it.each(['', '5001', '500100', 'ABCDE', 'D7K 1A1', 'S7K 1A', 'W1A 1AA', 'Z9Z 9Z9', 'S7O 1A1'])(
    '%j is not a US ZIP or Canadian postal code',
    (input) => {
      expect(parsePostalCode(input)).toBeNull();
    },
  );
});

describe('results query string', () => {
  it('round-trips through the URL so a search can be shared', () => {
    const path = finderResultsPath({ label: 'Reps', zip: ' S7K 1A1 ', radius: 100 });
    expect(path).toBe('/reps-retailers?label=Reps&zip=S7K+1A1&radius=100');
    const q = FinderQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
    expect(q).toEqual({ label: 'Reps', zip: 'S7K 1A1', radius: 100 });
  });

  it('falls back to sensible defaults for missing or odd values', () => {
    expect(FinderQuerySchema.parse({})).toEqual({ label: 'Retailers', zip: '', radius: 50 });
    expect(FinderQuerySchema.parse({ label: 'x', radius: '37' })).toEqual({ label: 'Retailers', zip: '', radius: 50 });
  });
});
