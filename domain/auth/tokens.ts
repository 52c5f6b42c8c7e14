import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_SECONDS } from '#shared/validation/auth.ts';

/** Lifetime of a second-factor challenge handed out by login (time to open the authenticator app). */
export const CHALLENGE_SECONDS = 5 * 60;
const ISSUER = 'site';
const ALG = 'HS256';

export interface AccessClaims {
  userId: number;
  email: string;
  roles: number[];
  /** The refresh-token family (sign-in session) this token was issued for. */
  sessionId: string | null;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export type ChallengePurpose = 'second-factor' | 'enrol';

/**
 * Signs and verifies the JWTs: access tokens (15 minutes) and second-factor challenges (5 minutes).
 * Only HS256 with this secret is accepted (jose refuses `alg: none` and other algorithms), and each
 * kind carries its own audience so a challenge can never be used as an access token.
 */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(payload: Record<string, unknown>, subject: string, audience: string, seconds: number, now: number) {
    const iat = Math.floor(now / 1000);
    const exp = iat + seconds;
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      // every token is distinct, even two issued for one session in the same second (a refresh)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(key);
    return { token, exp };
  }

  async function verify(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER, audience });
      return payload;
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }

  return {
    signAccess(user: { id: number; email: string; roles: number[]; sessionId: string }, now = Date.now()) {
      return sign({ email: user.email, roles: user.roles, sid: user.sessionId }, String(user.id), 'access', ACCESS_TOKEN_SECONDS, now);
    },
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      const payload = await verify(token, 'access');
      const userId = Number(payload?.sub);
      if (!payload || !Number.isSafeInteger(userId) || userId <= 0 || typeof payload.exp !== 'number') return null;
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is number => typeof r === 'number') : [];
      return {
        userId,
        email: typeof payload.email === 'string' ? payload.email : '',
        roles,
        sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        exp: payload.exp,
      };
    },
    /** `via`: how the first factor was given; 'email-link' lets the second step pass a lock of the whole username. */
    signChallenge(userId: number, purpose: ChallengePurpose, now = Date.now(), via: 'password' | 'email-link' = 'password') {
      return sign({ purpose, via }, String(userId), 'challenge', CHALLENGE_SECONDS, now);
    },
    async verifyChallenge(token: string): Promise<{ userId: number; purpose: ChallengePurpose; via: 'password' | 'email-link' } | null> {
      const payload = await verify(token, 'challenge');
      const userId = Number(payload?.sub);
      if (!payload || !Number.isSafeInteger(userId) || userId <= 0) return null;
      if (payload.purpose !== 'second-factor' && payload.purpose !== 'enrol') return null;
      return { userId, purpose: payload.purpose, via: payload.via === 'email-link' ? 'email-link' : 'password' };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** An opaque random token (refresh tokens, emailed links): 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Stored form of a random token: its SHA-256. The tokens carry 256 bits, so a fast hash is enough. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
