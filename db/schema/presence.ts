import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers } from './users.ts';

/**
 * Who has which item open in an admin editor, per browser tab: one row per (user, item, tab), its
 * last heartbeat in `last_seen`. Every instance reads the same rows, so two people on two instances
 * see each other. Rows are removed when the editor closes, and rows not heard from for 45 seconds
 * are pruned at every heartbeat (domain/presence), so the table holds only open editors.
 */
export const editorPresence = pgTable(
  'editor_presence',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    tab: text('tab').notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemKey, t.tab] }),
    index('editor_presence_item_idx').on(t.itemKey, t.lastSeen),
    index('editor_presence_last_seen_idx').on(t.lastSeen),
  ],
);
