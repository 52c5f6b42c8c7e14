import { normalisePath, normaliseQuery, redirectKey } from '#shared/paths.ts';
import type { RedirectsRepository } from './redirects-repository.ts';

export interface RedirectTarget {
  id: number;
  /** Null for 410 Gone. */
  toPath: string | null;
  statusCode: 301 | 302 | 410;
  /** Pass the visitor's query string on to the target. */
  keepQuery: boolean;
}

/**
 * The redirect a request for `key` (a normalised path with its normalised query, if any) answers
 * with: the one for exactly that path and query, else the one for the path alone.
 */
export function lookup<T>(byFrom: (fromPath: string) => T | undefined, key: string): T | undefined {
  const q = key.indexOf('?');
  return byFrom(key) ?? (q === -1 ? undefined : byFrom(key.slice(0, q)));
}

/**
 * Redirects are consulted for every request before routing, so the whole table is kept in memory:
 * reloaded after any write (`invalidate`), and at most `ttlMs` stale when another instance writes.
 */
export function createRedirectMatching(repo: RedirectsRepository, ttlMs: number) {
  let cache: { map: Map<string, RedirectTarget>; at: number } | null = null;
  let loading: Promise<Map<string, RedirectTarget>> | null = null;

  async function table(): Promise<Map<string, RedirectTarget>> {
    if (cache && Date.now() - cache.at < ttlMs) return cache.map;
    loading ??= repo
      .listAll()
      .then((rows) => {
        const map = new Map<string, RedirectTarget>();
        for (const r of rows) {
          const statusCode = r.statusCode === 410 ? 410 : r.statusCode === 302 ? 302 : 301;
          map.set(redirectKey(r.fromPath), { id: r.id, toPath: r.toPath, statusCode, keepQuery: r.keepQuery });
        }
        cache = { map, at: Date.now() };
        return map;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    /**
     * Whether a stored redirect may answer this path and query, without waiting: true when one does,
     * and when the table is not in memory (or older than the TTL), so the caller must ask `resolve`.
     */
    mayRedirect(pathname: string, search = ''): boolean {
      if (!cache || Date.now() - cache.at >= ttlMs) return true;
      const map = cache.map;
      if (map.size === 0) return false;
      const path = normalisePath(pathname);
      const query = normaliseQuery(search);
      return lookup((key) => map.get(key), query ? `${path}?${query}` : path) !== undefined;
    },

    /**
     * The redirect for a request: the one for its exact path and query first, then the one for the
     * path alone (`search` is the query string, with or without its `?`).
     */
    async resolve(pathname: string, search = ''): Promise<RedirectTarget | null> {
      const map = await table();
      const path = normalisePath(pathname);
      const query = normaliseQuery(search);
      const byFrom = (key: string) => map.get(key);
      const hit = lookup(byFrom, query ? `${path}?${query}` : path);
      // a redirect whose target is answered by itself would send the visitor round in a circle
      if (!hit || (hit.toPath !== null && hit.toPath.startsWith('/') && lookup(byFrom, redirectKey(hit.toPath)) === hit)) return null;
      return hit;
    },

    invalidate() {
      cache = null;
    },
  };
}
