import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** the name the admin shows for the person (audit log, presence, edit conflicts); null: one made from the email (ADR 052) */
  name: text('name'),
  passwordHash: text('password_hash').notNull(),
  lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
  created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The TOTP secret, encrypted (domain/auth/secret-box.ts: AES-256-GCM, `v1.<key id>.<iv>.<tag>.<data>`); set by setup, used once totpEnabled. */
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The last TOTP time step accepted, so a code cannot be replayed within its window. */
  totpLastStep: integer('totp_last_step'),
  /** when the account (email, roles) was last saved in Users (ADR 048) */
  updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** the record's version (ADR 048): every save moves it on by one, and a save names the one it started from */
  version: integer('version').notNull().default(1),
  /** who saved it last (an admin user's id; null: the site, a seed or a script) */
  updatedBy: integer('updated_by'),
});

/**
 * Sign-in attempts (password or second factor) per normalised username (trimmed, lower case), whether
 * or not an account has that name: an unknown username locks exactly like a real one, so the replies
 * never tell which usernames exist. Two kinds of row: per (username, client) (`client` = the IP, an
 * IPv6 address by its /64) locks after 5 failures for 15 minutes; per username (`client` = '') counts
 * failures from everywhere and locks at a much higher count, for a time that doubles with each lock
 * (`lockCount`). Every attempt is reserved (counted) before the password is checked; a success
 * deletes its (username, client) row; rows idle for a day are pruned at sign-in.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    username: text('username').notNull(),
    client: text('client').notNull().default(''),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lockCount: integer('lock_count').notNull().default(0),
    updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.username, t.client] }), index('sign_in_failures_updated_idx').on(t.updated)],
);

/**
 * Sign-in sessions: one row per sign-in (the refresh-token family), so an access token can be
 * checked against its session on every request (revoked at logout, on refresh-token reuse, on a
 * password change or reset) and a session ends SESSION_MAX_HOURS after the sign-in however often it
 * is refreshed.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** when the user signed in: the absolute lifetime counts from here */
    signedInAt: timestamp('signed_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const siteRoles = pgTable('site_roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    siteRoleId: integer('site_role_id')
      .notNull()
      .references(() => siteRoles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteRoleId] })],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every use rotates the
 * token (rotatedAt set, a new row in the same family). Presenting a rotated token again revokes
 * the whole family (it was stolen or replayed).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * Single-use tokens sent by email, stored as SHA-256 hashes: password resets and set-password
 * links ('password-reset', 1 hour) and one-time sign-in links ('sign-in', 15 minutes).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** what the link confirms: the new address of an 'email-change' link */
    data: jsonb('data'),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/** Second-factor recovery codes, stored as argon2id hashes (of the code's SHA-256); each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Who did what, when, to what, from where: sign-ins and every admin change (domain/audit). Append
 * only: the repository has no update or delete, and a trigger refuses UPDATE, DELETE and TRUNCATE
 * (migration 0018). User ids are plain numbers, not foreign keys (deleting a user must not rewrite
 * the log); emails, titles and links are copied so entries outlive what they name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    targetUserId: integer('target_user_id'),
    targetEmail: text('target_email'),
    /** what was changed: its kind ('knowledge', 'redirect', ...), id, title and admin link */
    subjectKind: text('subject_kind'),
    subjectId: text('subject_id'),
    subjectTitle: text('subject_title'),
    subjectLink: text('subject_link'),
    ip: text('ip'),
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created),
    index('audit_log_actor_idx').on(t.actorEmail),
    index('audit_log_action_idx').on(t.action),
  ],
);
