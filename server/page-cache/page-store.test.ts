import { describe, expect, it } from 'vitest';
import { createPageStore, type CachedPage } from './page-store.ts';

const page = (bytes: number): CachedPage => ({
  status: 200,
  headers: { 'content-type': 'text/html' },
  body: Buffer.alloc(bytes),
  gzip: Buffer.alloc(Math.floor(bytes / 4)),
  br: Buffer.alloc(Math.floor(bytes / 5)),
  best: false,
  etag: 'W/"x"',
});

describe('page store', () => {
  it('counts every variant against the budget and evicts the least recently used', () => {
    const store = createPageStore(10_000);
    store.set('a', page(3000), ['all']);
    store.set('b', page(3000), ['all']);
    store.get('a');
    store.set('c', page(3000), ['all']);
    expect(store.bytes).toBeLessThanOrEqual(10_000);
    expect(store.has('a')).toBe(true);
    expect(store.has('b')).toBe(false);
    expect(store.has('c')).toBe(true);
  });

  it('refuses a page larger than the whole budget, keeping the rest', () => {
    const store = createPageStore(10_000);
    store.set('a', page(1000), []);
    expect(store.set('huge', page(20_000), [])).toBe(false);
    expect(store.has('a')).toBe(true);
  });

  it('drops exactly the pages carrying a tag, and everything for "all"', () => {
    const store = createPageStore(1_000_000);
    store.set('x', page(10), ['all', 'press-list']);
    store.set('y', page(10), ['all', 'knowledge-list']);
    store.set('z', page(10), ['all', 'knowledge-list', 'documents']);
    expect(store.dropTags(['knowledge-list'])).toBe(2);
    expect([store.has('x'), store.has('y'), store.has('z')]).toEqual([true, false, false]);
    const before = store.generation;
    store.set('y', page(10), ['all']);
    expect(store.dropTags(['all'])).toBe(2);
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
    expect(store.generation).toBeGreaterThan(before);
  });

  it('counts a variant added later, evicting the least recently used when it no longer fits', () => {
    const store = createPageStore(10_000);
    const a: CachedPage = { ...page(3000), gzip: null, br: null };
    store.set('a', a, ['all']);
    store.set('b', page(3000), ['all']);
    const before = store.bytes;
    a.br = Buffer.alloc(600);
    store.resized('a', a);
    expect(store.bytes).toBe(before + 600);
    a.gzip = Buffer.alloc(4000);
    store.resized('a', a);
    expect(store.bytes).toBeLessThanOrEqual(10_000);
    expect(store.has('a')).toBe(false);
    // a page no longer stored under its key changes nothing
    const bytes = store.bytes;
    store.resized('b', a);
    expect(store.bytes).toBe(bytes);
  });

  it('replacing a key does not count it twice', () => {
    const store = createPageStore(1_000_000);
    store.set('a', page(1000), ['all']);
    const once = store.bytes;
    store.set('a', page(1000), ['all']);
    expect(store.bytes).toBe(once);
    expect(store.size).toBe(1);
  });
});
