import { describe, expect, it } from 'vitest';
import { earlierPage, lastPage, listQueryString, listWindow, MAX_LIST_ITEMS, parseListQuery } from './knowledge.ts';

describe('knowledge list paging', () => {
  it.each([
    [1, { start: 0, length: 9 }],
    [2, { start: 0, length: 18 }],
    [111, { start: 0, length: 999 }],
    [112, { start: 8, length: MAX_LIST_ITEMS }],
    [200, { start: 800, length: MAX_LIST_ITEMS }],
  ])('page %i renders the window %o', (page, expected) => {
    expect(listWindow(page)).toEqual(expected);
  });

  it('links back to a page whose window reaches the current start', () => {
    for (const page of [112, 150, 400]) {
      const { start } = listWindow(page);
      const back = listWindow(earlierPage(start));
      expect(back.start + back.length).toBeGreaterThanOrEqual(start);
      expect(back.start).toBeLessThan(start);
    }
    expect(earlierPage(0)).toBe(1);
  });

  it('finds the last page of a list', () => {
    expect([0, 1, 9, 10, 1011].map(lastPage)).toEqual([1, 1, 1, 2, 113]);
  });

  it.each([
    ['', { type: null, q: '', page: 1 }],
    ['type=2&q=%20zinc%20&page=3', { type: 2, q: 'zinc', page: 3 }],
    ['type=7&page=-4', { type: null, q: '', page: 1 }],
    ['page=abc', { type: null, q: '', page: 1 }],
    ['page=99999999', { type: null, q: '', page: 100000 }],
  ])('parses ?%s', (qs, expected) => {
    expect(parseListQuery(new URLSearchParams(qs))).toEqual(expected);
  });

  it('writes tidy query strings', () => {
    expect(listQueryString({ type: null, q: '', page: 1 })).toBe('');
    expect(listQueryString({ type: 0, q: 'urea loss', page: 2 })).toBe('?type=0&q=urea+loss&page=2');
  });
});
