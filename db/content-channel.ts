import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** The PostgreSQL channel every running instance LISTENs on for content changes (server/plugins/content-events-transport.ts). */
export const CONTENT_CHANNEL = 'content_changed';

/** A notification on the channel: who sent it (an instance ignores its own) and what changed (domain/content-events). */
export interface ContentChannelMessage {
  from: string;
  change: { kind: string; id?: number | string | null; oldSlug?: string | null; newSlug?: string | null };
}

/**
 * Tells every instance running on this database that anything may have changed, as a write through
 * the services does: the database commands (seed, reset, geo import) end with it, so a running
 * server on the same PostgreSQL drops its rendered pages and the copies its services hold. With the
 * embedded database no server can be running while a command holds it, and nobody listens.
 */
export async function announceEverythingChanged(database: Database, from: string): Promise<void> {
  const message: ContentChannelMessage = { from, change: { kind: 'all' } };
  await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${JSON.stringify(message)})`);
}
