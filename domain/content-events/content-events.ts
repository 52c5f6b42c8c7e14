import { ALL_PAGES, PAGE_TAG, pathTag } from '#shared/cache-tags.ts';
import { KINDS, kindNamed, type KindDefinition, type KindName } from '#shared/kinds/index.ts';

/**
 * One way content changes: every write that alters what a public page shows
 * calls `changed()`, and whatever keeps rendered pages (the page cache of this instance, and through
 * a transport every other instance) drops exactly the entries that change shows on.
 *
 * Rendered pages carry the tags their routes declare (app/lib/page-reads.ts, in the vocabulary of
 * shared/cache-tags.ts); a change names the tags it touches (`tagsForChange`: a versioned kind's
 * change the tags its definition gives, shared/kinds). Framework-free: the
 * transport (PostgreSQL NOTIFY or in-process) and the cache are plugged in by the server.
 */
export type ContentKind =
  | KindName
  | 'document'
  | 'redirect'
  | 'settings'
  | 'finder'
  /** anything may have changed: an instance that lost its broadcast connection may have missed events */
  | 'all'
  /** a versioned kind the registry does not list (a test's own kind, given to the app with `kinds`) */
  | (string & {});

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
export const ALL = ALL_PAGES;

/** The tags a change touches: the page itself, the lists and blocks that show it. */
export function tagsForChange(change: ContentChange, kinds: readonly KindDefinition[] = KINDS): string[] {
  const slugs = [change.oldSlug, change.newSlug].filter((s): s is string => typeof s === 'string' && s !== '');
  switch (change.kind) {
    // Settings (company name, notice, social links) are in the shell every page renders.
    case 'settings':
    case 'all':
      return [ALL];
    case 'redirect':
      return slugs.map(pathTag);
    case 'document':
      return [PAGE_TAG.documents];
    case 'finder':
      return [PAGE_TAG.finder];
    default:
      // a versioned kind: its definition knows which pages show an item; an unknown kind drops everything
      return kindNamed(change.kind, kinds)?.tags(change) ?? [ALL];
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
