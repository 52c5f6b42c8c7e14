import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ContentModule, MediaRef, SeoData } from '../../shared/content-types.ts';

/**
 * Knowledge-center items and press releases share one shape: a base row (baseId = id) and an
 * append-only versions table. `latestVersionId` points at the newest version so public lists read
 * the current content with one join instead of a per-item "max(id)" lookup; it and the copied sort
 * and search columns are set in the same transaction that appends a version, and nothing in a
 * version is ever updated.
 */
/** PostgreSQL's text-search document type (Drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

function versionedContentTables<B extends string, V extends string, S extends string>(baseName: B, versionsName: V, searchName: S, prefix: string) {
  const items = pgTable(
    baseName,
    {
      id: serial('id').primaryKey(),
      /** 0 Article, 1 Research, 2 Podcast (knowledge items); 0 for press releases */
      type: smallint('type').notNull().default(0),
      /** 38 podcasts, 39 articles, 40 research and reports; null for press releases */
      category: smallint('category'),
      pinned: boolean('pinned').notNull().default(false),
      slug: text('slug').notNull().unique(),
      regionId: smallint('region_id').notNull().default(2),
      /** 1 published, 0 draft, -1 deleted */
      status: smallint('status').notNull().default(1),
      latestVersionId: integer('latest_version_id'),
      /** copied from the latest version, so lists sort, page and search on this narrow table */
      publishDate: timestamp('publish_date', { withTimezone: true, mode: 'date' }),
      created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
      updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [
      index(`${prefix}_list_idx`).on(t.status, t.regionId, t.category, t.type),
      index(`${prefix}_order_idx`).on(t.status, t.pinned, t.publishDate, t.id),
      // related resources: the newest items of a region, read in index order and stopped at the limit
      index(`${prefix}_latest_idx`).on(t.status, t.regionId, t.publishDate, t.id),
    ],
  );
  const versions = pgTable(
    versionsName,
    {
      id: serial('id').primaryKey(),
      itemId: integer('item_id')
        .notNull()
        .references(() => items.id, { onDelete: 'cascade' }),
      title: text('title').notNull(),
      /** SEO data; `desc` doubles as the card summary (metadata.desc) */
      metadata: jsonb('metadata').$type<SeoData>().notNull().default({}),
      heroMedia: jsonb('hero_media').$type<MediaRef | null>(),
      modules: jsonb('modules').$type<ContentModule[]>().notNull().default([]),
      publishDate: timestamp('publish_date', { withTimezone: true, mode: 'date' }).notNull(),
      authorId: integer('author_id'),
      created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [index(`${prefix}_versions_item_idx`).on(t.itemId, t.id)],
  );
  /**
   * Full-text search, one row per item (its latest version), kept beside the narrow base table so
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
  return { items, versions, search };
}

const knowledge = versionedContentTables('knowledge_items', 'knowledge_item_versions', 'knowledge_item_search', 'knowledge');
export const knowledgeItems = knowledge.items;
export const knowledgeItemVersions = knowledge.versions;
export const knowledgeItemSearch = knowledge.search;

const press = versionedContentTables('press_releases', 'press_release_versions', 'press_release_search', 'press');
export const pressReleases = press.items;
export const pressReleaseVersions = press.versions;
export const pressReleaseSearch = press.search;
