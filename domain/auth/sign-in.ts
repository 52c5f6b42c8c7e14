import { DomainError } from '#domain/errors.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import type { AuthContext, LoginOutcome, RequestContext, SessionUser, SignedIn } from './auth-context.ts';
import type { AuthUser } from './auth-repository.ts';
import { assertPasswordNotCommon } from './password-policy.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import type { SecondFactor } from './second-factor.ts';
import { usernameKey } from './sign-in-lockout.ts';
import type { Sessions } from './sign-in-sessions.ts';

/** Signing in with a password (then a second factor when one applies), and the password itself. */
export function createSignIn(
  auth: AuthContext,
  { completeSignIn }: Pick<Sessions, 'completeSignIn'>,
  { verifySecondFactor }: Pick<SecondFactor, 'verifySecondFactor'>,
) {
  const { deps, repo, signer, now, auditSelf, notify, requireSecondFactor } = auth;
  const { reserveAttempt, isKnownClient, failAttempt, releaseAttempt, checkCurrentPassword } = auth;

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

  return {
    afterFirstFactor,

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

    /** A password an administrator sets (new user, or edit) passes the same common-password check. */
    async checkNewPassword(password: string, related: string[], field = 'password'): Promise<void> {
      await assertPasswordNotCommon(password, [...related, await deps.siteName()], field);
    },
    hashPassword,
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
