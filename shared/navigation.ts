import { CATALOG, PRODUCT_GROUPS, productBySlug, type ProductGroup } from './catalog.ts';
import { homePathFor, type RegionId, REGION_CA, REGION_INT, productRegionOf } from './regions.ts';

export interface NavLink {
  label: string;
  to: string;
}

export interface NavSet {
  home: string;
  /** false for International, whose bar is reduced to logo, Contact and the region selector */
  solutions: boolean;
  links: NavLink[];
  contact: NavLink;
}

export function findRepPathFor(region: RegionId): string {
  return region === REGION_CA ? '/find-a-rep-ca' : '/find-a-rep';
}

export function contactPathFor(region: RegionId): string {
  return region === REGION_CA ? '/contact-ca' : '/contact';
}

/** Navigation bar per region (spec section 2, Navigation bar). */
export function navFor(region: RegionId): NavSet {
  const contact = { label: 'Contact', to: contactPathFor(region) };
  if (region === REGION_INT) return { home: homePathFor(REGION_INT), solutions: false, links: [], contact };
  return {
    home: homePathFor(region),
    solutions: true,
    links: [
      { label: 'Knowledge Center', to: '/knowledge-center' },
      { label: 'About', to: '/about' },
      { label: 'Retailers & Reps', to: findRepPathFor(region) },
      { label: 'Labels / SDS', to: '/product-labels' },
    ],
    contact,
  };
}

/** What the mega menu and the footer show of a product; the live list comes from the products table. */
export interface MenuProduct {
  slug: string;
  name: string;
  tagline: string;
  group: ProductGroup;
  region: number;
}

/** The region's products in menu order (US for International, which has no product menu). */
export function solutionsFor<T extends MenuProduct>(region: RegionId, products: readonly T[]): T[] {
  const r = productRegionOf(region);
  return products.filter((p) => p.region === r);
}

export function megaMenuFor<T extends MenuProduct>(
  region: RegionId,
  all: readonly T[] = CATALOG as unknown as T[],
): { group: ProductGroup; products: T[] }[] {
  const products = solutionsFor(region, all);
  return PRODUCT_GROUPS.map((group) => ({ group, products: products.filter((p) => p.group === group) })).filter(
    (g) => g.products.length > 0,
  );
}

function normalise(pathname: string): string {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return p === '' ? '/' : p;
}

/** The footer's legal links: custom pages seeded for every region (seed/core.ts). */
export const LEGAL_LINKS: NavLink[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Use', to: '/terms-of-use' },
  { label: 'Legal & Attributions', to: '/legal' },
];

/** Legal pages carry their text only: no related articles, no Find a Rep banner. */
export function isLegalPath(pathname: string): boolean {
  const p = normalise(pathname);
  return LEGAL_LINKS.some((l) => l.to === p);
}

const NO_FOOTER = new Set(['/reps-retailers', '/product-selector']);
const REP_PAGES = new Set(['/find-a-rep', '/find-a-rep-ca', '/can/find-a-rep', '/reps-retailers', '/rep-thankyou', '/retailer-thankyou']);

export function footerVisible(pathname: string): boolean {
  return !NO_FOOTER.has(normalise(pathname));
}

/** An address of the finder (either region's, or the old Canadian one that redirects). */
export function isFindRepPath(to: string): boolean {
  return ['/find-a-rep', '/find-a-rep-ca', '/can/find-a-rep'].includes(normalise(to.split(/[?#]/)[0]!));
}

/**
 * A page whose last section is a call-to-action band with its own Find a Rep button (homes, campaigns):
 * the footer leaves its Find a Rep banner out there, so two bands asking the same thing never stack.
 * The page's band stays because it is the one the editor wrote for that page.
 */
export function endsWithFindRepCta(sections: readonly { kind: string; ctas?: readonly { to: string }[] }[]): boolean {
  const last = sections.at(-1);
  return last?.kind === 'cta' && (last.ctas ?? []).some((c) => isFindRepPath(c.to));
}

/** The Find a Rep banner shows except on the rep pages and the knowledge center. */
export function findRepBannerVisible(pathname: string): boolean {
  const p = normalise(pathname);
  if (REP_PAGES.has(p) || isLegalPath(p)) return false;
  if (p === '/knowledge-center' || p.startsWith('/knowledge-center/') || p.startsWith('/can/knowledge-center/')) return false;
  return true;
}

export type Theme = 'default' | 'nitrogen' | 'nutrient' | 'knowledge' | 'press' | 'admin';

/** The page colour theme is chosen by the path (spec section 2, Footer). */
export function themeForPath(pathname: string): Theme {
  const p = normalise(pathname);
  if (p.startsWith('/siteadmin') || p.startsWith('/account')) return 'admin';
  if (p.startsWith('/knowledge-center') || p.startsWith('/can/knowledge-center')) return 'knowledge';
  if (p.startsWith('/press-releases') || p.startsWith('/can/press-releases')) return 'press';
  if (p === '/anvol-protects' || p === '/clear-choice') return 'nitrogen';
  if (p === '/balanced-nutrition' || p === '/dual-purpose') return 'nutrient';
  const product = productBySlug(p.slice(1));
  if (product) return product.family;
  return 'default';
}
