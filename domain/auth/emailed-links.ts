import { DomainError } from '#domain/errors.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import { USER_MESSAGES } from '#shared/validation/users.ts';
import type { OutboxInsert } from '../mail/mail-repository.ts';
import { confirmEmailChangeEmail, oneTimeSignInEmail, passwordResetEmail, setPasswordEmail } from './auth-emails.ts';
import type { AuthContext, LoginOutcome, RequestContext, SessionUser } from './auth-context.ts';
import type { EmailTokenKind } from './auth-repository.ts';
import { clientKey } from './client-key.ts';
import { assertPasswordNotCommon } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { usernameKey } from './sign-in-lockout.ts';
import type { SignIn } from './sign-in.ts';
import { randomToken, tokenHash } from './tokens.ts';

export const EMAIL_CHANGE_LINK_MS = 24 * 60 * 60_000;
export const RESET_LINK_MS = 60 * 60_000;
export const SET_PASSWORD_LINK_MS = 24 * 60 * 60_000;
export const SIGN_IN_LINK_MS = 15 * 60_000;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Emailed links: forgotten and new passwords, one-time sign-in, and confirming a change of email
 * (an emailed sign-in link leads on to the same step as a password: sign-in.ts).
 */
export function createEmailedLinks(auth: AuthContext, { afterFirstFactor }: Pick<SignIn, 'afterFirstFactor'>) {
  const { deps, repo, now, audit, auditSelf, notify, refuseLocked, checkCurrentPassword, requireSecondFactor } = auth;
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

  return {
    linkOrigin,

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
     * An emailed sign-in link replaces the password; the second factor still applies. It gets past
     * every lock the password's failures set: the lock of the whole username (failures from
     * everywhere) and this client's own (5 failures from here, often the owner's own typing). The
     * link proves the mailbox, which could reset the password and lift every lock anyway, so
     * refusing it would protect nothing and keep the owner out. A completed sign-in forgets this
     * client's failures. When a code follows (a second factor, or an enrolment the site requires),
     * this client's lock still applies, since the link proves the mailbox, not the authenticator:
     * the link is then refused before it is used up, and works once the lock is over.
     */
    async oneTimeLogin(token: string, ctx: RequestContext): Promise<LoginOutcome> {
      const pending = await repo.findEmailToken(tokenHash(token), 'sign-in', now());
      const owner = pending === null ? null : await repo.findUserById(pending);
      if (owner && ((owner.totpEnabled && owner.totpSecret) || (await requireSecondFactor()))) {
        const name = usernameKey(owner.email);
        const client = clientKey(ctx.ip);
        if (((await repo.lockedUntil(name, client))?.getTime() ?? 0) > now().getTime()) return refuseLocked(name, client, owner, ctx);
      }
      const userId = await repo.consumeEmailToken(tokenHash(token), 'sign-in', now());
      const user = userId === null ? null : await repo.findUserById(userId);
      if (!user) throw new DomainError(AUTH_MESSAGES.oneTimeInvalid, 400);
      return afterFirstFactor(user, ctx, 'email-link');
    },

    /** Resolves when the emailed-link work started by earlier replies has finished (shutdown, tests). */
    async idle(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
