import { bigint, index, integer, pgTable, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REGION_US } from '#shared/regions.ts';

/**
 * Labels, SDSs, statements and images served at /doccenter/{guid}. The GUID and URL never change;
 * replacing the file appends a revision and the newest revision is served.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().unique(),
    kind: text('kind').notNull(),
    productKey: text('product_key'),
    title: text('title').notNull(),
    /** what an image shows, for screen readers; required for images, unused for other kinds */
    altText: text('alt_text').notNull().default(''),
    regionIds: smallint('region_ids').array().notNull().default([REGION_US]),
    status: smallint('status').notNull().default(1),
    sortOrder: smallint('sort_order').notNull().default(0),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** the record's version (ADR 048): every save moves it on by one, and a save names the one it started from */
    version: integer('version').notNull().default(1),
    /** who saved it last (an admin user's id; null: the site, a seed or a script) */
    updatedBy: integer('updated_by'),
  },
  (t) => [index('documents_product_idx').on(t.productKey, t.kind), index('documents_admin_list_idx').on(t.updated, t.id)],
);

export const documentRevisions = pgTable(
  'document_revisions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** sha256 of the file, hex */
    checksum: text('checksum').notNull(),
    storageKey: text('storage_key').notNull(),
    authorId: integer('author_id'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('document_revisions_document_idx').on(t.documentId, t.id)],
);
