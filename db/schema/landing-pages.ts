import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { SeoData } from '../../shared/content-types.ts';
import type { LandingHero, LandingSection } from '../../shared/landing-content.ts';

/** The homes, campaign pages and About: fixed routes whose content is edited like any page. */
export const landingPages = pgTable('landing_pages', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  kind: text('kind').notNull(),
  path: text('path').notNull().unique(),
  regionIds: smallint('region_ids').array().notNull().default([2]),
  created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Append-only: every save adds a row; the newest row is the live content. */
export const landingPageVersions = pgTable(
  'landing_page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => landingPages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    hero: jsonb('hero').$type<LandingHero>().notNull(),
    sections: jsonb('sections').$type<LandingSection[]>().notNull().default([]),
    seo: jsonb('seo').$type<SeoData>().notNull().default({}),
    authorId: integer('author_id'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('landing_page_versions_page_idx').on(t.pageId, t.id)],
);
