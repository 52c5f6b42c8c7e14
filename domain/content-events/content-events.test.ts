import { describe, expect, it, vi } from 'vitest';
import { createContentEvents, tagsForChange, tagsForPath } from './content-events.ts';

/** The paths a change drops, among these, by intersecting tags as the page cache does. */
function dropped(change: Parameters<typeof tagsForChange>[0], paths: string[]): string[] {
  const tags = new Set(tagsForChange(change));
  return paths.filter((p) => tagsForPath(p).some((t) => tags.has(t)));
}

const SITE = [
  '/',
  '/home-ca',
  '/can',
  '/about',
  '/clear-choice',
  '/agrotain',
  '/anvol-ca',
  '/knowledge-center',
  '/knowledge-center/category/39',
  '/knowledge-center/zinc-deficiency-in-corn',
  '/can/knowledge-center/canola-sulphur',
  '/press-releases',
  '/press-releases/anvol-available-nationwide',
  '/product-labels',
  '/find-a-rep',
  '/reps-retailers',
  '/reps-retailers/contact',
  '/rep-thankyou',
  '/retailer-thankyou',
  '/some-custom-page',
  '/old/deep/path',
];

describe('what a content change drops', () => {
  it('a knowledge item: its page, the lists, and pages with related resources; not press, homes or labels', () => {
    const hit = dropped({ kind: 'knowledge', id: 3, oldSlug: 'zinc-deficiency-in-corn', newSlug: 'zinc-in-corn' }, SITE);
    expect(hit).toContain('/knowledge-center/zinc-deficiency-in-corn');
    expect(hit).toContain('/knowledge-center');
    expect(hit).toContain('/knowledge-center/category/39');
    expect(hit).toContain('/agrotain');
    expect(hit).toContain('/some-custom-page');
    expect(hit).not.toContain('/');
    expect(hit).not.toContain('/press-releases');
    expect(hit).not.toContain('/product-labels');
    expect(tagsForChange({ kind: 'knowledge', oldSlug: 'a', newSlug: 'b' })).toEqual(expect.arrayContaining(['knowledge:a', 'knowledge:b']));
  });

  it('a press release: its page (US or Canada path) and the press list only', () => {
    expect(dropped({ kind: 'press', oldSlug: 'anvol-available-nationwide', newSlug: 'anvol-available-nationwide' }, SITE)).toEqual([
      '/press-releases',
      '/press-releases/anvol-available-nationwide',
    ]);
    expect(tagsForPath('/can/press-releases/x')).toContain('press:x');
  });

  it('a custom page or a redirect: the old and the new path, whatever their depth', () => {
    expect(dropped({ kind: 'page', oldSlug: 'some-custom-page', newSlug: 'renamed' }, SITE)).toEqual(['/some-custom-page']);
    expect(dropped({ kind: 'redirect', oldSlug: '/old/deep/path/', newSlug: null }, SITE)).toEqual(['/old/deep/path']);
  });

  it('a landing page: the paths it answers at (a home has two)', () => {
    expect(dropped({ kind: 'landing', id: 'home-ca' }, SITE)).toEqual(['/home-ca', '/can']);
    expect(dropped({ kind: 'landing', id: 'about' }, SITE)).toEqual(['/about']);
  });

  it('documents: product pages and the labels page; the finder: its pages', () => {
    expect(dropped({ kind: 'document', id: 'guid' }, SITE)).toEqual(['/agrotain', '/anvol-ca', '/product-labels']);
    // the contact page and the thank-you pages name the listing too
    expect(dropped({ kind: 'finder' }, SITE)).toEqual(['/find-a-rep', '/reps-retailers', '/reps-retailers/contact', '/rep-thankyou', '/retailer-thankyou']);
  });

  it('settings and products: every page (they are in the navigation and footer)', () => {
    expect(dropped({ kind: 'settings' }, SITE)).toEqual(SITE);
    expect(dropped({ kind: 'product', id: 1, oldSlug: 'agrotain', newSlug: 'agrotain' }, SITE)).toEqual(SITE);
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
