import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { adminUsers, auditLog } from '#db/schema/users.ts';

export interface AuditInsert {
  action: string;
  actorUserId?: number | null;
  actorEmail?: string | null;
  targetUserId?: number | null;
  targetEmail?: string | null;
  subjectKind?: string | null;
  subjectId?: string | null;
  subjectTitle?: string | null;
  subjectLink?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown> | null;
}

export interface AuditRow {
  id: number;
  created: Date;
  action: string;
  actorEmail: string | null;
  /** the name the person acting has now (null: none given, or no longer a user); read, never stored (ADR 052) */
  actorName: string | null;
  /** the account acted on; null when the address named no account (a sign-in as an unknown username) */
  targetUserId: number | null;
  targetEmail: string | null;
  targetName: string | null;
  subjectKind: string | null;
  subjectId: string | null;
  subjectTitle: string | null;
  subjectLink: string | null;
  ip: string | null;
  detail: unknown;
}

export interface AuditQuery {
  actor?: string | null;
  /** actions and subject kinds of the chosen kind of action (either matches) */
  actions?: string[] | null;
  subjectKinds?: string[] | null;
  from?: Date | null;
  /** exclusive */
  to?: Date | null;
}

// the people by the names they have now: an entry keeps the email it was made with, a person's name may be given later
const actorUser = alias(adminUsers, 'audit_actor');
const targetUser = alias(adminUsers, 'audit_target');

const columns = {
  id: auditLog.id,
  created: auditLog.created,
  action: auditLog.action,
  actorEmail: auditLog.actorEmail,
  actorName: actorUser.name,
  targetUserId: auditLog.targetUserId,
  targetEmail: auditLog.targetEmail,
  targetName: targetUser.name,
  subjectKind: auditLog.subjectKind,
  subjectId: auditLog.subjectId,
  subjectTitle: auditLog.subjectTitle,
  subjectLink: auditLog.subjectLink,
  ip: auditLog.ip,
  detail: auditLog.detail,
};

function where(q: AuditQuery): SQL | undefined {
  const kinds: SQL[] = [];
  if (q.actions?.length) kinds.push(inArray(auditLog.action, q.actions));
  if (q.subjectKinds?.length) kinds.push(inArray(auditLog.subjectKind, q.subjectKinds));
  return and(
    q.actor ? eq(auditLog.actorEmail, q.actor) : undefined,
    q.actions || q.subjectKinds ? (kinds.length ? or(...kinds) : sql`false`) : undefined,
    q.from ? gte(auditLog.created, q.from) : undefined,
    q.to ? lt(auditLog.created, q.to) : undefined,
  );
}

/**
 * The audit log's only repository: it appends and reads, and has no update or delete (the table's
 * trigger refuses them as well, migration 0018).
 */
export function createAuditRepository(db: DbOrTx) {
  return {
    async insert(entry: AuditInsert): Promise<void> {
      await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? null });
    },
    async list(q: AuditQuery, start: number, length: number): Promise<{ items: AuditRow[]; total: number }> {
      const w = where(q);
      const [items, [count]] = await Promise.all([
        db
          .select(columns)
          .from(auditLog)
          .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
          .leftJoin(targetUser, eq(targetUser.id, auditLog.targetUserId))
          .where(w)
          .orderBy(desc(auditLog.id))
          .limit(length)
          .offset(start),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(w),
      ]);
      return { items, total: Number(count?.n ?? 0) };
    },
    /** Entries newest first (by id: the log only grows), `batch` a query (the CSV export streams them). */
    async *iterate(q: AuditQuery, batch = 1000): AsyncGenerator<AuditRow[]> {
      let before: number | null = null;
      for (;;) {
        const rows: AuditRow[] = await db
          .select(columns)
          .from(auditLog)
          .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
          .leftJoin(targetUser, eq(targetUser.id, auditLog.targetUserId))
          .where(and(where(q), before === null ? undefined : lt(auditLog.id, before)))
          .orderBy(desc(auditLog.id))
          .limit(batch);
        if (rows.length === 0) return;
        yield rows;
        before = rows[rows.length - 1]!.id;
        if (rows.length < batch) return;
      }
    },
    /** Everyone who appears as the one acting, for the person filter. */
    async actors(): Promise<{ email: string; name: string | null }[]> {
      const rows = await db
        .selectDistinct({ email: auditLog.actorEmail, name: actorUser.name })
        .from(auditLog)
        .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
        .where(isNotNull(auditLog.actorEmail))
        .orderBy(asc(auditLog.actorEmail));
      // one per email (a person's entries made under an id since deleted have no name)
      const byEmail = new Map<string, string | null>();
      for (const r of rows) if (!byEmail.get(r.email!)) byEmail.set(r.email!, r.name);
      return [...byEmail].map(([email, name]) => ({ email, name }));
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
