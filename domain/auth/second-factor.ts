import { DomainError } from '#domain/errors.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import { saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { REQUIRE_SECOND_FACTOR_KEY, type AuthContext, type RequestContext, type SessionUser, type SignedIn } from './auth-context.ts';
import type { AuthUser } from './auth-repository.ts';
import { usernameKey } from './sign-in-lockout.ts';
import type { Sessions } from './sign-in-sessions.ts';
import {
  enrolment,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeDigest,
  verifyRecoveryCode,
  verifyTotp,
} from './totp.ts';

/** The second factor: TOTP enrolment and codes, recovery codes, turning it off, and the site's requirement of one. */
export function createSecondFactor(auth: AuthContext, { completeSignIn }: Pick<Sessions, 'completeSignIn'>) {
  const { deps, repo, signer, now, audit, auditSelf, notify, requireSecondFactor, totpSecretOf } = auth;
  const { checkCurrentPassword, reserveAttempt, isKnownClient, failAttempt, releaseAttempt } = auth;

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
    verifySecondFactor,

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
      const [required, state] = await Promise.all([requireSecondFactor(), repo.settingVersion(REQUIRE_SECOND_FACTOR_KEY)]);
      return { requireSecondFactor: required, version: state.version };
    },
    /**
     * Requiring a second factor ends the sessions of every account without one (they enrol at their
     * next sign-in). The Administrator who turns it on must have one, or they would end their own session.
     */
    async setSecuritySettings(
      actor: SessionUser,
      input: { requireSecondFactor: boolean; baseVersion?: number | null; overwrite?: boolean },
      ctx: RequestContext,
    ) {
      const settings = { requireSecondFactor: input.requireSecondFactor };
      const guard = saveGuardOf(input);
      // a stale view is refused before the checks of what it asks (ADR 048); the write compares again under the lock
      if (guard) {
        const seen = await repo.settingVersion(REQUIRE_SECOND_FACTOR_KEY);
        if (seen.version !== guard.baseVersion) throw await repo.staleSetting(seen, guard);
      }
      const turningOn = settings.requireSecondFactor && !(await requireSecondFactor());
      if (turningOn && !actor.twoFactorEnabled) throw new DomainError(AUTH_MESSAGES.enrolBeforeRequiring, 400);
      const version = await deps.transaction(async (tx) => {
        // held while compared and written: of two saves from one version, one wins (ADR 048)
        await tx.lockSettings();
        const before = await tx.settingVersion(REQUIRE_SECOND_FACTOR_KEY);
        if (guard && before.version !== guard.baseVersion) throw await tx.staleSetting(before, guard);
        const over = await tx.overwroteSetting(before, guard);
        await tx.setSetting(REQUIRE_SECOND_FACTOR_KEY, settings.requireSecondFactor);
        const sessionsEnded = turningOn ? await tx.revokeSessionsWithoutSecondFactor(now()) : 0;
        await audit(
          {
            action: 'security-settings-changed',
            actorUserId: actor.id,
            actorEmail: actor.email,
            ip: ctx.ip,
            detail: { ...settings, sessionsEnded, ...over },
          },
          tx,
        );
        return (await tx.settingVersion(REQUIRE_SECOND_FACTOR_KEY)).version;
      });
      return { ...settings, version };
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

    /** The TOTP secret of a user in clear (tests read the enrolled secret back through it). */
    totpSecretOf,
  };
}
export type SecondFactor = ReturnType<typeof createSecondFactor>;
