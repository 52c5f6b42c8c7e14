/** Region rules shared by the server renderer and the browser (spec sections 1, 2, 9). */

/** The region ids (the `regions` table's keys; the old site's ids, kept in URLs and stored rows). */
export const REGION_US = 2;
export const REGION_CA = 3;
export const REGION_INT = 4;
export const REGIONS = { US: REGION_US, CA: REGION_CA, INT: REGION_INT } as const;
export type RegionId = typeof REGION_US | typeof REGION_CA | typeof REGION_INT;
/** Products, knowledge items and press releases belong to the U.S. or Canada, never International. */
export type ProductRegionId = typeof REGION_US | typeof REGION_CA;
export const REGION_IDS: readonly RegionId[] = [REGION_US, REGION_CA, REGION_INT];
export const PRODUCT_REGION_IDS: readonly ProductRegionId[] = [REGION_US, REGION_CA];
export const DEFAULT_REGION: RegionId = REGION_US;
export const REGION_STORAGE_KEY = 'region';
export const REGION_COOKIE = 'region';

export const REGION_OPTIONS: { id: RegionId; code: 'US' | 'CA' | 'INT'; name: string }[] = [
  { id: REGION_US, code: 'US', name: 'U.S.' },
  { id: REGION_CA, code: 'CA', name: 'Canada' },
  { id: REGION_INT, code: 'INT', name: 'International' },
];

export function isRegionId(value: unknown): value is RegionId {
  return value === REGION_US || value === REGION_CA || value === REGION_INT;
}

export function isProductRegionId(value: unknown): value is ProductRegionId {
  return value === REGION_US || value === REGION_CA;
}

/** A stored region id read as a product region: Canada stays Canada, anything else is the U.S. */
export function productRegionOf(regionId: number | null | undefined): ProductRegionId {
  return regionId === REGION_CA ? REGION_CA : REGION_US;
}

/** A region id written as exactly its digits ('3'); anything else ('3x', '0x3', ' 3', '3.0') is no region. */
export function parseRegion(value: string | null | undefined): RegionId | null {
  const n = value?.length === 1 ? Number(value) : NaN;
  return isRegionId(n) ? n : null;
}

export function homePathFor(region: RegionId): string {
  return region === REGION_CA ? '/home-ca' : region === REGION_INT ? '/home-int' : '/';
}

/** The hreflang a region's pages declare in their alternates (home and product pages). */
export const REGION_HREFLANG: Record<RegionId, string> = { [REGION_US]: 'en-US', [REGION_CA]: 'en-CA', [REGION_INT]: 'en' };

/**
 * Where the region selector goes: the page's twin in the chosen region (its hreflang alternate, for
 * example /agrotain -> /agrotain-ca), otherwise the region's home. This departs from the spec's
 * "navigates to the region's home" on purpose: a grower reading about a product wants the same product.
 * The alternates are absolute URLs on PUBLIC_SITE_URL's origin, but the site may be reached on another
 * (www or the bare domain, a staging host, 127.0.0.1): only the alternate's path is used, and it stays on
 * the host the visitor is on. `base` resolves a relative alternate.
 */
export function regionTargetPath(region: RegionId, alternates: readonly { hreflang: string; href: string }[], base: string): string {
  const twin = alternates.find((a) => a.hreflang.toLowerCase() === REGION_HREFLANG[region].toLowerCase());
  if (twin) {
    try {
      const url = new URL(twin.href, base);
      // `//host/x` as a path would leave the site: only a plain local path counts
      const path = (url.protocol === 'http:' || url.protocol === 'https:') && !url.pathname.startsWith('//') ? url.pathname : null;
      if (path) return path;
    } catch {
      // a malformed alternate: fall back to the home
    }
  }
  return homePathFor(region);
}

/** The page's declared alternates, read from the document head (browser only). */
export function documentAlternates(doc: Document): { hreflang: string; href: string }[] {
  return [...doc.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((l) => ({ hreflang: l.hreflang, href: l.href }));
}

export const US_PRODUCT_SLUGS = ['agrotain', 'wolf-trax', 'protivate', 'anvol', 'optrient', 'centuro', 'superu'] as const;
export const CA_PRODUCT_SLUGS = [
  'agrotain-ca',
  'wolf-trax-ca',
  'rocket-seeds-ca',
  'anvol-ca',
  'nitamin-ca',
  'centuro-ca',
  'superu-ca',
  'synthos-ca',
  'tribune-ca',
  'protivate-ca',
] as const;

const US_PATHS = new Set(['/', ...US_PRODUCT_SLUGS.map((s) => `/${s}`)]);
const CA_PATHS = new Set(['/home-ca', '/can', '/contact-ca', ...CA_PRODUCT_SLUGS.map((s) => `/${s}`)]);
const INT_PATHS = new Set(['/home-int', '/int']);

function normalise(pathname: string): string {
  const p = pathname.replace(/\/+$/, '');
  return p === '' ? '/' : p.toLowerCase();
}

/**
 * The region a route fixes, or null for region-neutral routes (knowledge center, about...).
 * The finder pages fix a region only when no region change is in progress (spec section 2).
 */
export function regionForPath(pathname: string, changeInProgress = false): RegionId | null {
  const p = normalise(pathname);
  if (US_PATHS.has(p)) return REGION_US;
  if (CA_PATHS.has(p) || p.startsWith('/can/')) return REGION_CA;
  if (INT_PATHS.has(p)) return REGION_INT;
  if (!changeInProgress) {
    if (p === '/find-a-rep-ca') return REGION_CA;
    if (p === '/find-a-rep') return REGION_US;
  }
  return null;
}

/** A custom page's regionIds fix the region, Canada preferred over US (spec section 2). */
export function regionFromPageRegionIds(regionIds: readonly number[] | null | undefined): RegionId | null {
  if (!regionIds || regionIds.length === 0) return null;
  if (regionIds.includes(REGION_CA)) return REGION_CA;
  if (regionIds.includes(REGION_US)) return REGION_US;
  if (regionIds.includes(REGION_INT)) return REGION_INT;
  return null;
}

export function resolveRegion(opts: {
  pathname: string;
  pageRegionIds?: readonly number[] | null;
  stored?: RegionId | null;
  changeInProgress?: boolean;
}): RegionId {
  return (
    regionForPath(opts.pathname, opts.changeInProgress) ?? regionFromPageRegionIds(opts.pageRegionIds) ?? opts.stored ?? DEFAULT_REGION
  );
}
