import { describe, expect, it } from 'vitest';
import { createContentEvents } from './content-events.ts';
import { cachedReads } from './read-cache.ts';

function counting() {
  const calls: string[] = [];
  let version = 1;
  const service = {
    async bySlug(slug: string) {
      calls.push(slug);
      if (slug === 'missing') throw new Error('not found');
      return { slug, version };
    },
    async write() {
      version++;
    },
  };
  return { service, calls, bump: () => version++ };
}

describe('cachedReads', () => {
  it('answers a repeated read from memory, per argument list', async () => {
    const events = createContentEvents();
    const { service, calls } = counting();
    const cached = cachedReads(service, { events, kinds: ['knowledge'], methods: ['bySlug'] });
    expect(await cached.bySlug('a')).toEqual({ slug: 'a', version: 1 });
    expect(await cached.bySlug('a')).toEqual({ slug: 'a', version: 1 });
    await cached.bySlug('b');
    expect(calls).toEqual(['a', 'b']);
    // methods that are not named pass straight through
    expect(cached.write).toBe(service.write);
  });

  it('reads again after a change of its kind or of everything, not after another kind', async () => {
    const events = createContentEvents();
    const { service, calls, bump } = counting();
    const cached = cachedReads(service, { events, kinds: ['knowledge'], methods: ['bySlug'] });
    await cached.bySlug('a');
    bump();
    events.changed({ kind: 'press', id: 1 });
    expect(await cached.bySlug('a')).toEqual({ slug: 'a', version: 1 });
    events.changed({ kind: 'knowledge', id: 1 });
    expect(await cached.bySlug('a')).toEqual({ slug: 'a', version: 2 });
    bump();
    // a change heard from another instance (the transport's receive) counts the same
    events.receive({ kind: 'all' });
    expect(await cached.bySlug('a')).toEqual({ slug: 'a', version: 3 });
    expect(calls).toEqual(['a', 'a', 'a']);
  });

  it('does not keep a failed read, nor one that was under way when content changed', async () => {
    const events = createContentEvents();
    const { service, calls } = counting();
    const cached = cachedReads(service, { events, kinds: ['knowledge'], methods: ['bySlug'] });
    await expect(cached.bySlug('missing')).rejects.toThrow('not found');
    await expect(cached.bySlug('missing')).rejects.toThrow('not found');
    const pending = cached.bySlug('c');
    events.changed({ kind: 'knowledge' });
    await pending;
    await cached.bySlug('c');
    expect(calls).toEqual(['missing', 'missing', 'c', 'c']);
  });

  it('holds at most maxEntries reads, the least recently used out first', async () => {
    const events = createContentEvents();
    const { service, calls } = counting();
    const cached = cachedReads(service, { events, kinds: ['knowledge'], methods: ['bySlug'], maxEntries: 2 });
    await cached.bySlug('a');
    await cached.bySlug('b');
    await cached.bySlug('a');
    await cached.bySlug('c'); // b goes
    await cached.bySlug('a');
    await cached.bySlug('b');
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });
});
