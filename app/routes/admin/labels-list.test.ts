import { describe, expect, it } from 'vitest';
import { labelsFilterFromQuery } from './labels-list.tsx';

const from = (query: string) => labelsFilterFromQuery(new URLSearchParams(query));

describe('the labels list address', () => {
  it('lists label, SDS and statement documents by product A–Z, 20 a page, when the address has no query', () => {
    expect(from('')).toEqual({
      start: 0,
      length: 20,
      search: '',
      kind: '',
      kinds: ['label', 'sds', 'statement'],
      region: 0,
      productKey: '',
      sort: 'product',
      dir: 'asc',
    });
  });

  it('reads search, product, kind, region, sort with its direction and page', () => {
    expect(from('search=+zinc+&product=anvol&kind=sds&region=3&sort=updated-desc&page=3')).toMatchObject({
      start: 40,
      search: 'zinc',
      productKey: 'anvol',
      kind: 'sds',
      region: 3,
      sort: 'updated',
      dir: 'desc',
    });
    expect(from('sort=title')).toMatchObject({ sort: 'title', dir: 'asc' });
  });

  it('drops what makes no sense in a hand-typed address instead of failing', () => {
    expect(from('product=not-a-product&kind=image&sort=size&page=-2&region=9')).toMatchObject({
      productKey: '',
      kind: '',
      kinds: ['label', 'sds', 'statement'],
      sort: 'product',
      dir: 'asc',
      start: 0,
      region: 0,
    });
  });
});
