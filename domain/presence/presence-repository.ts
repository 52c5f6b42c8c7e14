import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { editorPresence } from '#db/schema/presence.ts';
import { adminUsers } from '#db/schema/users.ts';

export function createPresenceRepository(db: DbOrTx) {
  return {
    /** This tab has the item open as of `at` (a new row, or its last-seen time moved on). */
    async touch(userId: number, itemKey: string, tab: string, at: Date): Promise<void> {
      await db
        .insert(editorPresence)
        .values({ userId, itemKey, tab, lastSeen: at })
        .onConflictDoUpdate({ target: [editorPresence.userId, editorPresence.itemKey, editorPresence.tab], set: { lastSeen: at } });
    },
    async remove(userId: number, itemKey: string, tab: string): Promise<void> {
      await db
        .delete(editorPresence)
        .where(and(eq(editorPresence.userId, userId), eq(editorPresence.itemKey, itemKey), eq(editorPresence.tab, tab)));
    },
    /** The other people with the item open and heard from after `since`, each once, by email. */
    async othersOn(itemKey: string, userId: number, since: Date): Promise<{ email: string; name: string | null }[]> {
      return db
        .selectDistinct({ email: adminUsers.email, name: adminUsers.name })
        .from(editorPresence)
        .innerJoin(adminUsers, eq(adminUsers.id, editorPresence.userId))
        .where(and(eq(editorPresence.itemKey, itemKey), ne(editorPresence.userId, userId), gt(editorPresence.lastSeen, since)))
        .orderBy(asc(adminUsers.email));
    },
    /** Drops the rows of editors not heard from since `before`. */
    async prune(before: Date): Promise<void> {
      await db.delete(editorPresence).where(lt(editorPresence.lastSeen, before));
    },
  };
}

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
