import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { mailOutbox } from '#db/schema/mail.ts';
import { createOutboxQueue } from '../outbox/outbox-repository.ts';

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

export function createMailRepository(db: DbOrTx, opts: { announce?: boolean } = {}) {
  const queue = createOutboxQueue<OutboxRow>(db, mailOutbox, columns, opts.announce ? 'mail' : undefined);
  const keepUnlessSensitive = sql`case when ${mailOutbox.sensitive} then ${PURGED_TEXT} else ${mailOutbox.text} end`;
  return {
    async insert(message: OutboxInsert, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ ...message, sensitive: message.sensitive ?? false, formSubmissionId: message.formSubmissionId ?? null })
        .returning({ id: mailOutbox.id });
      await queue.announce(tx);
      return row!.id;
    },

    ...queue,

    /** Records messages delivered; a sent message's live link is not kept (the recipient has it, the database need not). */
    markSent(ids: number[], at: Date): Promise<void> {
      return queue.markSent(ids, at, { text: keepUnlessSensitive });
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

    markFailed(id: number, update: { status: 'pending' | 'failed'; nextAttemptAt: Date; lastError: string }): Promise<void> {
      return queue.markFailed(id, update, update.status === 'failed' ? { text: keepUnlessSensitive } : {});
    },

    async listForSubmission(formSubmissionId: number): Promise<OutboxRow[]> {
      return db.select(columns).from(mailOutbox).where(eq(mailOutbox.formSubmissionId, formSubmissionId)).orderBy(asc(mailOutbox.id));
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
