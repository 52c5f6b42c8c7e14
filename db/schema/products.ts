import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ContentModule, MediaRef, SeoData } from '../../shared/content-types.ts';
import type { AnalysisRow, ProductBenefit } from '../../shared/product-content.ts';

/** One row per product page per region (agrotain and agrotain-ca are two rows sharing a lineKey). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    regionId: smallint('region_id').notNull(),
    lineKey: text('line_key').notNull(),
    family: text('family').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('products_region_idx').on(t.regionId, t.sortOrder)],
);

/** Append-only: every save adds a row; the newest row is the live content. */
export const productVersions = pgTable(
  'product_versions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    groupName: text('group_name').notNull(),
    tagline: text('tagline').notNull(),
    summary: text('summary').notNull(),
    heroMedia: jsonb('hero_media').$type<MediaRef | null>(),
    modules: jsonb('modules').$type<ContentModule[]>().notNull().default([]),
    benefits: jsonb('benefits').$type<ProductBenefit[]>().notNull().default([]),
    analysis: jsonb('analysis').$type<AnalysisRow[]>().notNull().default([]),
    documentKeys: jsonb('document_keys').$type<string[]>().notNull().default([]),
    knowledgeSlugs: jsonb('knowledge_slugs').$type<string[]>().notNull().default([]),
    seo: jsonb('seo').$type<SeoData>().notNull().default({}),
    authorId: integer('author_id'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('product_versions_product_idx').on(t.productId, t.id)],
);
