import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored redirects. `fromPath` is normalised (one leading slash, lower case, no trailing slash) and
 * may end in a normalised query (`/page.aspx?id=12`, see redirectKey); `toPath` is a local path or
 * an http(s) address, null for 410 Gone. `keepQuery` passes the visitor's query string on to the
 * target (false drops it). `hits`/`lastHit` are added in batches
 * by RedirectsService, not written per request.
 */
export const redirects = pgTable('redirects', {
  id: serial('id').primaryKey(),
  fromPath: text('from_path').notNull().unique(),
  toPath: text('to_path'),
  statusCode: smallint('status_code').notNull().default(301),
  keepQuery: boolean('keep_query').notNull().default(true),
  /**
   * 'rename': left by a content rename, which later renames may change; 'admin': made by a person (or an import), which
   * renames never touch; 'expiry': left by an item's expiry (ADR 049), removed when the item is published again, and a
   * person's ('admin') once a person saves it
   */
  origin: text('origin').notNull().default('admin'),
  hits: integer('hits').notNull().default(0),
  lastHit: timestamp('last_hit', { withTimezone: true, mode: 'date' }),
  created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** the record's version (ADR 048): every save moves it on by one, and a save names the one it started from */
  version: integer('version').notNull().default(1),
  /** who saved it last (an admin user's id; null: the site, a seed or a script) */
  updatedBy: integer('updated_by'),
});

/**
 * Paths that ended in Not Found (bots excluded), one row per normalised path with a count. Kept to
 * a bounded number of rows (the least recently seen are pruned), so a scanner cannot grow it.
 */
export const notFoundLog = pgTable(
  'not_found_log',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull().unique(),
    hits: integer('hits').notNull().default(0),
    firstSeen: timestamp('first_seen', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('not_found_log_last_seen_idx').on(t.lastSeen)],
);
