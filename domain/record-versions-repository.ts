import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#db/client.ts';
import { adminUsers } from '#db/schema/users.ts';
import { displayName } from '#shared/people.ts';
import { conflictMessage, conflictPerson, type SaveGuard } from '#shared/validation/edit-conflict.ts';
import { currentAuditContext } from './audit/audit-context.ts';
import { EditConflictError } from './errors.ts';

/**
 * The records that are not versioned items (redirects, reps, retailers, documents, users, the site
 * settings) keep a version counter and who saved them last (ADR 048). A save names the version it
 * started from and is a conditional UPDATE (`... WHERE id = ? AND version = ?`), which moves the
 * version on by one: of two saves from the same version only the first changes a row; the second
 * changes none and is refused with who saved, when (and, once the route compares them, which
 * fields differ).
 */

/** What every such record has. */
export interface RecordVersion {
  version: number;
  updatedBy: number | null;
  updated: Date;
}

/** Who is saving: the signed-in user of the request (null outside a request: seeds, scripts, the site itself). */
export function actorId(): number | null {
  return currentAuditContext()?.actor?.id ?? null;
}

/** What every save of such a record writes beside its fields: the version moved on, who saved, when. */
export function nextVersion(version: PgColumn) {
  return { version: sql<number>`${version} + 1`, updatedBy: actorId(), updated: new Date() };
}

/** The WHERE of a guarded save: the row, and (with a guard) only while it is still at the version the save started from. */
export function atVersion(where: SQL, version: PgColumn, guard: SaveGuard | null | undefined): SQL {
  return guard ? and(where, eq(version, guard.baseVersion))! : where;
}

/** The email and name of the user who saved (null: the site, a seed or a script, or a user since deleted). */
async function personOf(db: DbOrTx, id: number | null): Promise<{ email: string; name: string | null } | null> {
  if (id === null) return null;
  const [row] = await db.select({ email: adminUsers.email, name: adminUsers.name }).from(adminUsers).where(eq(adminUsers.id, id));
  return row ?? null;
}

/** The refusal of a save whose record is no longer at the version it started from: who saved it since, and when. */
export async function staleRecord(db: DbOrTx, now: RecordVersion, guard: SaveGuard): Promise<EditConflictError> {
  const who = await personOf(db, now.updatedBy);
  const savedBy = now.updatedBy === null ? null : conflictPerson(now.updatedBy, who?.email ?? null, who?.name ?? null);
  return new EditConflictError(conflictMessage(savedBy, now.updated), {
    baseVersion: guard.baseVersion,
    currentVersion: now.version,
    savedBy,
    savedAt: now.updated.toISOString(),
    fields: [],
  });
}

/** "Ana Lopez (ana.lopez@example.com) saved it on November 28, 2026 at 10:04 PM UTC": who moved a record on, for a refused import row. */
export async function savedSince(db: DbOrTx, now: RecordVersion): Promise<string> {
  const who = await personOf(db, now.updatedBy);
  const at = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(now.updated);
  return `${who ? `${displayName(who)} (${who.email})` : 'someone'} saved it on ${at} UTC`;
}

/**
 * The audit detail of a save made over someone else's on purpose (overwrite: true): whose changes,
 * of when. `before` is the record as read before the save; it names the overwritten save only when it
 * is the version the save started from (every save moves the version, so that version is that save).
 */
export async function overwroteDetail(
  db: DbOrTx,
  before: RecordVersion | null | undefined,
  guard: SaveGuard | null | undefined,
): Promise<Record<string, unknown>> {
  if (!guard?.overwrite || !before || before.version !== guard.baseVersion) return {};
  if (before.updatedBy !== null && before.updatedBy === actorId()) return {};
  const who = await personOf(db, before.updatedBy);
  return {
    overwrote: {
      version: before.version,
      name: who ? displayName(who) : 'the site',
      email: who?.email ?? null,
      saved: before.updated.toISOString(),
    },
  };
}
