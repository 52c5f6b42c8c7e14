import { boolean, index, jsonb, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ContentModule, MediaRef } from '../../shared/content-types.ts';
import { versionedTables } from './versioned.ts';

/**
 * Knowledge-center items and press releases share one shape (the versioned-content factory with
 * the same extra columns). The base row copies the current version's publish date and search text,
 * so public lists sort, page and search on the narrow base table; they are set whenever the
 * current-version pointer moves.
 */
function contentTables<B extends string, V extends string>(baseName: B, versionsName: V, prefix: string) {
  return versionedTables({
    base: baseName,
    versions: versionsName,
    prefix,
    itemColumn: 'item_id',
    baseColumns: () => ({
      /** 0 Article, 1 Research, 2 Podcast (knowledge items); 0 for press releases */
      type: smallint('type').notNull().default(0),
      /** 38 podcasts, 39 articles, 40 research and reports; null for press releases */
      category: smallint('category'),
      pinned: boolean('pinned').notNull().default(false),
      slug: text('slug').notNull().unique(),
      regionId: smallint('region_id').notNull().default(2),
      /** copied from the current version, so lists sort, page and search on this narrow table */
      publishDate: timestamp('publish_date', { withTimezone: true, mode: 'date' }),
      /** the current version's title and summary, for the text search */
      searchText: text('search_text').notNull().default(''),
    }),
    versionColumns: () => ({
      heroMedia: jsonb('hero_media').$type<MediaRef | null>(),
      modules: jsonb('modules').$type<ContentModule[]>().notNull().default([]),
      /** the date shown on the item (not when it goes live: that is publishAt) */
      publishDate: timestamp('publish_date', { withTimezone: true, mode: 'date' }).notNull(),
    }),
    baseIndexes: (t) => [
      index(`${prefix}_list_idx`).on(t.status, t.regionId, t.category, t.type),
      index(`${prefix}_order_idx`).on(t.status, t.pinned, t.publishDate, t.id),
      // related resources: the newest items of a region, read in index order and stopped at the limit
      index(`${prefix}_latest_idx`).on(t.status, t.regionId, t.publishDate, t.id),
    ],
  });
}

const knowledge = contentTables('knowledge_items', 'knowledge_item_versions', 'knowledge');
export const knowledgeItems = knowledge.base;
export const knowledgeItemVersions = knowledge.versions;

const press = contentTables('press_releases', 'press_release_versions', 'press');
export const pressReleases = press.base;
export const pressReleaseVersions = press.versions;
