import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { formSubmissions } from './forms.ts';

/**
 * Outgoing email, written in the same transaction as the record it is about and delivered
 * afterwards, so an SMTP outage delays a notification but never loses it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddresses: text('to_addresses').array().notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** 'pending', 'sent' or 'failed' (gave up after the maximum attempts; logged as an error). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A lease so that several instances never send the same message at once. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** holds a live link (reset, sign-in, address confirmation): the text is blanked once sent, or after 24 hours */
    sensitive: boolean('sensitive').notNull().default(false),
    formSubmissionId: integer('form_submission_id').references(() => formSubmissions.id),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // a lead's delivery log (the admin's View) reads its emails
    index('mail_outbox_form_submission_idx').on(t.formSubmissionId),
  ],
);
