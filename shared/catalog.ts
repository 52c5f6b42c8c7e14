import type { RegionId } from './regions.ts';

/**
 * The identity of each product page per region (slug, region, group, family): used by the product
 * selector, the path themes and the seed. What visitors read (names and taglines in the mega menu
 * and footer, the product pages) is content in the products table, served by the products service.
 */
export type ProductGroup = 'Nutrient Management' | 'Nutrient Protection' | 'Seed Enhancement';
export const PRODUCT_GROUPS: ProductGroup[] = ['Nutrient Management', 'Nutrient Protection', 'Seed Enhancement'];

export type ProductFamily = 'nitrogen' | 'nutrient';

export interface CatalogProduct {
  slug: string;
  name: string;
  region: 2 | 3;
  group: ProductGroup;
  family: ProductFamily;
  tagline: string;
}

export const CATALOG: CatalogProduct[] = [
  {
    slug: 'agrotain',
    name: 'AGROTAIN',
    region: 2,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Keeps surface-applied urea nitrogen in the field.',
  },
  {
    slug: 'anvol',
    name: 'ANVOL',
    region: 2,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Dual-active protection for urea and UAN.',
  },
  {
    slug: 'centuro',
    name: 'CENTURO',
    region: 2,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Holds ammonium nitrogen in the root zone longer.',
  },
  {
    slug: 'superu',
    name: 'SUPERU',
    region: 2,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Stabilized urea with protection built into every granule.',
  },
  {
    slug: 'wolf-trax',
    name: 'WOLF TRAX',
    region: 2,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Micronutrients coated on every granule for even coverage.',
  },
  {
    slug: 'optrient',
    name: 'OPTRIENT',
    region: 2,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Balanced early-season nutrition in one pass.',
  },
  {
    slug: 'protivate',
    name: 'PROTIVATE',
    region: 2,
    group: 'Seed Enhancement',
    family: 'nutrient',
    tagline: 'Seed-applied nutrition for a stronger start.',
  },
  {
    slug: 'agrotain-ca',
    name: 'AGROTAIN',
    region: 3,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Keeps surface-applied urea nitrogen in the field.',
  },
  {
    slug: 'anvol-ca',
    name: 'ANVOL',
    region: 3,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Dual-active protection for urea and UAN.',
  },
  {
    slug: 'centuro-ca',
    name: 'CENTURO',
    region: 3,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Holds ammonium nitrogen in the root zone longer.',
  },
  {
    slug: 'superu-ca',
    name: 'SUPERU',
    region: 3,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Stabilized urea with protection built into every granule.',
  },
  {
    slug: 'tribune-ca',
    name: 'TRIBUNE',
    region: 3,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Nitrogen protection for western Canadian acres.',
  },
  {
    slug: 'wolf-trax-ca',
    name: 'WOLF TRAX',
    region: 3,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Micronutrients coated on every granule for even coverage.',
  },
  {
    slug: 'nitamin-ca',
    name: 'NITAMIN',
    region: 3,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Efficient liquid nitrogen for foliar and in-furrow use.',
  },
  {
    slug: 'synthos-ca',
    name: 'SYNTHOS',
    region: 3,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Nitrogen and micronutrients in one blend-ready product.',
  },
  {
    slug: 'rocket-seeds-ca',
    name: 'ROCKET SEEDS',
    region: 3,
    group: 'Seed Enhancement',
    family: 'nutrient',
    tagline: 'Seed treatments that feed the seedling from day one.',
  },
  {
    slug: 'protivate-ca',
    name: 'PROTIVATE',
    region: 3,
    group: 'Seed Enhancement',
    family: 'nutrient',
    tagline: 'Seed-applied nutrition for a stronger start.',
  },
];

export function productsForRegion(region: RegionId): CatalogProduct[] {
  const r = region === 3 ? 3 : 2;
  return CATALOG.filter((p) => p.region === r);
}

export function productBySlug(slug: string): CatalogProduct | undefined {
  return CATALOG.find((p) => p.slug === slug);
}

/** The US page and its Canada twin (agrotain <-> agrotain-ca), for hreflang alternates. */
export function twinSlug(slug: string): string | undefined {
  const twin = slug.endsWith('-ca') ? slug.slice(0, -3) : `${slug}-ca`;
  return CATALOG.some((p) => p.slug === twin) ? twin : undefined;
}
