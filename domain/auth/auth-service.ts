import { randomUUID } from 'node:crypto';
import { DomainError } from '#domain/errors.ts';
import { permissionsForRoles } from '#shared/permissions.ts';
import { AUTH_MESSAGES, lockedOutFor } from '#shared/validation/auth.ts';
import { USER_MESSAGES } from '#shared/validation/users.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { OutboxInsert } from '../mail/mail-repository.ts';
import {
  confirmEmailChangeEmail,
  describeClient,
  oneTimeSignInEmail,
  passwordResetEmail,
  securityNoticeEmail,
  setPasswordEmail,
  type NoticeDetails,
  type SecurityNotice,
} from './auth-emails.ts';
import type { AuditInsert, AuthRepository, AuthUser, EmailTokenKind } from './auth-repository.ts';
import { clientKey } from './client-key.ts';
import type { KnownClients } from './known-client.ts';
import { assertPasswordNotCommon } from './password-policy.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import type { SecretBox } from './secret-box.ts';
import { randomToken, tokenHash, type TokenSigner } from './tokens.ts';
import {
  enrolment,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeDigest,
  verifyRecoveryCode,
  verifyTotp,
} from './totp.ts';

/** Failed sign-ins (password or second factor) from one client that lock the username there, and for how long. */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_MS = 15 * 60_000;
/**
 * Failures from everywhere that lock the username everywhere (much higher than the
 * per-client limit, so nobody can lock an administrator out with a handful of guesses), for 15
 * minutes, doubling with each further lock up to a day.
 */
export const MAX_USERNAME_FAILURES = 50;
export const USERNAME_LOCK_MAX_MS = 24 * 60 * 60_000;
/** Idle time that ends a session: a refresh token lives 12 hours from its issue (every refresh or keepalive renews it). */
export const REFRESH_TTL_MS = 12 * 60 * 60_000;
export const EMAIL_CHANGE_LINK_MS = 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
export const RESET_LINK_MS = 60 * 60_000;
export const SET_PASSWORD_LINK_MS = 24 * 60 * 60_000;
export const SIGN_IN_LINK_MS = 15 * 60_000;
export const REQUIRE_SECOND_FACTOR_KEY = 'requireSecondFactor';

export interface RequestContext {
  ip: string | null;
  /** The known-client cookie the browser sent with a sign-in call (known-client.ts), if any. */
  knownClient?: string | null;
  /** The User-Agent header of a sign-in call: the new-sign-in notice names the browser from it. */
  userAgent?: string | null;
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

/** A completed sign-in: the tokens for the reply, and a fresh known-client value for the browser's cookie. */
export interface SignedIn {
  tokens: Tokens;
  knownClient: string;
}

export type LoginOutcome =
  | ({ kind: 'tokens' } & SignedIn)
  | { kind: 'challenge'; message: string; data: { secondFactorRequired?: true; secondFactorEnrollmentRequired?: true; challenge: string } };

export interface AuthServiceDeps {
  repo: AuthRepository;
  /** Seals TOTP secrets at rest (DATA_KEY, or a key derived from JWT_SECRET). */
  secretBox: SecretBox;
  /** Absolute session lifetime from sign-in (SESSION_MAX_HOURS). */
  sessionMaxMs: number;
  transaction<T>(work: (repo: AuthRepository) => Promise<T>): Promise<T>;
  signer: TokenSigner;
  /** Signs and checks the cookie of browsers that signed in before (the username-wide lock, new-sign-in notices). */
  knownClients: KnownClients;
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

  /** An action a user takes on their own account: the user is both the actor and the target. */
  async function auditSelf(
    entry: Pick<AuditInsert, 'action' | 'detail'>,
    user: { id: number; email: string },
    ctx: RequestContext,
    r: AuthRepository = repo,
  ) {
    await audit({ ...entry, actorUserId: user.id, actorEmail: user.email, targetUserId: user.id, targetEmail: user.email, ip: ctx.ip }, r);
  }

  async function requireSecondFactor(): Promise<boolean> {
    return (await repo.getSetting(REQUIRE_SECOND_FACTOR_KEY)) === true;
  }

  const targetOf = (user: AuthUser | null) => (user ? { targetUserId: user.id, targetEmail: user.email } : {});

  /** How long the next lock of the whole username lasts: 15 minutes, doubling with each earlier lock, at most a day. */
  const usernameLockMs = (lockCount: number) => Math.min(LOCKOUT_MS * 2 ** Math.min(lockCount, 10), USERNAME_LOCK_MAX_MS);

  async function refuseLocked(name: string, client: string, user: AuthUser | null, ctx: RequestContext): Promise<never> {
    await audit({ action: 'sign-in-refused-locked', ...targetOf(user), ip: ctx.ip, detail: { client: client || 'everywhere' } });
    if (client === '') {
      const until = await repo.lockedUntil(name, '');
      throw new DomainError(lockedOutFor(until ? until.getTime() - now().getTime() : LOCKOUT_MS), 429);
    }
    throw new DomainError(AUTH_MESSAGES.lockedOut, 429);
  }

  interface Attempt {
    name: string;
    client: string;
    user: AuthUser | null;
    /** this attempt's number from this client, and from everywhere (null: the username's lock does not apply) */
    fromClient: number;
    fromEverywhere: { attempts: number; lockCount: number } | null;
  }

  /**
   * Reserves an attempt before the password or code is checked: the counts go up
   * first, in one statement each, so parallel guesses get numbers 1, 2, 3 ... and those above the
   * limit are refused unchecked. A locked (username, client), or a locked username, is refused. With
   * `pastUsernameLock` (an emailed link, or a browser that signed in to this account before) only the
   * client's own lock applies while the whole username is locked; when it is not, the attempt counts
   * toward the username as any other.
   */
  async function reserveAttempt(name: string, user: AuthUser | null, ctx: RequestContext, pastUsernameLock = false): Promise<Attempt> {
    const client = clientKey(ctx.ip);
    const staleBefore = new Date(now().getTime() - DAY_MS);
    const fromClient = await repo.reserveAttempt(name, client, now(), staleBefore);
    if (!fromClient || fromClient.attempts > MAX_FAILED_ATTEMPTS) return refuseLocked(name, client, user, ctx);
    const fromEverywhere = await repo.reserveAttempt(name, '', now(), staleBefore);
    const usernameLocked = !fromEverywhere || fromEverywhere.attempts > MAX_USERNAME_FAILURES;
    if (usernameLocked && !pastUsernameLock) return refuseLocked(name, '', user, ctx);
    return { name, client, user, fromClient: fromClient.attempts, fromEverywhere: usernameLocked ? null : fromEverywhere };
  }

  /** Is this a browser that signed in to this account before (a valid known-client cookie for it)? */
  const isKnownClient = (user: AuthUser | null, ctx: RequestContext) =>
    user !== null && deps.knownClients.isKnown(ctx.knownClient, user.id, now().getTime());

  /**
   * A reserved attempt failed: the attempt that reached a limit locks, and the reply is thrown:
   * `status` with `message`, or 429 once locked. Unknown usernames are counted and locked the same
   * way (with the same audit writes), so no reply, nor its timing, tells whether the account exists.
   */
  async function failAttempt(
    a: Attempt,
    ctx: RequestContext,
    reason: string,
    message: string,
    status: 400 | 401 = 401,
    fields?: Record<string, string[]>,
  ): Promise<never> {
    await audit({ action: 'sign-in-failed', ...targetOf(a.user), ip: ctx.ip, detail: { reason } });
    let reply: string | null = null;
    if (a.fromEverywhere && a.fromEverywhere.attempts >= MAX_USERNAME_FAILURES) {
      const ms = usernameLockMs(a.fromEverywhere.lockCount);
      const until = new Date(now().getTime() + ms);
      await repo.lock(a.name, '', until);
      await audit({
        action: 'username-locked',
        ...targetOf(a.user),
        ip: ctx.ip,
        detail: { until: until.toISOString(), ...(a.user ? {} : { reason }) },
      });
      reply = lockedOutFor(ms);
    }
    if (a.fromClient >= MAX_FAILED_ATTEMPTS) {
      await repo.lock(a.name, a.client, new Date(now().getTime() + LOCKOUT_MS));
      await audit({ action: 'account-locked', ...targetOf(a.user), ip: ctx.ip, detail: a.user ? null : { reason } });
      reply ??= AUTH_MESSAGES.lockedOut;
    }
    if (reply) throw new DomainError(reply, 429);
    throw new DomainError(message, status, fields);
  }

  /** A reserved attempt that was right gives its places back (failures alone stay counted). */
  async function releaseAttempt(a: Attempt) {
    await repo.releaseAttempt(a.name, a.client);
    if (a.fromEverywhere) await repo.releaseAttempt(a.name, '');
  }

  /** The session ends SESSION_MAX_HOURS after its sign-in, whatever happens in between. */
  const sessionEnd = (signedInAt: Date) => new Date(signedInAt.getTime() + deps.sessionMaxMs);

  async function issueTokens(user: { id: number; email: string }, familyId: string, signedInAt: Date): Promise<Tokens> {
    const roles = await repo.rolesOf(user.id);
    const { token } = await signer.signAccess({ id: user.id, email: user.email, roles, sessionId: familyId }, now().getTime());
    const refreshToken = randomToken();
    // idle: 12 hours from now; never past the session's absolute end
    const expiresAt = new Date(Math.min(now().getTime() + REFRESH_TTL_MS, sessionEnd(signedInAt).getTime()));
    await repo.insertRefreshToken({ userId: user.id, tokenHash: tokenHash(refreshToken), familyId, expiresAt });
    return { token, refreshToken, email: user.email };
  }

  /**
   * Signs in. A browser without a valid known-client cookie for this account is new to it: the
   * account is emailed (when, from where, which browser), and the reply gives the browser the cookie.
   */
  async function completeSignIn(user: AuthUser, ctx: RequestContext, method: string): Promise<SignedIn> {
    const newClient = !isKnownClient(user, ctx);
    await repo.recordSuccess(user.id, now());
    await repo.clearClient(usernameKey(user.email), clientKey(ctx.ip));
    // Housekeeping on each sign-in: refresh tokens expired for a day are no longer needed for reuse
    // detection, ended sessions go, and failure counts idle for a day (mostly unknown names) are forgotten.
    const dayAgo = new Date(now().getTime() - DAY_MS);
    await repo.deleteExpiredRefreshTokens(dayAgo);
    await repo.deleteEndedSessions(dayAgo, new Date(dayAgo.getTime() - deps.sessionMaxMs));
    await repo.pruneFailures(dayAgo);
    await auditSelf({ action: 'sign-in', detail: newClient ? { method, newClient } : { method } }, user, ctx);
    const sessionId = randomUUID();
    const signedInAt = now();
    await repo.insertSession({ id: sessionId, userId: user.id, signedInAt });
    const tokens = await issueTokens(user, sessionId, signedInAt);
    if (newClient) await notify('new-sign-in', user.email, ctx, { client: describeClient(ctx.userAgent) });
    return { tokens, knownClient: deps.knownClients.issue(user.id, now().getTime()) };
  }

  /**
   * The TOTP secret in clear, or null (none, or sealed under a key this process does not have). A
   * secret stored in clear by an earlier version works until the start-up upgrade has sealed it.
   */
  function totpSecretOf(user: AuthUser): string | null {
    if (!user.totpSecret) return null;
    return deps.secretBox.isSealed(user.totpSecret) ? deps.secretBox.open(user.totpSecret) : user.totpSecret;
  }

  /** Security notifications: mailed to the account; no link in them, so nothing to blank. */
  async function notify(notice: SecurityNotice, to: string, ctx: RequestContext, details: Omit<NoticeDetails, 'when' | 'ip'> = {}) {
    await deps.mail.enqueue(securityNoticeEmail(notice, to, await deps.siteName(), { ...details, when: now(), ip: ctx.ip }));
    deps.mail.kick();
  }

  /**
   * A signed-in password check (changing the password or the email, turning the second factor off,
   * setting one up) is a sign-in attempt as far as the lockout goes: reserved before the password is
   * checked, a wrong one counts toward the account's lock (the same counts as login), and a lock in
   * force refuses it. A stolen access token is then no way to guess the password beside the login.
   */
  async function checkCurrentPassword(
    user: AuthUser,
    password: string,
    ctx: RequestContext,
    reason: string,
    fields?: Record<string, string[]>,
  ): Promise<void> {
    const attempt = await reserveAttempt(usernameKey(user.email), user, ctx, isKnownClient(user, ctx));
    if (!(await verifyPassword(user.passwordHash, password))) {
      return failAttempt(attempt, ctx, reason, AUTH_MESSAGES.currentPasswordWrong, 400, fields);
    }
    await releaseAttempt(attempt);
  }

  /** After the password (or an emailed link): a second factor when the account has one or the site requires one. */
  async function afterFirstFactor(user: AuthUser, ctx: RequestContext, method: string): Promise<LoginOutcome> {
    if (user.totpEnabled && user.totpSecret) {
      const { token } = await signer.signChallenge(
        user.id,
        'second-factor',
        now().getTime(),
        method === 'email-link' ? 'email-link' : 'password',
      );
      return { kind: 'challenge', message: AUTH_MESSAGES.secondFactorPrompt, data: { secondFactorRequired: true, challenge: token } };
    }
    if (await requireSecondFactor()) {
      const { token } = await signer.signChallenge(user.id, 'enrol', now().getTime(), method === 'email-link' ? 'email-link' : 'password');
      return {
        kind: 'challenge',
        message: AUTH_MESSAGES.secondFactorEnrollment,
        data: { secondFactorEnrollmentRequired: true, challenge: token },
      };
    }
    return { kind: 'tokens', ...(await completeSignIn(user, ctx, method)) };
  }

  async function verifySecondFactor(user: AuthUser, code: string, ctx: RequestContext): Promise<string | null> {
    const clean = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(clean)) {
      const secret = totpSecretOf(user);
      const step = secret ? verifyTotp(secret, clean, user.totpLastStep, now().getTime()) : null;
      return step !== null && (await repo.claimTotpStep(user.id, step)) ? 'totp' : null;
    }
    // argon2id per stored code (salted: a copied table cannot be searched for the codes offline)
    const digest = recoveryCodeDigest(clean);
    for (const stored of await repo.unusedRecoveryCodes(user.id)) {
      if (!(await verifyRecoveryCode(stored.codeHash, digest))) continue;
      if (!(await repo.useRecoveryCode(stored.id, now()))) return null;
      await auditSelf({ action: 'recovery-code-used' }, user, ctx);
      return 'recovery-code';
    }
    return null;
  }

  async function sendLink(
    user: { id: number; email: string },
    kind: EmailTokenKind,
    ttlMs: number,
    url: (token: string) => string,
    message: (link: string, siteName: string) => OutboxInsert,
    data: Record<string, unknown> | null = null,
  ) {
    const token = randomToken();
    await deps.transaction(async (tx) => {
      await tx.expireEmailTokens(user.id, kind, now());
      await tx.insertEmailToken({ userId: user.id, kind, tokenHash: tokenHash(token), expiresAt: new Date(now().getTime() + ttlMs), data });
    });
    await deps.mail.enqueue(message(url(token), await deps.siteName()));
    deps.mail.kick();
  }

  /**
   * Answers at once, known account or not; the link is made and emailed after the reply (afterReply), and
   * the request is audited (a password reset or a sign-in link).
   */
  function requestLinkByEmail(
    username: string,
    ctx: RequestContext,
    link: {
      what: string;
      kind: EmailTokenKind;
      ttlMs: number;
      url: (token: string) => string;
      message: (to: string, link: string, siteName: string) => OutboxInsert;
      action: 'password-reset-requested' | 'sign-in-link-requested';
    },
  ): Promise<void> {
    afterReply(link.what, async () => {
      const user = await repo.findUserByEmail(username);
      if (!user) return;
      await sendLink(user, link.kind, link.ttlMs, link.url, (url, name) => link.message(user.email, url, name));
      await audit({ action: link.action, targetUserId: user.id, targetEmail: user.email, ip: ctx.ip });
    });
    return Promise.resolve();
  }

  /** Resolves who is enrolling: the signed-in user, or the user of an enrolment challenge from login. */
  async function enrollingUser(subject: {
    user?: SessionUser | null;
    challenge?: string;
  }): Promise<{ user: AuthUser; viaChallenge: boolean; viaLink: boolean }> {
    if (subject.user) {
      const user = await repo.findUserById(subject.user.id);
      if (user) return { user, viaChallenge: false, viaLink: false };
    }
    const challenge = subject.challenge ? await signer.verifyChallenge(subject.challenge) : null;
    const user = challenge?.purpose === 'enrol' ? await repo.findUserById(challenge.userId) : null;
    if (!user) throw new DomainError(subject.challenge ? AUTH_MESSAGES.challengeExpired : AUTH_MESSAGES.notSignedIn, 401);
    return { user, viaChallenge: true, viaLink: challenge!.via === 'email-link' };
  }

  return {
    linkOrigin,
    audit,

    async login(username: string, password: string, ctx: RequestContext): Promise<LoginOutcome> {
      const name = usernameKey(username);
      const user = await repo.findUserByEmail(name);
      // a browser this account signed in from before gets past a lock of the whole username (not its own)
      const attempt = await reserveAttempt(name, user, ctx, isKnownClient(user, ctx));
      // An unknown username costs a password verification too, so the time does not tell either.
      const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password).then(() => false);
      if (!user || !passwordOk) return failAttempt(attempt, ctx, user ? 'password' : 'unknown-user', AUTH_MESSAGES.loginFailed);
      await releaseAttempt(attempt);
      return afterFirstFactor(user, ctx, 'password');
    },

    /**
     * The second step. After an emailed link (the mailbox is proved), or from a browser this account
     * signed in from before, a lock of the whole username does not apply: only this client's.
     */
    async loginSecondFactor(challenge: string, code: string, ctx: RequestContext): Promise<SignedIn> {
      const claims = await signer.verifyChallenge(challenge);
      const user = claims?.purpose === 'second-factor' ? await repo.findUserById(claims.userId) : null;
      if (!user || !user.totpEnabled) throw new DomainError(AUTH_MESSAGES.challengeExpired, 401);
      const viaLink = claims!.via === 'email-link';
      const attempt = await reserveAttempt(usernameKey(user.email), user, ctx, viaLink || isKnownClient(user, ctx));
      const method = await verifySecondFactor(user, code, ctx);
      if (!method) return failAttempt(attempt, ctx, 'second-factor', AUTH_MESSAGES.secondFactorWrong);
      await releaseAttempt(attempt);
      return completeSignIn(user, ctx, `${viaLink ? 'email-link' : 'password'}+${method}`);
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
          if (known.rotatedAt && !known.revokedAt)
            await audit({ action: 'refresh-token-reuse', targetUserId: known.userId, ip: ctx.ip, detail: { family: known.familyId } });
        }
        throw new DomainError(AUTH_MESSAGES.refreshInvalid, 401);
      }
      const session = await repo.findSession(current.familyId);
      const user = await repo.findUserById(current.userId);
      if (!user || !session || session.revokedAt) throw new DomainError(AUTH_MESSAGES.refreshInvalid, 401);
      if (sessionEnd(session.signedInAt).getTime() <= now().getTime()) {
        // past the absolute lifetime (ASVS 3.3.2): the session is over however active it was
        await repo.revokeFamily(current.familyId, now());
        throw new DomainError(AUTH_MESSAGES.sessionExpired, 401);
      }
      const tokens = await issueTokens(user, current.familyId, session.signedInAt);
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
      await audit({
        action: 'sign-out',
        actorUserId: known.userId,
        actorEmail: user?.email,
        targetUserId: known.userId,
        targetEmail: user?.email,
        ip: ctx.ip,
      });
    },

    /**
     * Verifies an access token and loads the user and the token's session fresh (one indexed
     * lookup), so a logout, a revoked session (reuse detected, password changed or reset), the end
     * of the session's lifetime, a role change or a deleted user apply at once, not in 15 minutes.
     */
    async authenticate(token: string): Promise<SessionUser | null> {
      const claims = await signer.verifyAccess(token);
      if (!claims?.sessionId) return null;
      const row = await repo.findSessionUser(claims.userId, claims.sessionId);
      if (!row || row.revokedAt || sessionEnd(row.signedInAt).getTime() <= now().getTime()) return null;
      return {
        id: row.id,
        email: row.email,
        roles: row.roles,
        twoFactorEnabled: row.totpEnabled,
        sessionId: claims.sessionId,
        exp: claims.exp,
      };
    },

    checkAuth(user: SessionUser) {
      return {
        id: user.id,
        email: user.email,
        roles: user.roles,
        permissions: permissionsForRoles(user.roles),
        twoFactorEnabled: user.twoFactorEnabled,
      };
    },

    /** Keeps the sign-in session alive: the live refresh token of this session gets a full lifetime again. */
    async keepalive(user: SessionUser): Promise<{ expiresAt: string }> {
      const session = user.sessionId ? await repo.findSession(user.sessionId) : null;
      const idleEnd = now().getTime() + REFRESH_TTL_MS;
      const expiresAt = new Date(session ? Math.min(idleEnd, sessionEnd(session.signedInAt).getTime()) : idleEnd);
      if (user.sessionId) await repo.extendFamily(user.sessionId, expiresAt, now());
      return { expiresAt: expiresAt.toISOString() };
    },

    /** Answers at once, known account or not; the link is made and emailed after the reply (afterReply). */
    forgotPassword(username: string, domainName: string | undefined, ctx: RequestContext): Promise<void> {
      const origin = linkOrigin(domainName);
      return requestLinkByEmail(username, ctx, {
        what: 'password-reset email',
        kind: 'password-reset',
        ttlMs: RESET_LINK_MS,
        url: (t) => `${origin}/account/reset-password/${t}`,
        message: passwordResetEmail,
        action: 'password-reset-requested',
      });
    },

    /** Emails a new account's set-password link (the same reset page, valid 24 hours). */
    async sendSetPasswordLink(user: { id: number; email: string }, domainName: string | undefined): Promise<void> {
      const origin = linkOrigin(domainName);
      await sendLink(
        user,
        'password-reset',
        SET_PASSWORD_LINK_MS,
        (t) => `${origin}/account/reset-password/${t}`,
        (link, name) => setPasswordEmail(user.email, link, name),
      );
    },

    async checkResetHash(hash: string): Promise<boolean> {
      return (await repo.findEmailToken(tokenHash(hash), 'password-reset', now())) !== null;
    },

    /**
     * Sets the new password, ends every session of the account and lifts a lockout (the link proved
     * the mailbox). The link is looked up (one indexed read) before the password is judged or hashed:
     * a made-up link is refused as invalid and costs neither the strength check nor argon2.
     */
    async resetPassword(newPassword: string, hash: string, ctx: RequestContext): Promise<void> {
      const owner = await repo.findEmailToken(tokenHash(hash), 'password-reset', now());
      const ownerUser = owner === null ? null : await repo.findUserById(owner);
      if (!ownerUser) throw new DomainError(AUTH_MESSAGES.resetInvalid, 400);
      await assertPasswordNotCommon(newPassword, [ownerUser.email, await deps.siteName()], 'PasswordHash');
      const passwordHash = await hashPassword(newPassword);
      const email = await deps.transaction(async (tx) => {
        const userId = await tx.consumeEmailToken(tokenHash(hash), 'password-reset', now());
        if (userId === null) throw new DomainError(AUTH_MESSAGES.resetInvalid, 400);
        await tx.setPassword(userId, passwordHash);
        await tx.revokeUserTokens(userId, now());
        const user = await tx.findUserById(userId);
        if (user) await tx.liftLocks(usernameKey(user.email));
        await audit(
          {
            action: 'password-reset',
            actorUserId: userId,
            actorEmail: user?.email,
            targetUserId: userId,
            targetEmail: user?.email,
            ip: ctx.ip,
          },
          tx,
        );
        return user?.email ?? null;
      });
      if (email) await notify('password-reset', email, ctx);
    },

    /** Changes the signed-in user's password; every other session of the account ends. */
    async updatePassword(session: SessionUser, currentPassword: string, newPassword: string, ctx: RequestContext): Promise<void> {
      const user = await repo.findUserById(session.id);
      if (!user) throw new DomainError(AUTH_MESSAGES.currentPasswordWrong, 400);
      await checkCurrentPassword(user, currentPassword, ctx, 'current-password:update-password');
      await assertPasswordNotCommon(newPassword, [user.email, await deps.siteName()], 'NewPassword');
      const passwordHash = await hashPassword(newPassword);
      await deps.transaction(async (tx) => {
        await tx.setPassword(user.id, passwordHash);
        await tx.revokeUserTokens(user.id, now(), session.sessionId);
        await auditSelf({ action: 'password-changed' }, user, ctx, tx);
      });
      await notify('password-changed', user.email, ctx);
    },

    /**
     * The signed-in user's profile: the email (also the username); changing it asks for the password,
     * and takes effect only once the link mailed to the new address is opened (the old address is told).
     */
    async updateUserData(
      session: SessionUser,
      email: string,
      currentPassword: string,
      ctx: RequestContext & { domainName?: string },
    ): Promise<{ email: string; pendingEmail: string | null }> {
      const user = await repo.findUserById(session.id);
      if (!user) throw new DomainError(AUTH_MESSAGES.currentPasswordWrong, 400);
      await checkCurrentPassword(user, currentPassword, ctx, 'current-password:update-userdata');
      const next = email.trim().toLowerCase();
      if (next === user.email) return { email: next, pendingEmail: null };
      const other = await repo.findUserByEmail(next);
      if (other && other.id !== user.id) throw new DomainError(USER_MESSAGES.duplicateEmail, 409);
      const origin = linkOrigin(ctx.domainName);
      await sendLink(
        user,
        'email-change',
        EMAIL_CHANGE_LINK_MS,
        (t) => `${origin}/account/confirm-email/${t}`,
        (link, name) => confirmEmailChangeEmail(next, link, name),
        { email: next },
      );
      await auditSelf({ action: 'email-change-requested', detail: { to: next } }, user, ctx);
      await notify('email-change-requested', user.email, ctx, { newEmail: next });
      return { email: user.email, pendingEmail: next };
    },

    /** Opens the link mailed to a new address: the address becomes the account's email (and username). */
    async confirmEmail(token: string, ctx: RequestContext): Promise<{ email: string }> {
      const result = await deps.transaction(async (tx) => {
        const used = await tx.consumeEmailTokenWithData(tokenHash(token), 'email-change', now());
        const next =
          used && typeof (used.data as { email?: unknown } | null)?.email === 'string' ? (used.data as { email: string }).email : null;
        const user = used ? await tx.findUserById(used.userId) : null;
        if (!used || !next || !user) throw new DomainError(AUTH_MESSAGES.emailChangeInvalid, 400);
        const other = await tx.findUserByEmail(next);
        if (other && other.id !== user.id) throw new DomainError(USER_MESSAGES.duplicateEmail, 409);
        await tx.setEmail(user.id, next);
        await auditSelf({ action: 'email-changed', detail: { from: user.email } }, { id: user.id, email: next }, ctx, tx);
        return { from: user.email, email: next };
      });
      await notify('email-changed', result.from, ctx, { newEmail: result.email });
      return { email: result.email };
    },

    /** Answers at once, known account or not; the link is made and emailed after the reply (afterReply). */
    emailAuth(username: string, domainName: string | undefined, ctx: RequestContext): Promise<void> {
      const origin = linkOrigin(domainName);
      return requestLinkByEmail(username, ctx, {
        what: 'sign-in link email',
        kind: 'sign-in',
        ttlMs: SIGN_IN_LINK_MS,
        url: (t) => `${origin}/account/one-time-login/${t}`,
        message: oneTimeSignInEmail,
        action: 'sign-in-link-requested',
      });
    },

    /**
     * An emailed sign-in link replaces the password; the second factor still applies. It is refused
     * while this client is locked out for the username, but a lock of the whole username (failures
     * from everywhere) does not stop it: the link proves the mailbox, which could reset the password
     * and lift every lock anyway, so strangers' guessing cannot keep the owner out.
     */
    async oneTimeLogin(token: string, ctx: RequestContext): Promise<LoginOutcome> {
      const pending = await repo.findEmailToken(tokenHash(token), 'sign-in', now());
      const owner = pending === null ? null : await repo.findUserById(pending);
      if (owner) {
        const name = usernameKey(owner.email);
        const client = clientKey(ctx.ip);
        if (((await repo.lockedUntil(name, client))?.getTime() ?? 0) > now().getTime()) return refuseLocked(name, client, owner, ctx);
      }
      const userId = await repo.consumeEmailToken(tokenHash(token), 'sign-in', now());
      const user = userId === null ? null : await repo.findUserById(userId);
      if (!user) throw new DomainError(AUTH_MESSAGES.oneTimeInvalid, 400);
      return afterFirstFactor(user, ctx, 'email-link');
    },

    /**
     * Starts enrolment: a new secret. Signed in, it asks for the current password (a
     * stolen 15-minute token must not be enough to add the thief's authenticator).
     */
    async secondFactorSetup(subject: { user?: SessionUser | null; challenge?: string }, password: string | undefined, ctx: RequestContext) {
      const { user, viaChallenge } = await enrollingUser(subject);
      if (user.totpEnabled) throw new DomainError('A second factor is already set up. Turn it off first to set up a new one.', 400);
      if (!viaChallenge) {
        if (!password) throw new DomainError(AUTH_MESSAGES.passwordRequired, 400, { Password: [AUTH_MESSAGES.passwordRequired] });
        await checkCurrentPassword(user, password, ctx, 'current-password:second-factor-setup', {
          Password: [AUTH_MESSAGES.currentPasswordWrong],
        });
      }
      const secret = newTotpSecret();
      await repo.setTotpSecret(user.id, deps.secretBox.seal(secret));
      return enrolment(secret, user.email, await deps.siteName());
    },

    /**
     * Turns the second factor on once a code from the app matches; answers the recovery codes
     * (shown once). Enrolment forced at login also completes that sign-in (tokens in the reply).
     */
    async secondFactorEnable(
      subject: { user?: SessionUser | null; challenge?: string },
      code: string,
      ctx: RequestContext,
    ): Promise<{ recoveryCodes: string[]; signedIn?: SignedIn }> {
      const { user, viaChallenge, viaLink } = await enrollingUser(subject);
      if (user.totpEnabled) throw new DomainError('A second factor is already set up.', 400);
      const secret = totpSecretOf(user);
      if (!secret) throw new DomainError('Start the setup first.', 400);
      // Enrolment forced at sign-in is part of the sign-in: a wrong code counts toward the lockout
      // as on the second-factor step. A signed-in user setting it up is not guessing anything.
      const attempt = viaChallenge ? await reserveAttempt(usernameKey(user.email), user, ctx, viaLink || isKnownClient(user, ctx)) : null;
      const step = verifyTotp(secret, code, user.totpLastStep, now().getTime());
      if (step === null || !(await repo.claimTotpStep(user.id, step))) {
        if (attempt) return failAttempt(attempt, ctx, 'second-factor-enrolment', AUTH_MESSAGES.secondFactorWrong, 400);
        throw new DomainError(AUTH_MESSAGES.secondFactorWrong, 400);
      }
      if (attempt) await releaseAttempt(attempt);
      const recoveryCodes = newRecoveryCodes();
      const hashes = await Promise.all(recoveryCodes.map((c) => hashRecoveryCode(c)));
      await deps.transaction(async (tx) => {
        await tx.enableTotp(user.id, hashes);
        await auditSelf({ action: 'second-factor-enabled' }, user, ctx, tx);
      });
      await notify('second-factor-enabled', user.email, ctx);
      if (!viaChallenge) return { recoveryCodes };
      return { recoveryCodes, signedIn: await completeSignIn(user, ctx, `${viaLink ? 'email-link' : 'password'}+enrolment`) };
    },

    async secondFactorDisable(session: SessionUser, password: string, ctx: RequestContext): Promise<void> {
      if (await requireSecondFactor()) throw new DomainError('This site requires a second factor for every account.', 400);
      const user = await repo.findUserById(session.id);
      if (!user) throw new DomainError(AUTH_MESSAGES.currentPasswordWrong, 400);
      await checkCurrentPassword(user, password, ctx, 'current-password:second-factor-disable');
      await deps.transaction(async (tx) => {
        await tx.disableTotp(user.id);
        await auditSelf({ action: 'second-factor-disabled' }, user, ctx, tx);
      });
      await notify('second-factor-disabled', user.email, ctx);
    },

    async getSecuritySettings() {
      return { requireSecondFactor: await requireSecondFactor() };
    },
    /**
     * Requiring a second factor ends the sessions of every account without one (they enrol at their
     * next sign-in). The Administrator who turns it on must have one, or they would end their own session.
     */
    async setSecuritySettings(actor: SessionUser, settings: { requireSecondFactor: boolean }, ctx: RequestContext) {
      const turningOn = settings.requireSecondFactor && !(await requireSecondFactor());
      if (turningOn && !actor.twoFactorEnabled) throw new DomainError(AUTH_MESSAGES.enrolBeforeRequiring, 400);
      await deps.transaction(async (tx) => {
        await tx.setSetting(REQUIRE_SECOND_FACTOR_KEY, settings.requireSecondFactor);
        const sessionsEnded = turningOn ? await tx.revokeSessionsWithoutSecondFactor(now()) : 0;
        await audit(
          {
            action: 'security-settings-changed',
            actorUserId: actor.id,
            actorEmail: actor.email,
            ip: ctx.ip,
            detail: { ...settings, sessionsEnded },
          },
          tx,
        );
      });
      return settings;
    },

    /**
     * Stored secrets in older formats, and secrets sealed under a previous DATA_KEY, are brought
     * up to date (run at start; idempotent, and safe on several instances at once): TOTP secrets in
     * clear are sealed, recovery codes stored as bare SHA-256 get argon2id over that digest.
     */
    async upgradeStoredSecrets(): Promise<{ totpSecrets: number; recoveryCodes: number }> {
      let totpSecrets = 0;
      for (const row of await repo.totpSecrets()) {
        if (deps.secretBox.isCurrent(row.totpSecret)) continue;
        const plain = deps.secretBox.isSealed(row.totpSecret) ? deps.secretBox.open(row.totpSecret) : row.totpSecret;
        if (plain === null) {
          deps.log?.error(
            { userId: row.id },
            'a stored TOTP secret was sealed with a key this server does not have (set DATA_KEY_PREVIOUS)',
          );
          continue;
        }
        await repo.replaceTotpSecret(row.id, row.totpSecret, deps.secretBox.seal(plain));
        totpSecrets++;
      }
      let recoveryCodes = 0;
      for (const row of await repo.plainRecoveryCodes()) {
        await repo.replaceRecoveryCodeHash(row.id, row.codeHash, await hashRecoveryCode(row.codeHash, true));
        recoveryCodes++;
      }
      return { totpSecrets, recoveryCodes };
    },

    /** Emails the account a security notice (an administrator's change to it: users-service). */
    notify,
    /** A password an administrator sets (new user, or edit) passes the same common-password check. */
    async checkNewPassword(password: string, related: string[], field = 'password'): Promise<void> {
      await assertPasswordNotCommon(password, [...related, await deps.siteName()], field);
    },
    hashPassword,
    revokeUserTokens: (userId: number) => repo.revokeUserTokens(userId, now()),
    /** The TOTP secret of a user in clear (tests read the enrolled secret back through it). */
    totpSecretOf,
    /** Resolves when the emailed-link work started by earlier replies has finished (shutdown, tests). */
    async idle(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
