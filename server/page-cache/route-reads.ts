import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { readsOf, type PageReads } from '#app/lib/page-reads.ts';
import { groupByParent } from '#app/lib/fast-render/fresh-render.server.tsx';
import { ALL_PAGES, pathTag } from '#shared/cache-tags.ts';

/** What the page at a path reads: the union of its matched routes' declarations (app/lib/page-reads.ts). */
export interface PathReads {
  /** the query parameters the page is keyed on and rendered with */
  query: ReadonlySet<string>;
  /** the tags it is stored under: `all`, its path, and what its routes declare */
  tags: readonly string[];
}

/** The route table as matchRoutes takes it, each route's handle holding only its declaration. */
function treeOf(routes: ServerBuild['routes']): RouteObject[] {
  const byParent = groupByParent(routes);
  const build = (parentId: string): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route): RouteObject => {
      const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, handle: readsOf(route.module.handle) };
      return route.index ? { ...common, index: true } : { ...common, children: build(route.id) };
    });
  return build('');
}

const NOTHING: PathReads = { query: new Set(), tags: [ALL_PAGES] };

/**
 * Resolves a path's declarations from the build's route table, once per path (bounded: paths are
 * whatever visitors ask for). `pathname` is in normal form (server/page-cache/request-url.ts).
 */
export function createRouteReads(routes: ServerBuild['routes']): (pathname: string) => PathReads {
  const tree = treeOf(routes);
  const known = new Map<string, PathReads>();
  return (pathname) => {
    let reads = known.get(pathname);
    if (reads) return reads;
    const matches = matchRoutes(tree, pathname);
    if (!matches) return NOTHING;
    const query = new Set<string>();
    const tags = new Set<string>([ALL_PAGES, pathTag(pathname)]);
    for (const { route, params } of matches) {
      const declared = route.handle as PageReads | undefined;
      if (!declared) continue;
      for (const name of declared.query) query.add(name);
      for (const tag of declared.tags({ pathname, params })) tags.add(tag);
    }
    reads = { query, tags: [...tags] };
    if (known.size >= 5000) known.clear();
    known.set(pathname, reads);
    return reads;
  };
}
