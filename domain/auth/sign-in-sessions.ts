import { randomUUID } from 'node:crypto';
import { DomainError } from '#domain/errors.ts';
import { permissionsForRoles } from '#shared/permissions.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import { describeClient } from './auth-emails.ts';
import type { AuthContext, RequestContext, SessionUser, SignedIn, Tokens } from './auth-context.ts';
import type { AuthUser } from './auth-repository.ts';
import { clientKey } from './client-key.ts';
import { DAY_MS, usernameKey } from './sign-in-lockout.ts';
import { randomToken, tokenHash } from './tokens.ts';

/** Idle time that ends a session: a refresh token lives 12 hours from its issue (every refresh or keepalive renews it). */
export const REFRESH_TTL_MS = 12 * 60 * 60_000;

/** Sign-in sessions: starting one, its access and refresh tokens, refresh families, sign-out, keepalive and the session check. */
export function createSessions({ deps, repo, signer, now, audit, auditSelf, notify, isKnownClient }: AuthContext) {
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

  return {
    completeSignIn,

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
        name: row.name ?? null,
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
        name: user.name ?? null,
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

    revokeUserTokens: (userId: number) => repo.revokeUserTokens(userId, now()),
  };
}
export type Sessions = ReturnType<typeof createSessions>;
