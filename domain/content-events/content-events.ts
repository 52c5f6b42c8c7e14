import { CA_PRODUCT_SLUGS, US_PRODUCT_SLUGS } from '#shared/regions.ts';

/**
 * One way content changes (issue 10, item 4): every write that alters what a public page shows
 * calls `changed()`, and whatever keeps rendered pages (the page cache of this instance, and through
 * a transport every other instance) drops exactly the entries that change shows on.
 *
 * Rendered pages are tagged by what renders them (`tagsForPath`); a change names the tags it
 * touches (`tagsForChange`). Framework-free: the transport (PostgreSQL NOTIFY or in-process) and
 * the cache are plugged in by the server.
 */
export type ContentKind =
  | 'product'
  | 'knowledge'
  | 'press'
  | 'page'
  | 'landing'
  | 'document'
  | 'redirect'
  | 'settings'
  | 'finder'
  /** anything may have changed: an instance that lost its broadcast connection may have missed events */
  | 'all';

export interface ContentChange {
  kind: ContentKind;
  /** the row's id or key (a landing page's key, a document's GUID) */
  id?: number | string | null;
  /** slug (or, for a redirect, the from-path) before the write; null when the item is new */
  oldSlug?: string | null;
  /** slug (or from-path) after the write; null when the item was deleted */
  newSlug?: string | null;
}

/** Every cached page carries it: the site navigation, footer and notice are on every page. */
export const ALL = 'all';

const PRODUCT_PATHS = new Set<string>([...US_PRODUCT_SLUGS, ...CA_PRODUCT_SLUGS].map((s) => `/${s}`));
const LANDING_BY_PATH: Record<string, string> = {
  '/': 'home-us',
  '/home-ca': 'home-ca',
  '/can': 'home-ca',
  '/home-int': 'home-int',
  '/int': 'home-int',
};
/**
 * Pages that read reps or retailers: the finder and its results, the contact-a-rep page and the
 * thank-you pages (both name the listing, read by id). A rename or removal must drop them all.
 */
const FINDER_PATHS = new Set([
  '/find-a-rep',
  '/find-a-rep-ca',
  '/reps-retailers',
  '/can/find-a-rep',
  '/reps-retailers/contact',
  '/rep-thankyou',
  '/retailer-thankyou',
]);

function normalisePath(pathname: string): string {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return p === '' ? '/' : p;
}

function slugPath(slug: string): string {
  return normalisePath(slug.startsWith('/') ? slug : `/${slug}`);
}

/** The tags of a rendered page, from its path (which route renders it and what that route shows). */
export function tagsForPath(pathname: string): string[] {
  const p = normalisePath(pathname);
  const tags = [ALL, `path:${p}`];
  const landing = LANDING_BY_PATH[p];
  if (landing) return [...tags, `landing:${landing}`];
  if (PRODUCT_PATHS.has(p)) {
    // a product page shows its label/SDS links and cards of the knowledge items it names
    return [...tags, `product:${p.slice(1)}`, 'documents', 'knowledge-related'];
  }
  if (p === '/knowledge-center' || p.startsWith('/knowledge-center/category/')) return [...tags, 'knowledge-list'];
  const knowledge = /^(?:\/can)?\/knowledge-center\/([^/]+)$/.exec(p);
  // an item page shows the newest other items as related resources
  if (knowledge) return [...tags, `knowledge:${knowledge[1]}`, 'knowledge-related'];
  if (p === '/press-releases') return [...tags, 'press-list'];
  const press = /^(?:\/can)?\/press-releases\/([^/]+)$/.exec(p);
  if (press) return [...tags, `press:${press[1]}`];
  if (p === '/product-labels') return [...tags, 'documents'];
  if (FINDER_PATHS.has(p)) return [...tags, 'finder'];
  const slug = p.slice(1);
  // campaigns and About are landing pages keyed by their slug; any other one-segment path may be a
  // custom page (with related resources) or a stored redirect, both covered by its path tag
  if (slug && !slug.includes('/')) return [...tags, `landing:${slug}`, 'knowledge-related'];
  return tags;
}

/** The tags a change touches: the page itself, the lists and blocks that show it. */
export function tagsForChange(change: ContentChange): string[] {
  const slugs = [change.oldSlug, change.newSlug].filter((s): s is string => typeof s === 'string' && s !== '');
  switch (change.kind) {
    // Settings (company name, notice, social links) and products (mega menu, footer, home cards)
    // are in the shell every page renders.
    case 'settings':
    case 'product':
    case 'all':
      return [ALL];
    case 'knowledge':
      return [...slugs.map((s) => `knowledge:${s.toLowerCase()}`), 'knowledge-list', 'knowledge-related'];
    case 'press':
      return [...slugs.map((s) => `press:${s.toLowerCase()}`), 'press-list'];
    case 'page':
    case 'redirect':
      return slugs.map((s) => `path:${slugPath(s)}`);
    case 'landing':
      return [`landing:${String(change.id ?? change.newSlug ?? '')}`];
    case 'document':
      return ['documents'];
    case 'finder':
      return ['finder'];
  }
}

export type ContentChangeListener = (change: ContentChange) => void;

export interface ContentEvents {
  /** A write happened here: tell local listeners now and every other instance through the transport. */
  changed(change: ContentChange): void;
  /** A change announced by another instance: local listeners only. */
  receive(change: ContentChange): void;
  onChange(listener: ContentChangeListener): () => void;
  /** How changes reach other instances (set by the server; none with one process). */
  setTransport(publish: ((change: ContentChange) => void) | null): void;
}

export function createContentEvents(log?: { error(obj: object, msg?: string): void }): ContentEvents {
  const listeners = new Set<ContentChangeListener>();
  let publish: ((change: ContentChange) => void) | null = null;

  function deliver(change: ContentChange) {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (err) {
        // one failing listener must not keep the others (or the write that called us) from finishing
        log?.error({ err, change }, 'content change listener failed');
      }
    }
  }

  return {
    changed(change) {
      deliver(change);
      publish?.(change);
    },
    receive: deliver,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTransport(next) {
      publish = next;
    },
  };
}
