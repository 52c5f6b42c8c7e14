import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { mailOutbox } from '#db/schema/mail.ts';

export interface OutboxInsert {
  kind: string;
  toAddresses: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  /** holds a live link: the stored text is blanked once sent (or after 24 hours unsent) */
  sensitive?: boolean;
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
  sensitive: mailOutbox.sensitive,
  formSubmissionId: mailOutbox.formSubmissionId,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
  created: mailOutbox.created,
  sentAt: mailOutbox.sentAt,
};

/** What a sent (or given up) message with a live link keeps as its text. */
export const PURGED_TEXT = '[Removed after sending: this email held a sign-in or password link.]';

export function createMailRepository(db: DbOrTx) {
  return {
    async insert(message: OutboxInsert, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ ...message, sensitive: message.sensitive ?? false, formSubmissionId: message.formSubmissionId ?? null })
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
      await db
        .update(mailOutbox)
        // a sent message's live link is not kept: the recipient has it, the database need not
        .set({
          status: 'sent',
          sentAt: at,
          lockedUntil: null,
          lastError: null,
          text: sql`case when ${mailOutbox.sensitive} then ${PURGED_TEXT} else ${mailOutbox.text} end`,
        })
        .where(eq(mailOutbox.id, id));
    },
    /**
     * Messages with a live link still unsent after a day: every such link has expired by then (the
     * longest lives 24 hours), so they are given up and their text blanked.
     */
    async purgeStaleSensitive(before: Date): Promise<number> {
      const rows = await db
        .update(mailOutbox)
        .set({
          status: sql`case when ${mailOutbox.status} = 'pending' then 'failed' else ${mailOutbox.status} end`,
          text: PURGED_TEXT,
          lockedUntil: null,
        })
        .where(and(eq(mailOutbox.sensitive, true), lt(mailOutbox.created, before), sql`${mailOutbox.text} <> ${PURGED_TEXT}`))
        .returning({ id: mailOutbox.id });
      return rows.length;
    },

    async markFailed(id: number, update: { status: 'pending' | 'failed'; nextAttemptAt: Date; lastError: string }): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: update.status,
          nextAttemptAt: update.nextAttemptAt,
          lastError: update.lastError.slice(0, 2000),
          lockedUntil: null,
          ...(update.status === 'failed'
            ? { text: sql`case when ${mailOutbox.sensitive} then ${PURGED_TEXT} else ${mailOutbox.text} end` }
            : {}),
        })
        .where(eq(mailOutbox.id, id));
    },

    async listForSubmission(formSubmissionId: number): Promise<OutboxRow[]> {
      return db.select(columns).from(mailOutbox).where(eq(mailOutbox.formSubmissionId, formSubmissionId)).orderBy(asc(mailOutbox.id));
    },

    /** When the oldest message still waiting to be sent was queued; null when none waits. */
    async oldestPendingAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`min(${mailOutbox.created})` })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'));
      return row?.at ? new Date(row.at) : null;
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
