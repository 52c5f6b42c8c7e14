import type { z } from 'zod';
import { KIND_API, type KindContracts, type KindDefinition, type KindName } from '#shared/kinds/index.ts';
import { VERSIONED_KINDS, type VersionedKindCore } from '#shared/versioned-kinds.ts';

/**
 * One definition per versioned kind for the admin screens (ADR 034, made from the registry by
 * ADR 037): the core shared with the server's resource factory (name, API prefix, admin addresses,
 * names), the reply schema its calls are checked with, the message of an unknown item and its slug
 * rule. The editors get their loader, save, rollback and preview wiring from it.
 */
export interface VersionedKindDef<S extends z.ZodType = z.ZodType> extends VersionedKindCore {
  /** the item every read and write answers (get, add, rollback) */
  item: S;
  /** a 404's message ("Page not found.") */
  notFound: string;
  /** the public address before the slug, by region; absent for kinds with fixed addresses (products, landing pages) */
  slugPrefix?: (region: number) => string;
  /** the kind's admin API calls (shared/kinds/contracts.ts), their replies checked with `item` */
  calls: KindContracts<KindDefinition & { schemas: { item: S } }>;
}

type Defs = {
  [K in KindName]: (typeof VERSIONED_KINDS)[K] & { item: (typeof VERSIONED_KINDS)[K]['schemas']['item']; calls: (typeof KIND_API)[K] };
};

export const VERSIONED_KIND_DEFS = Object.fromEntries(
  Object.entries(VERSIONED_KINDS).map(([name, k]) => [name, { ...k, item: k.schemas.item, calls: KIND_API[name as KindName] }]),
) as Defs;
