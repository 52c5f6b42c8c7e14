/**
 * What a public route's page reads (ADR 007), declared beside its loader as part of its `handle`:
 *
 *     export const handle = { ...STATIC_PAGE, ...pageReads({ query: ['q', 'page'], tags: () => [PAGE_TAG.knowledgeList] }) };
 *
 * - `query`: the query parameters the loader (and the page) use. The page cache keys a page on its
 *   path and these parameters only, and renders the page with a URL that holds nothing else, so
 *   `/agrotain?ref=partner` is the stored `/agrotain`; a parameter no route declares is never part of a
 *   page's identity (a redirect the page answers with gets the dropped parameters back).
 * - `tags`: the content the page shows, in the vocabulary of shared/cache-tags.ts; a content change
 *   that names one of them drops the page. Every stored page also carries `all` and its own path.
 *
 * route-reads.integration.test.ts runs every public loader and fails when one reads a parameter its
 * route did not declare, or reads content its tags do not cover.
 */
export interface PageReadsArgs {
  /** the page's path as requested, in normal form (lower case, no trailing slash) */
  pathname: string;
  /** the route's parameters (`slug`, `id`, `*`) */
  params: Readonly<Record<string, string | undefined>>;
}

export interface PageReads {
  query: readonly string[];
  tags: (args: PageReadsArgs) => readonly string[];
}

const NO_TAGS = () => [] as const;

export function pageReads(decl: { query?: readonly string[]; tags?: (args: PageReadsArgs) => readonly string[] }): { reads: PageReads } {
  return { reads: { query: decl.query ?? [], tags: decl.tags ?? NO_TAGS } };
}

/** The declaration in a route's handle, if it has one. */
export function readsOf(handle: unknown): PageReads | undefined {
  const reads = (handle as { reads?: unknown } | null | undefined)?.reads as PageReads | undefined;
  return reads && Array.isArray(reads.query) && typeof reads.tags === 'function' ? reads : undefined;
}
