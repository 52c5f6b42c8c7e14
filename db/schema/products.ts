import { index, jsonb, smallint, text } from 'drizzle-orm/pg-core';
import type { ContentModule, MediaRef } from '../../shared/content-types.ts';
import type { AnalysisRow, ProductBenefit } from '../../shared/product-content.ts';
import { versionedTables } from './versioned.ts';

/**
 * One row per product page per region (agrotain and agrotain-ca are two rows sharing a lineKey);
 * the versioned-content factory: the version's `title` is the product name.
 */
const tables = versionedTables({
  base: 'products',
  versions: 'product_versions',
  prefix: 'product',
  itemColumn: 'product_id',
  baseColumns: () => ({
    slug: text('slug').notNull().unique(),
    regionId: smallint('region_id').notNull(),
    lineKey: text('line_key').notNull(),
    family: text('family').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  }),
  versionColumns: () => ({
    groupName: text('group_name').notNull(),
    tagline: text('tagline').notNull(),
    summary: text('summary').notNull(),
    heroMedia: jsonb('hero_media').$type<MediaRef | null>(),
    modules: jsonb('modules').$type<ContentModule[]>().notNull().default([]),
    benefits: jsonb('benefits').$type<ProductBenefit[]>().notNull().default([]),
    analysis: jsonb('analysis').$type<AnalysisRow[]>().notNull().default([]),
    documentKeys: jsonb('document_keys').$type<string[]>().notNull().default([]),
    knowledgeSlugs: jsonb('knowledge_slugs').$type<string[]>().notNull().default([]),
  }),
  baseIndexes: (t) => [index('products_region_idx').on(t.regionId, t.sortOrder)],
});
export const products = tables.base;
export const productVersions = tables.versions;
