import { DomainError } from '#domain/errors.ts';
import { AUTH_MESSAGES, lockedOutFor } from '#shared/validation/auth.ts';
import type { AuthBase, RequestContext } from './auth-context.ts';
import type { AuthUser } from './auth-repository.ts';
import { clientKey } from './client-key.ts';
import { verifyPassword } from './passwords.ts';

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
export const DAY_MS = 24 * 60 * 60_000;

/** The name failures are counted under: the username as the account lookup reads it (trimmed, lower case). */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

interface Attempt {
  name: string;
  client: string;
  user: AuthUser | null;
  /** this attempt's number from this client, and from everywhere (null: the username's lock does not apply) */
  fromClient: number;
  fromEverywhere: { attempts: number; lockCount: number } | null;
}

const targetOf = (user: AuthUser | null) => (user ? { targetUserId: user.id, targetEmail: user.email } : {});

/** How long the next lock of the whole username lasts: 15 minutes, doubling with each earlier lock, at most a day. */
const usernameLockMs = (lockCount: number) => Math.min(LOCKOUT_MS * 2 ** Math.min(lockCount, 10), USERNAME_LOCK_MAX_MS);

/** Counting sign-in attempts (password, second factor, a signed-in password check) and locking out on too many failures. */
export function createLockout({ deps, repo, now, audit }: AuthBase) {
  async function refuseLocked(name: string, client: string, user: AuthUser | null, ctx: RequestContext): Promise<never> {
    await audit({ action: 'sign-in-refused-locked', ...targetOf(user), ip: ctx.ip, detail: { client: client || 'everywhere' } });
    if (client === '') {
      const until = await repo.lockedUntil(name, '');
      throw new DomainError(lockedOutFor(until ? until.getTime() - now().getTime() : LOCKOUT_MS), 429);
    }
    throw new DomainError(AUTH_MESSAGES.lockedOut, 429);
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

  return { refuseLocked, reserveAttempt, isKnownClient, failAttempt, releaseAttempt, checkCurrentPassword };
}
