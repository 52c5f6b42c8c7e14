import { jsonb, smallint, text } from 'drizzle-orm/pg-core';
import type { LandingHero, LandingSection } from '../../shared/landing-content.ts';
import { versionedTables } from './versioned.ts';
import { REGION_US } from '#shared/regions.ts';

/** The homes, campaign pages and About: fixed routes whose content is edited like any page. */
const tables = versionedTables({
  base: 'landing_pages',
  versions: 'landing_page_versions',
  prefix: 'landing_page',
  itemColumn: 'page_id',
  baseColumns: () => ({
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    path: text('path').notNull().unique(),
    regionIds: smallint('region_ids').array().notNull().default([REGION_US]),
  }),
  versionColumns: () => ({
    hero: jsonb('hero').$type<LandingHero>().notNull(),
    sections: jsonb('sections').$type<LandingSection[]>().notNull().default([]),
  }),
});
export const landingPages = tables.base;
export const landingPageVersions = tables.versions;
