import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
  created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Base32 TOTP secret; set by setup, used once totpEnabled. */
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The last TOTP time step accepted, so a code cannot be replayed within its window. */
  totpLastStep: integer('totp_last_step'),
});

/**
 * Failed sign-ins (password or second factor) per normalised username (trimmed, lower case),
 * whether or not an account has that name: an unknown username locks exactly like a real one, so
 * the replies never tell which usernames exist. 5 failures lock the name for 15 minutes and
 * restart the count; a success deletes the row; rows idle for a day are pruned at sign-in.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    username: text('username').primaryKey(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_updated_idx').on(t.updated)],
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
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/** Second-factor recovery codes, stored as SHA-256 hashes; each works once. */
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

/** Who did what, when, from where. Emails are copied so entries outlive deleted accounts. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    targetUserId: integer('target_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    targetEmail: text('target_email'),
    ip: text('ip'),
    detail: jsonb('detail'),
  },
  (t) => [index('audit_log_created_idx').on(t.created)],
);
