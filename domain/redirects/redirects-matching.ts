import { normalisePath, normaliseQuery, redirectKey } from '#shared/paths.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { memo } from '../content-events/memo.ts';
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
 * Redirects are consulted for every request before routing, so the whole table is kept in memory
 * (`memo`): reloaded after any write here (`invalidate`) and after a redirect change on another
 * instance (the content events).
 */
export function createRedirectMatching(repo: RedirectsRepository, events?: ContentEvents) {
  const table = memo(
    async (): Promise<Map<string, RedirectTarget>> => {
      const map = new Map<string, RedirectTarget>();
      for (const r of await repo.listAll()) {
        const statusCode = r.statusCode === 410 ? 410 : r.statusCode === 302 ? 302 : 301;
        map.set(redirectKey(r.fromPath), { id: r.id, toPath: r.toPath, statusCode, keepQuery: r.keepQuery });
      }
      return map;
    },
    { events, kinds: ['redirect'], max: 1 },
  );

  return {
    /**
     * Whether a stored redirect may answer this path and query, without waiting: true when one does,
     * and when the table is not in memory, so the caller must ask `resolve`.
     */
    mayRedirect(pathname: string, search = ''): boolean {
      const map = table.peek();
      if (!map) return true;
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
      table.clear();
    },
  };
}
