/**
 * Products that have a label and a safety data sheet in the document center, including the
 * individual WOLF TRAX and seed-enhancement products the product selector recommends.
 * Seeded documents get stable GUIDs from `documentGuid`, so links such as the selector's
 * Product Label / SDS buttons can be built without a lookup.
 */
export type DocumentKind = 'label' | 'sds';

export interface DocumentProduct {
  key: string;
  name: string;
  /** product page per region: US slug and Canada slug */
  pages: { 2?: string; 3?: string };
}

/** Product pages several products share: each WOLF TRAX micronutrient's, each seed enhancer's. */
const WOLF_TRAX_PAGES = { 2: 'wolf-trax', 3: 'wolf-trax-ca' };
const SEED_TREATMENT_PAGES = { 2: 'protivate', 3: 'rocket-seeds-ca' };

export const DOCUMENT_PRODUCTS: DocumentProduct[] = [
  { key: 'agrotain', name: 'AGROTAIN ADVANCED', pages: { 2: 'agrotain', 3: 'agrotain-ca' } },
  { key: 'anvol', name: 'ANVOL', pages: { 2: 'anvol', 3: 'anvol-ca' } },
  { key: 'centuro', name: 'CENTURO', pages: { 2: 'centuro', 3: 'centuro-ca' } },
  { key: 'superu', name: 'SUPERU', pages: { 2: 'superu', 3: 'superu-ca' } },
  { key: 'optrient', name: 'OPTRIENT', pages: { 2: 'optrient' } },
  { key: 'protivate', name: 'PROTIVATE', pages: { 2: 'protivate', 3: 'protivate-ca' } },
  { key: 'nitamin', name: 'NITAMIN', pages: { 3: 'nitamin-ca' } },
  { key: 'synthos', name: 'SYNTHOS', pages: { 3: 'synthos-ca' } },
  { key: 'tribune', name: 'TRIBUNE', pages: { 3: 'tribune-ca' } },
  { key: 'rocket-seeds', name: 'ROCKET SEEDS', pages: { 3: 'rocket-seeds-ca' } },
  { key: 'wolf-trax-zinc', name: 'WOLF TRAX Zinc DDP', pages: WOLF_TRAX_PAGES },
  { key: 'wolf-trax-boron', name: 'WOLF TRAX Boron DDP', pages: WOLF_TRAX_PAGES },
  { key: 'wolf-trax-copper', name: 'WOLF TRAX Copper DDP', pages: WOLF_TRAX_PAGES },
  { key: 'wolf-trax-iron', name: 'WOLF TRAX Iron DDP', pages: WOLF_TRAX_PAGES },
  { key: 'wolf-trax-manganese', name: 'WOLF TRAX Manganese DDP', pages: WOLF_TRAX_PAGES },
  { key: 'wolf-trax-magnesium', name: 'WOLF TRAX Magnesium DDP', pages: WOLF_TRAX_PAGES },
  { key: 'wolf-trax-calcium', name: 'WOLF TRAX Calcium DDP', pages: WOLF_TRAX_PAGES },
  { key: 'cropmix', name: 'WOLF TRAX CROPMIX', pages: WOLF_TRAX_PAGES },
  { key: 'nu-trax-p', name: 'NU-TRAX P+', pages: WOLF_TRAX_PAGES },
  { key: '3-trax', name: '3-TRAX', pages: WOLF_TRAX_PAGES },
  { key: 'nu4-dri', name: 'NU4-DRI', pages: SEED_TREATMENT_PAGES },
  { key: 'nu5-dri', name: 'NU5-DRI', pages: SEED_TREATMENT_PAGES },
  { key: 'nu5-lux', name: 'NU5-LUX', pages: SEED_TREATMENT_PAGES },
];

/** FNV-1a, twice with different seeds, formatted as a UUID: stable across runs and machines. */
function hash32(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function documentGuid(productKey: string, kind: DocumentKind): string {
  const text = `${productKey}:${kind}`;
  const hex = [0x811c9dc5, 0x1b873593, 0xcc9e2d51, 0x85ebca6b].map((seed) => hash32(text, seed).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function documentHref(productKey: string, kind: DocumentKind): string {
  return `/doccenter/${documentGuid(productKey, kind)}`;
}
