import { CATALOG } from '#shared/catalog.ts';
import { ROUTE_TABLE } from '#shared/route-table.ts';

/** What the slug rule reads of a route entry. */
interface RoutePath {
  path?: string;
  children?: readonly RoutePath[];
}

/**
 * First path segments the server answers before React Router (API, sign-in API, built assets,
 * public files, documents, health checks, sitemap and robots): a custom page could never be
 * reached there. server/routes/reserved-slugs.integration.test.ts checks every registered route
 * and every file in public/ is covered.
 */
export const SERVER_PATH_SEGMENTS = [
  'api',
  'auth',
  'assets',
  'images',
  'doccenter',
  'healthz',
  'readyz',
  'sitemap-xml',
  'robots-txt',
] as const;

/** The first segment of every path in the route table (`:param` and `*` segments name no address). */
export function routeFirstSegments(entries: readonly RoutePath[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly RoutePath[]) => {
    for (const entry of list) {
      const first = entry.path?.split('/').find(Boolean);
      if (first && !first.startsWith(':') && first !== '*') out.add(first.toLowerCase());
      // a layout (no path) passes its children's paths through unchanged
      if (entry.children && !entry.path) walk(entry.children);
    }
  };
  walk(entries);
  return out;
}

/**
 * Slugs a custom page (/{slug}) cannot take, derived from the route table (shared/route-table.ts), so a
 * route added there (a campaign page, a new screen) is reserved without anyone remembering to.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...routeFirstSegments(ROUTE_TABLE),
  ...SERVER_PATH_SEGMENTS,
  ...CATALOG.map((p) => p.slug),
]);
