import type { ContentEvents, ContentKind } from './content-events.ts';
import { memo } from './memo.ts';

/**
 * Public reads that every render of a page repeats (an item by slug, the related-resource cards,
 * the newest items), held by `memo()` until content of `kinds` changes (ADR 016). The page cache
 * stores whole pages; this keeps a fresh render (a page not stored yet, another region's variant,
 * a page just invalidated) from querying the database for what has not changed.
 *
 * The named methods share one memo (keyed by the method and its arguments, at most `maxEntries`);
 * the others pass straight through. Callers must treat the results as read-only.
 */
export function cachedReads<S extends object, M extends keyof S & string>(
  service: S,
  opts: { events: ContentEvents; kinds: readonly ContentKind[]; methods: readonly M[]; maxEntries?: number },
): S {
  for (const method of opts.methods) {
    if (typeof service[method] !== 'function') throw new TypeError(`cachedReads: ${method} is not a method`);
  }
  const call = (method: M, args: unknown[]) => (service[method] as (...a: unknown[]) => unknown).apply(service, args);
  const reads = memo(call, {
    events: opts.events,
    kinds: opts.kinds,
    max: opts.maxEntries ?? 1000,
    key: (method, args) => `${method}\n${JSON.stringify(args)}`,
  });
  const wrapped: Record<string, unknown> = {};
  for (const method of opts.methods) wrapped[method] = (...args: unknown[]) => reads(method, args);
  return { ...service, ...wrapped } as S;
}
