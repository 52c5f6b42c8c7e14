import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { formSubmissions } from './forms.ts';

/**
 * CRM webhook endpoints (Settings, Integrations): where lead events are posted, signed as the
 * Standard Webhooks spec says. The secret is sealed with the secret box (DATA_KEY) and never
 * leaves the server in full.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  /** `whsec_...`, sealed (domain/auth/secret-box.ts) */
  secret: text('secret').notNull(),
  /** the last four characters of the secret, shown in the admin */
  secretHint: text('secret_hint').notNull(),
  /** event types the endpoint wants: 'lead.created', 'lead.status_changed' */
  events: text('events').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** the record's version (ADR 048): every save moves it on by one, and an edit names the one it started from */
  version: integer('version').notNull().default(1),
  /** who saved it last (an admin user's id; null: the site, a seed or a script) */
  updatedBy: integer('updated_by'),
});

/**
 * The webhook outbox: one row per event and endpoint, written in the same transaction as the lead
 * (or its change) and delivered afterwards, retried with back-off until `retry_until`, then failed.
 * `message_id` is the `webhook-id` header: the same on every attempt and replay (the receiver's
 * idempotency key).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull(),
    endpointId: integer('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'set null' }),
    /** the endpoint's address when the event was written (kept when the endpoint is removed) */
    url: text('url').notNull(),
    eventType: text('event_type').notNull(),
    /** the JSON body exactly as signed and sent */
    payload: text('payload').notNull(),
    formSubmissionId: integer('form_submission_id').references(() => formSubmissions.id),
    /** 'pending', 'sent' or 'failed' (retry window over, or the endpoint was removed) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * attempts the receiver answered with an error status (since the event or its last replay): the
     * back-off after a refusal counts these, not the attempts that found the receiver unreachable
     */
    refusals: integer('refusals').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** no attempt after this: 24 hours after the event (or after a replay) */
    retryUntil: timestamp('retry_until', { withTimezone: true, mode: 'date' }).notNull(),
    /** a lease so that several instances never deliver the same row at once */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_form_submission_idx').on(t.formSubmissionId),
    unique('webhook_deliveries_message_id_unique').on(t.messageId),
  ],
);
