import { REGION_US, REGION_CA, type RegionId, type ProductRegionId, productRegionOf } from './regions.ts';

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
  region: ProductRegionId;
  group: ProductGroup;
  family: ProductFamily;
  tagline: string;
}

export const CATALOG: CatalogProduct[] = [
  {
    slug: 'agrotain',
    name: 'AGROTAIN',
    region: REGION_US,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Keeps surface-applied urea nitrogen in the field.',
  },
  {
    slug: 'anvol',
    name: 'ANVOL',
    region: REGION_US,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Dual-active protection for urea and UAN.',
  },
  {
    slug: 'centuro',
    name: 'CENTURO',
    region: REGION_US,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Holds ammonium nitrogen in the root zone longer.',
  },
  {
    slug: 'superu',
    name: 'SUPERU',
    region: REGION_US,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Stabilized urea with protection built into every granule.',
  },
  {
    slug: 'wolf-trax',
    name: 'WOLF TRAX',
    region: REGION_US,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Micronutrients coated on every granule for even coverage.',
  },
  {
    slug: 'optrient',
    name: 'OPTRIENT',
    region: REGION_US,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Balanced early-season nutrition in one pass.',
  },
  {
    slug: 'protivate',
    name: 'PROTIVATE',
    region: REGION_US,
    group: 'Seed Enhancement',
    family: 'nutrient',
    tagline: 'Seed-applied nutrition for a stronger start.',
  },
  {
    slug: 'agrotain-ca',
    name: 'AGROTAIN',
    region: REGION_CA,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Keeps surface-applied urea nitrogen in the field.',
  },
  {
    slug: 'anvol-ca',
    name: 'ANVOL',
    region: REGION_CA,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Dual-active protection for urea and UAN.',
  },
  {
    slug: 'centuro-ca',
    name: 'CENTURO',
    region: REGION_CA,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Holds ammonium nitrogen in the root zone longer.',
  },
  {
    slug: 'superu-ca',
    name: 'SUPERU',
    region: REGION_CA,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Stabilized urea with protection built into every granule.',
  },
  {
    slug: 'tribune-ca',
    name: 'TRIBUNE',
    region: REGION_CA,
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Nitrogen protection for western Canadian acres.',
  },
  {
    slug: 'wolf-trax-ca',
    name: 'WOLF TRAX',
    region: REGION_CA,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Micronutrients coated on every granule for even coverage.',
  },
  {
    slug: 'nitamin-ca',
    name: 'NITAMIN',
    region: REGION_CA,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Efficient liquid nitrogen for foliar and in-furrow use.',
  },
  {
    slug: 'synthos-ca',
    name: 'SYNTHOS',
    region: REGION_CA,
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Nitrogen and micronutrients in one blend-ready product.',
  },
  {
    slug: 'rocket-seeds-ca',
    name: 'ROCKET SEEDS',
    region: REGION_CA,
    group: 'Seed Enhancement',
    family: 'nutrient',
    tagline: 'Seed treatments that feed the seedling from day one.',
  },
  {
    slug: 'protivate-ca',
    name: 'PROTIVATE',
    region: REGION_CA,
    group: 'Seed Enhancement',
    family: 'nutrient',
    tagline: 'Seed-applied nutrition for a stronger start.',
  },
];

export function productsForRegion(region: RegionId): CatalogProduct[] {
  const r = productRegionOf(region);
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
