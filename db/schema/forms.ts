import { index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { SelectorJourney } from '#shared/validation/selector-journey.ts';
import { reps } from './finder.ts';
import { adminUsers } from './users.ts';

/** Spec: type 1 = Rep, otherwise Contact. */
export const FORM_TYPE = { contact: 0, rep: 1 } as const;
/** Archive is a status, never a delete. */
export const FORM_STATUS = { active: 0, archived: 1 } as const;

/**
 * The privacy text shown beside the contact form, in versions (ADR 044): editing it adds a row, never
 * changes one, so a lead's `privacy_text_id` still names the words its visitor saw. The current text is
 * the newest row; none: the form shows no privacy text.
 */
export const privacyTexts = pgTable('privacy_texts', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  /** who saved this version (kept as it was) */
  createdBy: text('created_by'),
  created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Every lead, append-only. `data` is the JSON text exactly as sent (spec: arbitrary fields including
 * Zipcode); `zipcode` and `regionId` are copied out of it for the admin list and notifications.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull().default(FORM_TYPE.contact),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    phoneE164: text('phone_e164'),
    data: text('data').notNull().default('{}'),
    message: text('message').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    regionId: smallint('region_id'),
    repId: integer('rep_id'),
    retailerId: integer('retailer_id'),
    /** 'verified', 'not-configured' (no secret set) or 'unavailable' (verify endpoint unreachable, lead kept). */
    captcha: text('captcha').notNull().default('not-configured'),
    captchaScore: real('captcha_score'),
    /** The random key a form view sends with every attempt: a retry stores nothing new. Null when none was sent. */
    idempotencyKey: text('idempotency_key'),
    status: smallint('status').notNull().default(FORM_STATUS.active),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** When someone first opened the lead in the admin (View); null: unread (the dashboard counts them). */
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Where the lead is in sales' hands: new, contacted, qualified, won, lost or spam (LEAD_STATUSES in shared/validation/forms-admin.ts). */
    leadStatus: text('lead_status').notNull().default('new'),
    /** Who works the lead: a rep (routed by territory at arrival, or chosen by an Administrator) or an admin user; at most one is set. */
    assignedRepId: integer('assigned_rep_id').references(() => reps.id, { onDelete: 'set null' }),
    assignedUserId: integer('assigned_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** How territory routing decided at arrival, in words ("ZIP codes starting 500", "no rep covers 99950"); null when it did not run. */
    routing: text('routing'),
    /** The version of the privacy text shown beside the form the visitor sent (ADR 044); null: none was shown or sent. */
    privacyTextId: integer('privacy_text_id').references(() => privacyTexts.id),
    /** The product selector's answers and recommended products the visitor sent with the lead; null: none. */
    selectorJourney: jsonb('selector_journey').$type<SelectorJourney>(),
  },
  (t) => [
    index('form_submissions_lead_status_created_idx').on(t.leadStatus, t.created),
    index('form_submissions_assigned_rep_idx').on(t.assignedRepId),
    index('form_submissions_status_created_idx').on(t.status, t.created),
    // The admin list's default order and the CSV export's keyset paging walk (created, id).
    index('form_submissions_created_id_idx').on(t.created, t.id),
    index('form_submissions_status_name_idx').on(t.status, t.name),
    index('form_submissions_status_type_idx').on(t.status, t.type),
    unique('form_submissions_idempotency_key_unique').on(t.idempotencyKey),
  ],
);

/** What happened to a lead in the admin, each with who and when: a status change, a new assignee, a note. */
export const leadActivity = pgTable(
  'lead_activity',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    /** 'status', 'assigned' or 'note' */
    kind: text('kind').notNull(),
    /** status: the codes; assigned: the assignees' names as they were then (null: nobody) */
    fromValue: text('from_value'),
    toValue: text('to_value'),
    note: text('note'),
    actorId: integer('actor_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** kept as it was, so the history still names a user who was deleted */
    actorEmail: text('actor_email'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_activity_submission_idx').on(t.submissionId, t.id),
    index('lead_activity_kind_submission_idx').on(t.kind, t.submissionId),
  ],
);
