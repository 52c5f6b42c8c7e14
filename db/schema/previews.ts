import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers } from './users.ts';

/**
 * Unsaved content an editor asked to preview (ADR 024): kept in the database, not in memory, so the
 * preview link works on every instance. The link's random token is stored as its SHA-256 hash; a
 * row lives 30 minutes and expired rows are deleted when the next preview is made.
 */
export const contentPreviews = pgTable(
  'content_previews',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** the previewed kind's name (shared/kinds) */
    kind: text('kind').notNull(),
    /** the edited item, or null for one not created yet */
    itemId: integer('item_id'),
    /** the save body after the save's write rule (rich text sanitized) */
    payload: jsonb('payload').notNull(),
    authorId: integer('author_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('content_previews_expires_idx').on(t.expiresAt)],
);
