import type { z } from 'zod';
import { REGION_CA } from '#shared/regions.ts';
import {
  ContentAdminItemSchema,
  LandingAdminItemSchema,
  PageAdminItemSchema,
  ProductAdminItemSchema,
} from '#shared/validation/versioned-admin.ts';
import { VERSIONED_KINDS, type VersionedKindCore, type VersionedKindName } from '#shared/versioned-kinds.ts';

/**
 * One definition per versioned kind for the admin screens (ADR 034): the core shared with the
 * server's resource factory (name, API prefix, admin addresses, names), the reply schema its calls
 * are checked with, the message of an unknown item and its slug rule. The editors get their loader,
 * save, rollback and preview wiring from it (`useVersionedEditor`, `loadVersioned`).
 */
export interface VersionedKindDef<S extends z.ZodType = z.ZodType> extends VersionedKindCore {
  /** the item every read and write answers (get, add, rollback) */
  item: S;
  /** a 404's message ("Page not found.") */
  notFound: string;
  /** the public address before the slug, by region; absent for kinds with fixed addresses (products, landing pages) */
  slugPrefix?: (region: number) => string;
}

/** Knowledge items and press releases: Canadian items live under /can. */
const contentSlug = (base: string) => (region: number) => `${region === REGION_CA ? '/can' : ''}${base}`;

export const VERSIONED_KIND_DEFS = {
  knowledge: {
    ...VERSIONED_KINDS.knowledge,
    item: ContentAdminItemSchema,
    notFound: 'Knowledge Item not found.',
    slugPrefix: contentSlug('/knowledge-center/'),
  },
  press: {
    ...VERSIONED_KINDS.press,
    item: ContentAdminItemSchema,
    notFound: 'Press Release not found.',
    slugPrefix: contentSlug('/press-releases/'),
  },
  page: { ...VERSIONED_KINDS.page, item: PageAdminItemSchema, notFound: 'Page not found.', slugPrefix: () => '/' },
  landing: { ...VERSIONED_KINDS.landing, item: LandingAdminItemSchema, notFound: 'Page not found.' },
  product: { ...VERSIONED_KINDS.product, item: ProductAdminItemSchema, notFound: 'Product not found.' },
} as const satisfies Record<VersionedKindName, VersionedKindDef>;
