import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ContentModule, MediaRef } from '../../shared/content-types.ts';
import { versionedTables } from './versioned.ts';

/**
 * Knowledge-center items and press releases share one shape (the versioned-content factory with
 * the same extra columns). The base row copies the current version's publish date, so public lists
 * sort and page on the narrow base table; the search table holds the current version's text. Both
 * are set whenever the current-version pointer moves.
 */
/** PostgreSQL's text-search document type (Drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

function contentTables<B extends string, V extends string, S extends string>(baseName: B, versionsName: V, searchName: S, prefix: string) {
  const tables = versionedTables({
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
  const items = tables.base;
  /**
   * Full-text search, one row per item (its current version), kept beside the narrow base table so
   * that lists which do not search never read it. The database builds both documents: the weighted
   * one (title A, summary B, module text C) that a search matches through the GIN index, and a small
   * one (title A, summary B) that ranks the matches cheaply; body-only matches rank below the rest.
   */
  const search = pgTable(
    searchName,
    {
      itemId: integer('item_id')
        .primaryKey()
        .references(() => items.id, { onDelete: 'cascade' }),
      title: text('title').notNull().default(''),
      summary: text('summary').notNull().default(''),
      body: text('body').notNull().default(''),
      document: tsvector('document')
        .notNull()
        .generatedAlwaysAs(
          sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', body), 'C')`,
        ),
      rankDocument: tsvector('rank_document')
        .notNull()
        .generatedAlwaysAs(sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B')`),
    },
    (t) => [index(`${prefix}_search_document_idx`).using('gin', t.document)],
  );
  return { ...tables, search };
}

const knowledge = contentTables('knowledge_items', 'knowledge_item_versions', 'knowledge_item_search', 'knowledge');
export const knowledgeItems = knowledge.base;
export const knowledgeItemVersions = knowledge.versions;
export const knowledgeItemSearch = knowledge.search;

const press = contentTables('press_releases', 'press_release_versions', 'press_release_search', 'press');
export const pressReleases = press.base;
export const pressReleaseVersions = press.versions;
export const pressReleaseSearch = press.search;
