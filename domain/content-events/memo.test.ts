import { describe, expect, it } from 'vitest';
import { knowledgeTag, PAGE_TAG } from '#shared/cache-tags.ts';
import { createContentEvents } from './content-events.ts';
import { memo } from './memo.ts';

function source() {
  const calls: string[] = [];
  let version = 1;
  const read = async (slug: string) => {
    calls.push(slug);
    if (slug === 'missing') throw new Error('not found');
    return { slug, version };
  };
  return { read, calls, bump: () => version++ };
}

describe('memo', () => {
  it('answers a repeated read from memory, per argument list, one read for concurrent calls', async () => {
    const { read, calls } = source();
    const bySlug = memo(read);
    const [a1, a2] = await Promise.all([bySlug('a'), bySlug('a')]);
    expect(a1).toBe(a2);
    expect(await bySlug('a')).toBe(a1);
    await bySlug('b');
    expect(calls).toEqual(['a', 'b']);
    expect(bySlug.size).toBe(2);
    expect(bySlug.peek('a')).toBe(a1);
    expect(bySlug.peek('c')).toBeUndefined();
  });

  it('holds at most `max` entries, the least recently used out first', async () => {
    const { read, calls } = source();
    const bySlug = memo(read, { max: 2 });
    await bySlug('a');
    await bySlug('b');
    await bySlug('a');
    await bySlug('c'); // b goes
    expect(bySlug.size).toBe(2);
    await bySlug('a');
    await bySlug('b');
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('drops everything on a change of its kinds or of everything, nothing on another kind', async () => {
    const events = createContentEvents();
    const { read, calls, bump } = source();
    const bySlug = memo(read, { events, kinds: ['settings'] });
    await bySlug('a');
    bump();
    events.changed({ kind: 'press', id: 1, newSlug: 'x' });
    expect(await bySlug('a')).toEqual({ slug: 'a', version: 1 });
    events.changed({ kind: 'settings' });
    expect(await bySlug('a')).toEqual({ slug: 'a', version: 2 });
    bump();
    events.receive({ kind: 'all' });
    expect(await bySlug('a')).toEqual({ slug: 'a', version: 3 });
    expect(calls).toEqual(['a', 'a', 'a']);
  });

  it('drops exactly the entries whose page-cache tags a change touches', async () => {
    const events = createContentEvents();
    const { read, calls } = source();
    const item = memo(read, { events, tags: (slug) => [knowledgeTag(slug)] });
    const list = memo(async () => calls.push('list'), { events, tags: () => [PAGE_TAG.knowledgeList] });
    await Promise.all([item('a'), item('b'), list()]);
    // renamed from c to b: the old and the new slug's pages, and the lists
    events.changed({ kind: 'knowledge', id: 7, oldSlug: 'c', newSlug: 'b' });
    expect(item.peek('a')).toBeDefined();
    expect(item.peek('b')).toBeUndefined();
    await Promise.all([item('a'), item('b'), list()]);
    expect(calls).toEqual(['a', 'b', 'list', 'b', 'list']);
    // a press change touches no knowledge tag
    events.changed({ kind: 'press', newSlug: 'b' });
    await Promise.all([item('b'), list()]);
    expect(calls).toHaveLength(5);
  });

  it('does not keep a failed read, nor one that was under way when content changed', async () => {
    const events = createContentEvents();
    const { read, calls } = source();
    const bySlug = memo(read, { events, kinds: ['knowledge'] });
    await expect(bySlug('missing')).rejects.toThrow('not found');
    await expect(bySlug('missing')).rejects.toThrow('not found');
    const pending = bySlug('c');
    events.changed({ kind: 'knowledge' });
    await pending;
    expect(bySlug.peek('c')).toBeUndefined();
    await bySlug('c');
    await bySlug('c');
    expect(calls).toEqual(['missing', 'missing', 'c', 'c']);
  });

  it('a read that throws before its promise rejects like one that fails later', async () => {
    const bySlug = memo((slug: string): Promise<string> => {
      throw new Error(`no ${slug}`);
    });
    await expect(bySlug('x')).rejects.toThrow('no x');
    expect(bySlug.size).toBe(0);
  });

  it('clear() drops everything', async () => {
    const { read, calls } = source();
    const bySlug = memo(read);
    await bySlug('a');
    bySlug.clear();
    await bySlug('a');
    expect(calls).toEqual(['a', 'a']);
  });
});
