import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { mailOutbox } from '#db/schema/mail.ts';

export interface OutboxInsert {
  kind: string;
  toAddresses: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  formSubmissionId?: number | null;
}

export interface OutboxRow extends OutboxInsert {
  id: number;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  created: Date;
  sentAt: Date | null;
}

const columns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  toAddresses: mailOutbox.toAddresses,
  replyTo: mailOutbox.replyTo,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  formSubmissionId: mailOutbox.formSubmissionId,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
  created: mailOutbox.created,
  sentAt: mailOutbox.sentAt,
};

export function createMailRepository(db: DbOrTx) {
  return {
    async insert(message: OutboxInsert, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ ...message, formSubmissionId: message.formSubmissionId ?? null })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },

    /** Leases up to `limit` due messages (skipping rows another instance holds) and counts the attempt. */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.nextAttemptAt, now),
            or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, now)),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(mailOutbox)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(inArray(mailOutbox.id, due))
        .returning(columns);
      return rows.sort((a, b) => a.id - b.id);
    },

    async markSent(id: number, at: Date): Promise<void> {
      await db.update(mailOutbox).set({ status: 'sent', sentAt: at, lockedUntil: null, lastError: null }).where(eq(mailOutbox.id, id));
    },

    async markFailed(id: number, update: { status: 'pending' | 'failed'; nextAttemptAt: Date; lastError: string }): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: update.status, nextAttemptAt: update.nextAttemptAt, lastError: update.lastError.slice(0, 2000), lockedUntil: null })
        .where(eq(mailOutbox.id, id));
    },

    async listForSubmission(formSubmissionId: number): Promise<OutboxRow[]> {
      return db.select(columns).from(mailOutbox).where(eq(mailOutbox.formSubmissionId, formSubmissionId)).orderBy(asc(mailOutbox.id));
    },

    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .groupBy(mailOutbox.status);
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
