import { REGION_US, REGION_CA } from './regions.ts';
/** Knowledge-center constants and URL rules (spec sections 2, 3 and 9); browser-safe. */

export const KNOWLEDGE_BASE_PATH = '/knowledge-center';
export const PRESS_BASE_PATH = '/press-releases';

export const KNOWLEDGE_CATEGORIES = [
  { id: 38, name: 'Podcasts' },
  { id: 39, name: 'Articles' },
  { id: 40, name: 'Research and Reports' },
] as const;
export type KnowledgeCategoryId = (typeof KNOWLEDGE_CATEGORIES)[number]['id'];
export const KNOWLEDGE_CATEGORY_IDS: readonly number[] = KNOWLEDGE_CATEGORIES.map((c) => c.id);

export function isKnowledgeCategory(id: unknown): id is KnowledgeCategoryId {
  return typeof id === 'number' && KNOWLEDGE_CATEGORY_IDS.includes(id);
}

export function categoryName(id: number | null | undefined): string | null {
  return KNOWLEDGE_CATEGORIES.find((c) => c.id === id)?.name ?? null;
}

export type ResourceType = 'Article' | 'Research' | 'Podcast' | 'Unknown';
export const RESOURCE_TYPES: { id: 0 | 1 | 2; name: ResourceType }[] = [
  { id: 0, name: 'Article' },
  { id: 1, name: 'Research' },
  { id: 2, name: 'Podcast' },
];

/** Each category holds one kind of item: podcasts (38), articles (39), research and reports (40). */
export function categoryForType(type: 0 | 1 | 2): KnowledgeCategoryId {
  return type === 2 ? 38 : type === 1 ? 40 : 39;
}

/**
 * The search box's suggestion: words that find something in the visitor's region (the US and
 * International read US items; tested in content-search.integration.test.ts).
 */
export function searchPlaceholder(region: number | null | undefined): string {
  return region === REGION_CA ? 'Try nitrogen, canola or wheat' : 'Try nitrogen, zinc or soybeans';
}

/** Knowledge item kind: 0 Article, 1 Research, 2 Podcast, otherwise Unknown. */
export function resourceTypeName(type: number | null | undefined): ResourceType {
  return RESOURCE_TYPES.find((t) => t.id === type)?.name ?? 'Unknown';
}

/** Canadian items live under /can (spec: /can/knowledge-center/{slug}, /can/press-releases/{slug}). */
/**
 * The admin edit screen of a knowledge item or press release. Its public page carries it in the
 * markup (data-admin-edit), and the site script shows Edit Page to a signed-in administrator.
 */
export function adminEditPath(basePath: typeof KNOWLEDGE_BASE_PATH | typeof PRESS_BASE_PATH, baseId: number): string {
  // the admin lists sit under the public lists' own names
  return `/siteadmin${basePath}/edit/${baseId}`;
}

export function contentItemPath(basePath: string, slug: string, regionId: number): string {
  return `${regionId === REGION_CA ? '/can' : ''}${basePath}/${slug}`;
}

/**
 * Which stored regions a visitor's region sees: the US and Canada see their own items;
 * International has no items of its own, so it sees everything.
 */
export function regionsVisibleIn(region: number | null | undefined): number[] | null {
  if (region === REGION_US || region === REGION_CA) return [region];
  return null;
}

export const KNOWLEDGE_PAGE_SIZE = 9;
/**
 * The server-rendered list renders at most this many cards. ?page=N asks for the first N pages at
 * once; past this many it renders the window of MAX_LIST_ITEMS cards that ends at page N (see listWindow).
 */
export const MAX_LIST_ITEMS = 1000;
/** Far beyond any real list; keeps offsets sane for hand-typed URLs. */
const MAX_PAGE = 100_000;

/** Which cards ?page=N renders: [start, start + length). */
export function listWindow(page: number): { start: number; length: number } {
  const end = page * KNOWLEDGE_PAGE_SIZE;
  const start = Math.max(0, end - MAX_LIST_ITEMS);
  return { start, length: end - start };
}

/** The page whose window ends where the window of `start` begins (the "earlier results" link). */
export function earlierPage(start: number): number {
  return Math.max(1, Math.ceil(start / KNOWLEDGE_PAGE_SIZE));
}

/** The last page of a list of `total` cards (for a ?page= past the end). */
export function lastPage(total: number): number {
  return Math.max(1, Math.ceil(total / KNOWLEDGE_PAGE_SIZE));
}

export interface ListQuery {
  type: 0 | 1 | 2 | null;
  q: string;
  page: number;
}

/**
 * The query parameters the knowledge-center list reads (its route declares them: app/lib/page-reads.ts):
 * the category from the filter form (?category=, older links ?type=), the search and the page.
 */
export const KNOWLEDGE_LIST_PARAMS = ['category', 'type', 'q', 'page'] as const;

/** ?page=N of a paged list, 1 when missing or not a number, at most MAX_PAGE. */
export function parsePageParam(params: URLSearchParams): number {
  const pageNum = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(pageNum) ? Math.min(Math.max(pageNum, 1), MAX_PAGE) : 1;
}

/** Query-string filters of the server-rendered lists: ?type=0&q=nitrogen&page=2. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const rawType = params.get('type');
  const type = rawType === '0' || rawType === '1' || rawType === '2' ? (Number(rawType) as 0 | 1 | 2) : null;
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  return { type, q, page: parsePageParam(params) };
}

export function listQueryString(query: Partial<ListQuery>): string {
  const params = new URLSearchParams();
  if (query.type !== null && query.type !== undefined) params.set('type', String(query.type));
  if (query.q) params.set('q', query.q);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}
