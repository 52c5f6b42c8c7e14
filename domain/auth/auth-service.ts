import { randomUUID } from 'node:crypto';
import { DomainError } from '#domain/errors.ts';
import { permissionsForRoles } from '#shared/permissions.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import { USER_MESSAGES } from '#shared/validation/users.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { OutboxInsert } from '../mail/mail-repository.ts';
import { oneTimeSignInEmail, passwordResetEmail, setPasswordEmail } from './auth-emails.ts';
import type { AuditInsert, AuthRepository, AuthUser, EmailTokenKind } from './auth-repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { randomToken, tokenHash, type TokenSigner } from './tokens.ts';
import { enrolment, newRecoveryCodes, newTotpSecret, recoveryCodeHash, verifyTotp } from './totp.ts';

/** Failed sign-ins (password or second factor) that lock an account, and for how long. */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_MS = 15 * 60_000;
/** A refresh token lives 12 hours from its issue (sliding: every refresh or keepalive renews it). */
export const REFRESH_TTL_MS = 12 * 60 * 60_000;
export const RESET_LINK_MS = 60 * 60_000;
export const SET_PASSWORD_LINK_MS = 24 * 60 * 60_000;
export const SIGN_IN_LINK_MS = 15 * 60_000;
export const REQUIRE_SECOND_FACTOR_KEY = 'requireSecondFactor';

export interface RequestContext {
  ip: string | null;
}

/** The signed-in user, as the auth plugin puts it on the request. */
export interface SessionUser {
  id: number;
  email: string;
  roles: number[];
  twoFactorEnabled: boolean;
  /** The refresh-token family (sign-in session) the access token belongs to. */
  sessionId: string | null;
  /** Access token expiry, seconds since the epoch. */
  exp: number;
}

export interface Tokens {
  token: string;
  refreshToken: string;
  email: string;
}

export type LoginOutcome =
  | { kind: 'tokens'; tokens: Tokens }
  | { kind: 'challenge'; message: string; data: { secondFactorRequired?: true; secondFactorEnrollmentRequired?: true; challenge: string } };

export interface AuthServiceDeps {
  repo: AuthRepository;
  transaction<T>(work: (repo: AuthRepository) => Promise<T>): Promise<T>;
  signer: TokenSigner;
  mail: MailService;
  siteUrl: string;
  production: boolean;
  siteName(): Promise<string>;
  now?: () => number;
  /** Where the emailed-link work that runs after the reply reports a failure. */
  log?: { error(obj: object, msg?: string): void };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The name failures are counted under: the username as the account lookup reads it (trimmed, lower case). */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, signer } = deps;
  const now = () => new Date(deps.now ? deps.now() : Date.now());
  const site = new URL(deps.siteUrl);
  /** Emailed-link work still running after its reply (awaited by idle(): shutdown and tests). */
  const background = new Set<Promise<void>>();

  /**
   * Runs work after the reply. Forgot-password and emailed sign-in links answer before they even
   * look the username up, so the reply's time is the same whether the account exists or not (the
   * link's token, its transaction and the outbox row would otherwise take longer for a real one).
   */
  function afterReply(what: string, work: () => Promise<void>): void {
    const task = work()
      .catch((err: unknown) => deps.log?.error({ err }, `${what} failed`))
      .finally(() => background.delete(task));
    background.add(task);
  }

  /**
   * The origin an emailed link points to. The browser sends its own host (DomainName); only the
   * site's own host (and localhost outside production) is used, so nobody can have the site email
   * a working link that points to their server.
   */
  function linkOrigin(domainName: string | undefined): string {
    const raw = (domainName ?? '').trim();
    if (raw) {
      try {
        const url = new URL(raw.includes('://') ? raw : `${site.protocol}//${raw}`);
        if (url.host === site.host) return site.origin;
        if (!deps.production && LOCAL_HOSTS.has(url.hostname)) return `http://${url.host}`;
      } catch {
        // not a host name: fall through to the configured site address
      }
    }
    return site.origin;
  }

  async function audit(entry: AuditInsert, r: AuthRepository = repo) {
    await r.insertAudit(entry);
  }

  async function requireSecondFactor(): Promise<boolean> {
    return (await repo.getSetting(REQUIRE_SECOND_FACTOR_KEY)) === true;
  }

  /**
   * Counts a failed attempt against the username and throws the reply: `status` with `message`, or
   * 429 once the name is locked. Unknown usernames are counted and locked the same way (with the
   * same audit writes), so no reply, nor its timing, tells whether the account exists.
   */
  async function fail(name: string, user: AuthUser | null, ctx: RequestContext, reason: string, message: string, status: 400 | 401 = 401): Promise<never> {
    const { locked } = await repo.recordFailure(name, MAX_FAILED_ATTEMPTS, new Date(now().getTime() + LOCKOUT_MS), now());
    const target = user ? { targetUserId: user.id, targetEmail: user.email } : {};
    await audit({ action: 'sign-in-failed', ...target, ip: ctx.ip, detail: { reason } });
    if (locked) {
      await audit({ action: 'account-locked', ...target, ip: ctx.ip, detail: user ? null : { reason } });
      throw new DomainError(AUTH_MESSAGES.lockedOut, 429);
    }
    throw new DomainError(message, status);
  }

  async function refuseIfLocked(name: string, user: AuthUser | null, ctx: RequestContext) {
    const until = await repo.lockedUntil(name);
    if (!until || until.getTime() <= now().getTime()) return;
    await audit({ action: 'sign-in-refused-locked', ...(user ? { targetUserId: user.id, targetEmail: user.email } : {}), ip: ctx.ip });
    throw new DomainError(AUTH_MESSAGES.lockedOut, 429);
  }

  async function issueTokens(user: { id: number; email: string }, familyId: string): Promise<Tokens> {
    const roles = await repo.rolesOf(user.id);
    const { token } = await signer.signAccess({ id: user.id, email: user.email, roles, sessionId: familyId }, now().getTime());
    const refreshToken = randomToken();
    await repo.insertRefreshToken({ userId: user.id, tokenHash: tokenHash(refreshToken), familyId, expiresAt: new Date(now().getTime() + REFRESH_TTL_MS) });
    return { token, refreshToken, email: user.email };
  }

  async function completeSignIn(user: AuthUser, ctx: RequestContext, method: string): Promise<Tokens> {
    await repo.recordSuccess(user.id, now());
    await repo.clearFailures(usernameKey(user.email));
    // Housekeeping on each sign-in: refresh tokens expired for a day are no longer needed for reuse
    // detection, and failure counts idle for a day (mostly unknown names) are forgotten.
    const dayAgo = new Date(now().getTime() - 24 * 60 * 60_000);
    await repo.deleteExpiredRefreshTokens(dayAgo);
    await repo.pruneFailures(dayAgo);
    await audit({ action: 'sign-in', actorUserId: user.id, actorEmail: user.email, targetUserId: user.id, targetEmail: user.email, ip: ctx.ip, detail: { method } });
    return issueTokens(user, randomUUID());
  }

  /** After the password (or an emailed link): a second factor when the account has one or the site requires one. */
  async function afterFirstFactor(user: AuthUser, ctx: RequestContext, method: string): Promise<LoginOutcome> {
    if (user.totpEnabled && user.totpSecret) {
      const { token } = await signer.signChallenge(user.id, 'second-factor', now().getTime());
      return { kind: 'challenge', message: AUTH_MESSAGES.secondFactorPrompt, data: { secondFactorRequired: true, challenge: token } };
    }
    if (await requireSecondFactor()) {
      const { token } = await signer.signChallenge(user.id, 'enrol', now().getTime());
      return { kind: 'challenge', message: AUTH_MESSAGES.secondFactorEnrollment, data: { secondFactorEnrollmentRequired: true, challenge: token } };
    }
    return { kind: 'tokens', tokens: await completeSignIn(user, ctx, method) };
  }

  async function verifySecondFactor(user: AuthUser, code: string, ctx: RequestContext): Promise<string | null> {
    const clean = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(clean)) {
      const step = user.totpSecret ? verifyTotp(user.totpSecret, clean, user.totpLastStep, now().getTime()) : null;
      return step !== null && (await repo.claimTotpStep(user.id, step)) ? 'totp' : null;
    }
    if (await repo.useRecoveryCode(user.id, recoveryCodeHash(clean), now())) {
      await audit({ action: 'recovery-code-used', actorUserId: user.id, actorEmail: user.email, targetUserId: user.id, targetEmail: user.email, ip: ctx.ip });
      return 'recovery-code';
    }
    return null;
  }

  async function sendLink(user: { id: number; email: string }, kind: EmailTokenKind, ttlMs: number, url: (token: string) => string, message: (link: string, siteName: string) => OutboxInsert) {
    const token = randomToken();
    await deps.transaction(async (tx) => {
      await tx.expireEmailTokens(user.id, kind, now());
      await tx.insertEmailToken({ userId: user.id, kind, tokenHash: tokenHash(token), expiresAt: new Date(now().getTime() + ttlMs) });
    });
    await deps.mail.enqueue(message(url(token), await deps.siteName()));
    deps.mail.kick();
  }

  /** Resolves who is enrolling: the signed-in user, or the user of an enrolment challenge from login. */
  async function enrollingUser(subject: { user?: SessionUser | null; challenge?: string }): Promise<{ user: AuthUser; viaChallenge: boolean }> {
    if (subject.user) {
      const user = await repo.findUserById(subject.user.id);
      if (user) return { user, viaChallenge: false };
    }
    const challenge = subject.challenge ? await signer.verifyChallenge(subject.challenge) : null;
    const user = challenge?.purpose === 'enrol' ? await repo.findUserById(challenge.userId) : null;
    if (!user) throw new DomainError(subject.challenge ? AUTH_MESSAGES.challengeExpired : AUTH_MESSAGES.notSignedIn, 401);
    return { user, viaChallenge: true };
  }

  return {
    linkOrigin,
    audit,

    async login(username: string, password: string, ctx: RequestContext): Promise<LoginOutcome> {
      const name = usernameKey(username);
      const user = await repo.findUserByEmail(name);
      await refuseIfLocked(name, user, ctx);
      // An unknown username costs a password verification too, so the time does not tell either.
      const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password).then(() => false);
      if (!user || !passwordOk) return fail(name, user, ctx, user ? 'password' : 'unknown-user', AUTH_MESSAGES.loginFailed);
      return afterFirstFactor(user, ctx, 'password');
    },

    async loginSecondFactor(challenge: string, code: string, ctx: RequestContext): Promise<Tokens> {
      const claims = await signer.verifyChallenge(challenge);
      const user = claims ? await repo.findUserById(claims.userId) : null;
      if (!user || !user.totpEnabled) throw new DomainError(AUTH_MESSAGES.challengeExpired, 401);
      const name = usernameKey(user.email);
      await refuseIfLocked(name, user, ctx);
      const method = await verifySecondFactor(user, code, ctx);
      if (!method) return fail(name, user, ctx, 'second-factor', AUTH_MESSAGES.secondFactorWrong);
      return completeSignIn(user, ctx, `password+${method}`);
    },

    /**
     * Rotates a refresh token. A token that was already rotated (or revoked) is being replayed:
     * somebody holds a copy, so the whole family (that sign-in session) is revoked.
     */
    async refresh(refreshToken: string, ctx: RequestContext): Promise<{ token: string; refreshToken: string }> {
      const hash = tokenHash(refreshToken);
      const current = await repo.rotateRefreshToken(hash, now());
      if (!current) {
        const known = await repo.findRefreshToken(hash);
        if (known && (known.rotatedAt || known.revokedAt)) {
          await repo.revokeFamily(known.familyId, now());
          if (known.rotatedAt && !known.revokedAt) await audit({ action: 'refresh-token-reuse', targetUserId: known.userId, ip: ctx.ip, detail: { family: known.familyId } });
        }
        throw new DomainError(AUTH_MESSAGES.refreshInvalid, 401);
      }
      const user = await repo.findUserById(current.userId);
      if (!user) throw new DomainError(AUTH_MESSAGES.refreshInvalid, 401);
      const tokens = await issueTokens(user, current.familyId);
      return { token: tokens.token, refreshToken: tokens.refreshToken };
    },

    /**
     * Sign-out: the session's refresh-token family is revoked, so a copy of the token left behind
     * (another tab, a stolen backup) cannot mint access tokens. Unknown tokens change nothing.
     */
    async logout(refreshToken: string, ctx: RequestContext): Promise<void> {
      const known = await repo.findRefreshToken(tokenHash(refreshToken));
      if (!known || known.revokedAt) return;
      await repo.revokeFamily(known.familyId, now());
      const user = await repo.findUserById(known.userId);
      await audit({ action: 'sign-out', actorUserId: known.userId, actorEmail: user?.email, targetUserId: known.userId, targetEmail: user?.email, ip: ctx.ip });
    },

    /** Verifies an access token and loads the user fresh, so role changes and deletions apply at once. */
    async authenticate(token: string): Promise<SessionUser | null> {
      const claims = await signer.verifyAccess(token);
      if (!claims) return null;
      const user = await repo.findUserById(claims.userId);
      if (!user) return null;
      return { id: user.id, email: user.email, roles: await repo.rolesOf(user.id), twoFactorEnabled: user.totpEnabled, sessionId: claims.sessionId, exp: claims.exp };
    },

    checkAuth(user: SessionUser) {
      return { id: user.id, email: user.email, roles: user.roles, permissions: permissionsForRoles(user.roles), twoFactorEnabled: user.twoFactorEnabled };
    },

    /** Keeps the sign-in session alive: the live refresh token of this session gets a full lifetime again. */
    async keepalive(user: SessionUser): Promise<{ expiresAt: string }> {
      const expiresAt = new Date(now().getTime() + REFRESH_TTL_MS);
      if (user.sessionId) await repo.extendFamily(user.sessionId, expiresAt, now());
      return { expiresAt: expiresAt.toISOString() };
    },

    /** Answers at once, known account or not; the link is made and emailed after the reply (afterReply). */
    forgotPassword(username: string, domainName: string | undefined, ctx: RequestContext): Promise<void> {
      const origin = linkOrigin(domainName);
      afterReply('password-reset email', async () => {
        const user = await repo.findUserByEmail(username);
        if (!user) return;
        await sendLink(user, 'password-reset', RESET_LINK_MS, (t) => `${origin}/account/reset-password/${t}`, (link, name) => passwordResetEmail(user.email, link, name));
        await audit({ action: 'password-reset-requested', targetUserId: user.id, targetEmail: user.email, ip: ctx.ip });
      });
      return Promise.resolve();
    },

    /** Emails a new account's set-password link (the same reset page, valid 24 hours). */
    async sendSetPasswordLink(user: { id: number; email: string }, domainName: string | undefined): Promise<void> {
      const origin = linkOrigin(domainName);
      await sendLink(user, 'password-reset', SET_PASSWORD_LINK_MS, (t) => `${origin}/account/reset-password/${t}`, (link, name) => setPasswordEmail(user.email, link, name));
    },

    async checkResetHash(hash: string): Promise<boolean> {
      return (await repo.findEmailToken(tokenHash(hash), 'password-reset', now())) !== null;
    },

    /** Sets the new password, ends every session of the account and lifts a lockout (the link proved the mailbox). */
    async resetPassword(newPassword: string, hash: string, ctx: RequestContext): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      await deps.transaction(async (tx) => {
        const userId = await tx.consumeEmailToken(tokenHash(hash), 'password-reset', now());
        if (userId === null) throw new DomainError(AUTH_MESSAGES.resetInvalid, 400);
        await tx.setPassword(userId, passwordHash);
        await tx.revokeUserTokens(userId, now());
        const user = await tx.findUserById(userId);
        if (user) await tx.clearFailures(usernameKey(user.email));
        await audit({ action: 'password-reset', actorUserId: userId, actorEmail: user?.email, targetUserId: userId, targetEmail: user?.email, ip: ctx.ip }, tx);
      });
    },

    /** Changes the signed-in user's password; every other session of the account ends. */
    async updatePassword(session: SessionUser, currentPassword: string, newPassword: string, ctx: RequestContext): Promise<void> {
      const user = await repo.findUserById(session.id);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) throw new DomainError(AUTH_MESSAGES.currentPasswordWrong, 400);
      const passwordHash = await hashPassword(newPassword);
      await deps.transaction(async (tx) => {
        await tx.setPassword(user.id, passwordHash);
        await tx.revokeUserTokens(user.id, now(), session.sessionId);
        await audit({ action: 'password-changed', actorUserId: user.id, actorEmail: user.email, targetUserId: user.id, targetEmail: user.email, ip: ctx.ip }, tx);
      });
    },

    /** The signed-in user's profile: the email (also the username); changing it asks for the password. */
    async updateUserData(session: SessionUser, email: string, currentPassword: string, ctx: RequestContext): Promise<{ email: string }> {
      const user = await repo.findUserById(session.id);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) throw new DomainError(AUTH_MESSAGES.currentPasswordWrong, 400);
      const next = email.trim().toLowerCase();
      if (next === user.email) return { email: next };
      const other = await repo.findUserByEmail(next);
      if (other && other.id !== user.id) throw new DomainError(USER_MESSAGES.duplicateEmail, 409);
      await repo.setEmail(user.id, next);
      await audit({ action: 'email-changed', actorUserId: user.id, actorEmail: next, targetUserId: user.id, targetEmail: next, ip: ctx.ip, detail: { from: user.email } });
      return { email: next };
    },

    /** Answers at once, known account or not; the link is made and emailed after the reply (afterReply). */
    emailAuth(username: string, domainName: string | undefined, ctx: RequestContext): Promise<void> {
      const origin = linkOrigin(domainName);
      afterReply('sign-in link email', async () => {
        const user = await repo.findUserByEmail(username);
        if (!user) return;
        await sendLink(user, 'sign-in', SIGN_IN_LINK_MS, (t) => `${origin}/account/one-time-login/${t}`, (link, name) => oneTimeSignInEmail(user.email, link, name));
        await audit({ action: 'sign-in-link-requested', targetUserId: user.id, targetEmail: user.email, ip: ctx.ip });
      });
      return Promise.resolve();
    },

    /** An emailed sign-in link replaces the password; the second factor still applies. */
    async oneTimeLogin(token: string, ctx: RequestContext): Promise<LoginOutcome> {
      const userId = await repo.consumeEmailToken(tokenHash(token), 'sign-in', now());
      const user = userId === null ? null : await repo.findUserById(userId);
      if (!user) throw new DomainError(AUTH_MESSAGES.oneTimeInvalid, 400);
      await refuseIfLocked(usernameKey(user.email), user, ctx);
      return afterFirstFactor(user, ctx, 'email-link');
    },

    async secondFactorSetup(subject: { user?: SessionUser | null; challenge?: string }) {
      const { user } = await enrollingUser(subject);
      if (user.totpEnabled) throw new DomainError('A second factor is already set up. Turn it off first to set up a new one.', 400);
      const secret = newTotpSecret();
      await repo.setTotpSecret(user.id, secret);
      return enrolment(secret, user.email, await deps.siteName());
    },

    /**
     * Turns the second factor on once a code from the app matches; answers the recovery codes
     * (shown once). Enrolment forced at login also completes that sign-in (tokens in the reply).
     */
    async secondFactorEnable(subject: { user?: SessionUser | null; challenge?: string }, code: string, ctx: RequestContext): Promise<{ recoveryCodes: string[] } & Partial<Tokens>> {
      const { user, viaChallenge } = await enrollingUser(subject);
      if (user.totpEnabled) throw new DomainError('A second factor is already set up.', 400);
      if (!user.totpSecret) throw new DomainError('Start the setup first.', 400);
      const name = usernameKey(user.email);
      await refuseIfLocked(name, user, ctx);
      const step = verifyTotp(user.totpSecret, code, user.totpLastStep, now().getTime());
      if (step === null || !(await repo.claimTotpStep(user.id, step))) {
        // Enrolment forced at sign-in is part of the sign-in: a wrong code counts toward the lockout
        // as on the second-factor step. A signed-in user setting it up is not guessing anything.
        if (viaChallenge) return fail(name, user, ctx, 'second-factor-enrolment', AUTH_MESSAGES.secondFactorWrong, 400);
        throw new DomainError(AUTH_MESSAGES.secondFactorWrong, 400);
      }
      const recoveryCodes = newRecoveryCodes();
      await deps.transaction(async (tx) => {
        await tx.enableTotp(user.id, recoveryCodes.map(recoveryCodeHash));
        await audit({ action: 'second-factor-enabled', actorUserId: user.id, actorEmail: user.email, targetUserId: user.id, targetEmail: user.email, ip: ctx.ip }, tx);
      });
      if (!viaChallenge) return { recoveryCodes };
      return { recoveryCodes, ...(await completeSignIn(user, ctx, 'password+enrolment')) };
    },

    async secondFactorDisable(session: SessionUser, password: string, ctx: RequestContext): Promise<void> {
      if (await requireSecondFactor()) throw new DomainError('This site requires a second factor for every account.', 400);
      const user = await repo.findUserById(session.id);
      if (!user || !(await verifyPassword(user.passwordHash, password))) throw new DomainError(AUTH_MESSAGES.currentPasswordWrong, 400);
      await deps.transaction(async (tx) => {
        await tx.disableTotp(user.id);
        await audit({ action: 'second-factor-disabled', actorUserId: user.id, actorEmail: user.email, targetUserId: user.id, targetEmail: user.email, ip: ctx.ip }, tx);
      });
    },

    async getSecuritySettings() {
      return { requireSecondFactor: await requireSecondFactor() };
    },
    async setSecuritySettings(actor: SessionUser, settings: { requireSecondFactor: boolean }, ctx: RequestContext) {
      await deps.transaction(async (tx) => {
        await tx.setSetting(REQUIRE_SECOND_FACTOR_KEY, settings.requireSecondFactor);
        await audit({ action: 'security-settings-changed', actorUserId: actor.id, actorEmail: actor.email, ip: ctx.ip, detail: settings }, tx);
      });
      return settings;
    },

    async auditLog(start: number, length: number) {
      const page = await repo.listAudit(start, length);
      return { total: page.total, items: page.items.map((i) => ({ ...i, created: i.created.toISOString() })) };
    },

    hashPassword,
    revokeUserTokens: (userId: number) => repo.revokeUserTokens(userId, now()),
    /** Resolves when the emailed-link work started by earlier replies has finished (shutdown, tests). */
    async idle(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
