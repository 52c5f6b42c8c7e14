import { describe, expect, it, vi } from 'vitest';
import { createContentEvents, tagsForChange } from './content-events.ts';

describe('the tags a change touches', () => {
  it('a knowledge item: its old and new slug, the lists and the related-resource blocks', () => {
    expect(tagsForChange({ kind: 'knowledge', oldSlug: 'A', newSlug: 'b' }).sort()).toEqual([
      'knowledge-list',
      'knowledge-related',
      'knowledge:a',
      'knowledge:b',
    ]);
  });

  it('a page or a redirect: the paths, whatever their depth or spelling', () => {
    expect(tagsForChange({ kind: 'page', oldSlug: 'some-page', newSlug: 'renamed' })).toEqual(['path:/some-page', 'path:/renamed']);
    expect(tagsForChange({ kind: 'redirect', oldSlug: '/Old/Deep/path/', newSlug: null })).toEqual(['path:/old/deep/path']);
  });

  it('settings, products and "all": every page', () => {
    for (const kind of ['settings', 'product', 'all'] as const) expect(tagsForChange({ kind })).toEqual(['all']);
  });
});

describe('content events', () => {
  it('tell local listeners and the transport about a local change, and only listeners about a received one', () => {
    const events = createContentEvents();
    const heard = vi.fn();
    const publish = vi.fn();
    events.onChange(heard);
    events.setTransport(publish);
    events.changed({ kind: 'settings' });
    events.receive({ kind: 'finder' });
    expect(heard.mock.calls).toEqual([[{ kind: 'settings' }], [{ kind: 'finder' }]]);
    expect(publish.mock.calls).toEqual([[{ kind: 'settings' }]]);
  });

  it('keep going when one listener throws, and log it', () => {
    const log = { error: vi.fn() };
    const events = createContentEvents(log);
    const second = vi.fn();
    events.onChange(() => {
      throw new Error('boom');
    });
    events.onChange(second);
    events.changed({ kind: 'settings' });
    expect(second).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledOnce();
  });
});
