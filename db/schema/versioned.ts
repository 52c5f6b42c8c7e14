import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
  type IndexBuilder,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import type { SeoData } from '../../shared/content-types.ts';
import { adminUsers } from './users.ts';

/**
 * One convention for the status of every versioned item (products, knowledge items, press
 * releases, pages, landing pages): 1 published (visible), 0 draft (hidden), -1 deleted.
 */
export const CONTENT_STATUS = { deleted: -1, draft: 0, published: 1 } as const;
export type ContentStatus = (typeof CONTENT_STATUS)[keyof typeof CONTENT_STATUS];

type Columns = Record<string, PgColumnBuilderBase>;
type ColumnsOf<T> = { [K in keyof T]: AnyPgColumn };

function baseColumns() {
  return {
    id: serial('id').primaryKey(),
    /** CONTENT_STATUS: 1 published, 0 draft, -1 deleted */
    status: smallint('status').notNull().default(1),
    /**
     * The version the public site shows: the newest version whose publishAt is null or past.
     * Moved in the same transaction that appends a version (or, for a scheduled version, by the
     * publisher when its time comes). Null only while the first version is still scheduled.
     */
    currentVersionId: integer('current_version_id'),
    /** The earliest publishAt of a version newer than the current one, still to come; null when none. */
    nextPublishAt: timestamp('next_publish_at', { withTimezone: true, mode: 'date' }),
    /**
     * Expiry (ADR 049): at or after this time the scheduler takes a published item off the site (status 0)
     * and clears it; null when the item does not expire. Not versioned: a rollback leaves it as it is.
     */
    unpublishAt: timestamp('unpublish_at', { withTimezone: true, mode: 'date' }),
    /** Where the item's public path redirects once it expired (a same-site path); null: it answers Not Found. */
    unpublishRedirect: text('unpublish_redirect'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
}

function versionColumns() {
  return {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** One SEO shape everywhere: desc, title, ogtitle, ogdesc, ogphoto, metaContent. */
    seo: jsonb('seo').$type<SeoData>().notNull().default({}),
    /** null: live when saved; a time: live from then on (scheduled publishing) */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    /** who saved it; null for seeded content (and when that user is deleted) */
    authorId: integer('author_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /**
     * The item's status (CONTENT_STATUS) when this version was saved: the Rollback list says which
     * versions were drafts. The base row's status is what counts for the site.
     */
    status: smallint('status'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The base row's own fields (slug, status, region...) as they were once this version was saved,
     * so a rollback restores them with the content (ADR 034); null for versions saved before.
     */
    baseFields: jsonb('base_fields').$type<Record<string, unknown>>(),
  };
}

/**
 * The one table factory for versioned content: a base row (identity, slug, status, the pointer
 * to the current version and the fields that are not versioned) and an append-only versions table
 * (the content; a row is never updated). `itemColumn` keeps each versions table's existing name
 * for its reference to the base row (item_id, product_id, page_id); in TypeScript it is always `itemId`.
 */
export function versionedTables<BN extends string, VN extends string, BX extends Columns, VX extends Columns>(def: {
  base: BN;
  versions: VN;
  /** index name prefix */
  prefix: string;
  itemColumn: string;
  baseColumns: () => BX;
  versionColumns: () => VX;
  baseIndexes?: (t: ColumnsOf<ReturnType<typeof baseColumns> & BX>) => IndexBuilder[];
}) {
  const base = pgTable(def.base, { ...baseColumns(), ...def.baseColumns() }, (t) =>
    def.baseIndexes ? def.baseIndexes(t as unknown as ColumnsOf<ReturnType<typeof baseColumns> & BX>) : [],
  );
  const versions = pgTable(
    def.versions,
    {
      ...versionColumns(),
      itemId: integer(def.itemColumn)
        .notNull()
        .references(() => base.id, { onDelete: 'cascade' }),
      ...def.versionColumns(),
    },
    (t) => [index(`${def.prefix}_versions_item_idx`).on(t.itemId, t.id)],
  );
  return { base, versions };
}
