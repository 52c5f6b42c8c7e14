import { jsonb, smallint, text } from 'drizzle-orm/pg-core';
import type { ContentModule, MediaRef } from '../../shared/content-types.ts';
import { versionedTables } from './versioned.ts';
import { REGION_US } from '#shared/regions.ts';

/** Custom pages (/{slug}); `status` 1 is the spec's visibility 1 (visible). */
const tables = versionedTables({
  base: 'pages',
  versions: 'page_versions',
  prefix: 'page',
  itemColumn: 'page_id',
  baseColumns: () => ({
    slug: text('slug').notNull().unique(),
    regionIds: smallint('region_ids').array().notNull().default([REGION_US]),
  }),
  versionColumns: () => ({
    modules: jsonb('modules').$type<ContentModule[]>().notNull().default([]),
    heroImageType: smallint('hero_image_type'),
    heroMedia: jsonb('hero_media').$type<MediaRef | null>(),
  }),
});
export const pages = tables.base;
export const pageVersions = tables.versions;
