import type { ContentEvents, ContentKind } from './content-events.ts';

/**
 * Public reads that every render of a page repeats (an item by slug, the related-resource cards,
 * the newest items) are kept in memory and dropped on the "content changed" path (ADR 016).
 * The page cache stores whole pages; this keeps a fresh render (a page not stored yet,
 * another region's variant, a page just invalidated) from querying the database for what has not
 * changed.
 *
 * - Key: the method and its arguments (JSON). Concurrent calls share one promise; a rejected
 *   read (not found, database error) is not kept.
 * - Dropped whole on a change of any of `kinds` (or `all`), here or, through the transport, on
 *   another instance: the same moment the page cache drops its pages.
 * - Bounded (`maxEntries`, least recently used out first).
 *
 * Callers must treat the results as read-only: the same objects are handed to every request.
 */
export function cachedReads<S extends object, M extends keyof S & string>(
  service: S,
  opts: { events: ContentEvents; kinds: readonly ContentKind[]; methods: readonly M[]; maxEntries?: number },
): S {
  const max = opts.maxEntries ?? 1000;
  const entries = new Map<string, Promise<unknown>>();
  // a read that started before a change may return what was there before it: not kept
  let generation = 0;
  opts.events.onChange((change) => {
    if (change.kind !== 'all' && !opts.kinds.includes(change.kind)) return;
    generation++;
    entries.clear();
  });

  const wrapped: Record<string, unknown> = {};
  for (const method of opts.methods) {
    const original = service[method] as unknown;
    if (typeof original !== 'function') throw new TypeError(`cachedReads: ${method} is not a method`);
    wrapped[method] = (...args: unknown[]) => {
      const key = `${method}\n${JSON.stringify(args)}`;
      const hit = entries.get(key);
      if (hit) {
        // most recently used last
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const started = generation;
      const pending = Promise.resolve((original as (...a: unknown[]) => unknown).apply(service, args));
      if (started === generation) {
        entries.set(key, pending);
        if (entries.size > max) entries.delete(entries.keys().next().value!);
      }
      pending.then(
        () => {
          if (generation !== started && entries.get(key) === pending) entries.delete(key);
        },
        () => {
          if (entries.get(key) === pending) entries.delete(key);
        },
      );
      return pending;
    };
  }
  return { ...service, ...wrapped } as S;
}
