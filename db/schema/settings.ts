import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** the record's version (ADR 048): every save moves it on by one, and a save names the one it started from */
  version: integer('version').notNull().default(1),
  /** who saved it last (an admin user's id; null: the site, a seed or a script) */
  updatedBy: integer('updated_by'),
});
