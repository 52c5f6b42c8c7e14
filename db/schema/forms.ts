import { index, integer, pgTable, real, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Spec: type 1 = Rep, otherwise Contact. */
export const FORM_TYPE = { contact: 0, rep: 1 } as const;
/** Archive is a status, never a delete. */
export const FORM_STATUS = { active: 0, archived: 1 } as const;

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
    status: smallint('status').notNull().default(FORM_STATUS.active),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('form_submissions_status_created_idx').on(t.status, t.created),
    index('form_submissions_status_name_idx').on(t.status, t.name),
    index('form_submissions_status_type_idx').on(t.status, t.type),
  ],
);
