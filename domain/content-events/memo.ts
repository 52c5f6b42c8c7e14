import { LRUCache } from 'lru-cache';
import { tagsForChange, type ContentChange, type ContentEvents, type ContentKind } from './content-events.ts';

/**
 * The one in-process cache of the services: a read kept in memory until content changes.
 *
 * - Keyed by the arguments (JSON, or `key`). Concurrent calls share one promise; a rejected read
 *   is not kept, and neither is a read that was under way when a change came (it may hold what was
 *   there before).
 * - Bounded: at most `max` entries, least recently used out first.
 * - Dropped by the content events (domain/content-events), the path the page cache listens on: a
 *   change of one of `kinds` (or `all`) drops every entry; otherwise the entries whose `tags` the
 *   change touches (`tagsForChange`, the page cache's vocabulary) go. Changes made on another instance
 *   arrive through the transport (LISTEN/NOTIFY on PostgreSQL) as the same events, so there is no time
 *   limit: a lost broadcast connection ends in an `all` change once it is back.
 * - Without `events`, entries stay until pushed out (reads of what never changes: a version's modules,
 *   reference data).
 *
 * Callers must treat what it returns as read-only: the same objects are handed to every request.
 */
export interface MemoOptions<A extends unknown[]> {
  /** at most this many entries (default 1,000) */
  max?: number;
  events?: ContentEvents;
  /** a change of one of these kinds drops everything */
  kinds?: readonly ContentKind[];
  /** the page-cache tags of the entry for these arguments: a change touching one of them drops it */
  tags?: (...args: A) => readonly string[];
  /** the entry's key (default: the arguments as JSON) */
  key?: (...args: A) => string;
}

export interface Memo<A extends unknown[], V> {
  (...args: A): Promise<V>;
  /** what is kept for these arguments, settled and current, without reading (undefined when nothing is) */
  peek(...args: A): V | undefined;
  /** drops everything (a write on this instance that announces no change of its own) */
  clear(): void;
  readonly size: number;
}

interface Entry<V> {
  pending: Promise<V>;
  settled?: { value: V };
  tags: readonly string[];
}

export function memo<A extends unknown[], V>(read: (...args: A) => Promise<V> | V, opts: MemoOptions<A> = {}): Memo<A, V> {
  const cache = new LRUCache<string, Entry<V>>({ max: opts.max ?? 1000 });
  const keyOf = opts.key ?? ((...args: A) => JSON.stringify(args));
  const kinds = new Set<ContentKind>(opts.kinds ?? []);
  // a read that started before a change is not kept: it may return what was there before it
  let generation = 0;

  function clear() {
    generation++;
    cache.clear();
  }

  function drop(change: ContentChange) {
    if (change.kind === 'all' || kinds.has(change.kind)) return clear();
    if (!opts.tags || cache.size === 0) return;
    const touched = new Set(tagsForChange(change));
    let dropped = false;
    for (const [key, entry] of cache.entries()) {
      if (entry.tags.some((t) => touched.has(t))) {
        cache.delete(key);
        dropped = true;
      }
    }
    if (dropped) generation++;
  }
  opts.events?.onChange(drop);

  const memoized = (...args: A): Promise<V> => {
    const key = keyOf(...args);
    const hit = cache.get(key);
    if (hit) return hit.pending;
    const started = generation;
    let pending: Promise<V>;
    try {
      pending = Promise.resolve(read(...args));
    } catch (err) {
      pending = Promise.reject(err as Error);
    }
    const entry: Entry<V> = { pending, tags: opts.tags?.(...args) ?? [] };
    cache.set(key, entry);
    pending.then(
      (value) => {
        if (cache.peek(key) !== entry) return;
        if (generation !== started) cache.delete(key);
        else entry.settled = { value };
      },
      () => {
        if (cache.peek(key) === entry) cache.delete(key);
      },
    );
    return pending;
  };
  return Object.defineProperties(memoized, {
    peek: { value: (...args: A) => cache.peek(keyOf(...args))?.settled?.value },
    clear: { value: clear },
    size: { get: () => cache.size },
  }) as Memo<A, V>;
}
