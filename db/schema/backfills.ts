import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The data backfills that have run to the end (db/backfills.ts): a backfill runs after the schema
 * migrations, outside their transaction, in small batches, and once it is recorded here never again.
 */
export const backfillsDone = pgTable('backfills_done', {
  name: text('name').primaryKey(),
  rows: integer('rows').notNull(),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
