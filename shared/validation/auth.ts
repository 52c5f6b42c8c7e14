import { z } from 'zod';
import { AUDIT_CATEGORY_IDS } from '../audit.ts';
import { saveGuardFields } from './edit-conflict.ts';
import { NewPasswordField, PASSWORD_MAX_LENGTH, UserEmailField, USER_MESSAGES } from './users.ts';

/** The spec's messages, word for word (sections 5 and 8), and the server's replies the browser shows as they are. */
export const AUTH_MESSAGES = {
  usernameRequired: 'Please enter your username.',
  passwordRequired: 'Please enter your password.',
  passwordsDoNotMatch: 'Passwords do not match',
  emailRequired: USER_MESSAGES.emailRequired,
  emailInvalid: USER_MESSAGES.emailInvalid,
  passwordTooShort: USER_MESSAGES.passwordTooShort,
  loginFailed: 'The username or password is incorrect.',
  lockedOut: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  secondFactorPrompt: 'Enter the 6-digit code from your authenticator app.',
  secondFactorEnrollment: 'Your site requires a second factor. Set up an authenticator app to continue.',
  secondFactorWrong: 'The code is incorrect.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  resetInvalid: 'This reset link is invalid or has expired.',
  oneTimeInvalid: 'This sign-in link is invalid or has expired.',
  currentPasswordWrong: 'The current password is incorrect.',
  notSignedIn: 'Please sign in.',
  forbidden: 'You do not have permission to do this.',
  refreshInvalid: 'Your session has ended. Please sign in again.',
  sessionExpired: 'Your session has reached its time limit. Please sign in again.',
  emailChangeInvalid: 'This confirmation link is invalid or has expired.',
  enrolBeforeRequiring: 'Turn on two-step sign-in for your own account first (My Account), then require it for everyone.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
} as const;

/** The lockout message for a lock of the given length ("Try again in 15 minutes."). */
export function lockedOutFor(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const span = minutes < 120 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
  return `Too many failed sign-in attempts. Try again in ${span}.`;
}

const text = (max: number) => z.string().max(max);

/** The login form and POST /auth/login (spec: Username, Password). */
export const LoginSchema = z.object({
  Username: z
    .string({ error: AUTH_MESSAGES.usernameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.usernameRequired)
    .max(254, AUTH_MESSAGES.loginFailed),
  Password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.loginFailed),
});
export type LoginInput = z.input<typeof LoginSchema>;

/** POST /auth/login-second-factor: the challenge from login and a 6-digit TOTP code or a recovery code. */
export const SecondFactorLoginSchema = z.object({
  challenge: text(2000).min(1, AUTH_MESSAGES.challengeExpired),
  Code: z
    .string({ error: AUTH_MESSAGES.secondFactorPrompt })
    .trim()
    .min(1, AUTH_MESSAGES.secondFactorPrompt)
    .max(40, AUTH_MESSAGES.secondFactorWrong),
});

export const RefreshTokenSchema = z.object({ refreshToken: text(500).min(1, AUTH_MESSAGES.refreshInvalid) });
/** POST /auth/logout: the session's refresh token, whose whole family (that sign-in session) is revoked. */
export const LogoutSchema = RefreshTokenSchema;

/** The forgot-password form (the email field is sent as Username). */
export const ForgotPasswordFormSchema = z.object({ Username: UserEmailField });

/** POST /auth/forgot-password and POST /auth/email-auth: {Username, DomainName}. DomainName is the host the link should point to. */
export const ForgotPasswordSchema = z.object({
  Username: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(254, AUTH_MESSAGES.emailInvalid),
  DomainName: text(300).optional(),
});
export const EmailAuthSchema = ForgotPasswordSchema;

export const CheckResetHashSchema = z.object({ PasswordResetHash: text(500) });

/** POST /auth/reset-password: PasswordHash carries the new password in plain text (the spec's name); the server hashes it. */
export const ResetPasswordSchema = z.object({
  PasswordHash: NewPasswordField,
  PasswordResetHash: text(500).min(1, AUTH_MESSAGES.resetInvalid),
});

/** The reset-password form: new and confirm must match. */
export const ResetPasswordFormSchema = z
  .object({ password: NewPasswordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });

/** POST /auth/update-password (signed in). */
export const UpdatePasswordSchema = z.object({
  CurrentPassword: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH),
  NewPassword: NewPasswordField,
});

/**
 * POST /auth/update-userdata (signed in): the user's own profile. The only profile field is the
 * email (it is also the username), so changing it asks for the current password.
 */
export const UpdateUserDataSchema = z.object({
  email: UserEmailField,
  CurrentPassword: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH),
});

export const OneTimeLoginSchema = z.object({ token: text(500).min(1, AUTH_MESSAGES.oneTimeInvalid) });
/** POST /auth/confirm-email: the token of the link mailed to a new address. */
export const ConfirmEmailSchema = z.object({ token: text(500).min(1, AUTH_MESSAGES.emailChangeInvalid) });
export const UserDataReplySchema = z.object({ email: z.string(), pendingEmail: z.string().nullable() });

/** Second-factor enrolment: signed in (bearer) or, when enrolment is forced at login, with the login challenge. */
/** Signed in (bearer), the current password is asked for too: a stolen token alone cannot add an authenticator. */
export const SecondFactorSetupSchema = z.object({
  challenge: text(2000).optional(),
  Password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
/** The enrolment's first step when signed in: the password. */
export const SecondFactorPasswordSchema = z.object({
  Password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export const SecondFactorEnableSchema = z.object({
  Code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, AUTH_MESSAGES.secondFactorPrompt),
  challenge: text(2000).optional(),
});
export const SecondFactorDisableSchema = z.object({ Password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH) });

export const SecuritySettingsSchema = z.object({
  requireSecondFactor: z.boolean(),
  version: z.number().int().describe('the version of these settings (ADR 048): send it as baseVersion when saving'),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;
/** A save of the security settings names the version it started from (ADR 048). */
export const SecuritySettingsSaveSchema = z.object({ requireSecondFactor: z.boolean(), ...saveGuardFields });

const day = z
  .union([z.literal(''), z.null(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')])
  .optional()
  .transform((v) => v || null);

/** The audit log's filters (person, kind of action, date range: whole days, UTC) without paging: the CSV export's query. */
export const AuditLogQuerySchema = z.object({
  actor: z
    .union([z.literal(''), z.null(), z.string().max(254)])
    .optional()
    .transform((v) => v || null),
  category: z
    .union([z.literal(''), z.null(), z.enum(AUDIT_CATEGORY_IDS)])
    .optional()
    .transform((v) => v || null),
  from: day,
  to: day,
});
export const AuditLogFilterSchema = AuditLogQuerySchema.extend({
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(200).default(50),
});

// Replies.
export const AuthTokensSchema = z.object({ token: z.string(), refreshToken: z.string(), email: z.string() });
export type AuthTokens = z.infer<typeof AuthTokensSchema>;
export const RefreshedTokensSchema = z.object({ token: z.string(), refreshToken: z.string() });

/** data of a login that needs a second step (success false, message says what to do). */
export const LoginChallengeSchema = z.object({
  secondFactorRequired: z.boolean().optional(),
  secondFactorEnrollmentRequired: z.boolean().optional(),
  challenge: z.string(),
});
export type LoginChallenge = z.infer<typeof LoginChallengeSchema>;

export const CheckAuthSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable().describe('the name given (null: none; the admin shows one made from the email)'),
  roles: z.array(z.number().int()),
  permissions: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
});
export type CheckAuth = z.infer<typeof CheckAuthSchema>;

export const KeepaliveSchema = z.object({ expiresAt: z.string() });
export const SecondFactorSetupReplySchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type SecondFactorSetupReply = z.infer<typeof SecondFactorSetupReplySchema>;
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** POST /auth/second-factor/enable: the recovery codes, and the session's tokens when enrolment was forced at sign-in. */
export const SecondFactorEnabledSchema = RecoveryCodesSchema.extend(AuthTokensSchema.partial().shape);
export type SecondFactorEnabled = z.infer<typeof SecondFactorEnabledSchema>;
/** POST /auth/login and /auth/one-time-login: the session's tokens, or the second step's challenge. */
export const TokensOrChallengeSchema = z.union([AuthTokensSchema, LoginChallengeSchema]);
/** POST /auth/confirm-email: the address now in use. */
export const ConfirmedEmailSchema = z.object({ email: z.string() });

/** A person an audit entry names: by name (their own, or one made from the email: ADR 052), with the email. */
export const AuditPersonSchema = z.object({ name: z.string(), email: z.string() });
export type AuditPerson = z.infer<typeof AuditPersonSchema>;
/** A part of an entry's words: text, or a person (the screen shows the name, with the email on hover). */
export const AuditPartSchema = z.union([z.object({ text: z.string() }), z.object({ person: AuditPersonSchema })]);
export type AuditPart = z.infer<typeof AuditPartSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  created: z.string(),
  action: z.string(),
  /** the entry in words, people by name: "Jane Doe published the knowledge item Spring Nitrogen Plan" */
  summary: z.string(),
  /** the same words in parts, each person with their email */
  parts: z.array(AuditPartSchema),
  actor: AuditPersonSchema.nullable().describe('who acted (null: the site itself)'),
  actorEmail: z.string().nullable(),
  targetEmail: z.string().nullable(),
  subjectKind: z.string().nullable(),
  subjectTitle: z.string().nullable(),
  /** the admin screen of what was changed (site-relative) */
  subjectLink: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogPageSchema = z.object({ items: z.array(AuditEntrySchema), total: z.number().int() });
/** Everyone who appears in the log as the one acting, by email (what the person filter sends), with their name. */
export const AuditActorsSchema = z.array(AuditPersonSchema);

/** The access token's lifetime; the browser refreshes 10 s before `exp`. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
