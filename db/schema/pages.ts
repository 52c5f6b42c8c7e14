import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ContentModule, MediaRef, SeoData } from '../../shared/content-types.ts';

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  visibility: smallint('visibility').notNull().default(1),
  regionIds: smallint('region_ids').array().notNull().default([2]),
  created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Append-only: every save of a page adds a row; the newest row is the live content. */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    metadata: jsonb('metadata').$type<SeoData>().notNull().default({}),
    modules: jsonb('modules').$type<ContentModule[]>().notNull().default([]),
    heroImageType: smallint('hero_image_type'),
    heroMedia: jsonb('hero_media').$type<MediaRef | null>(),
    authorId: integer('author_id'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('page_versions_page_idx').on(t.pageId, t.id)],
);
