import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser stays known after its last sign-in (each sign-in issues a fresh value). */
export const KNOWN_CLIENT_MAX_AGE_MS = 365 * 24 * 60 * 60_000;

const PREFIX = 'v1';
const SHAPE = /^v1\.([1-9]\d{0,11})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * "Known clients": a browser that signed in to an account keeps a value proving it, so that while
 * a stranger's failures lock the username everywhere, its owner still signs in with the right
 * password from a browser they used before (django-axes and Directus keep such a device cookie),
 * and a sign-in from any other browser is reported to the account.
 *
 * The value is `v1.<user id>.<issued, seconds base 36>.<random>.<HMAC-SHA-256>`, keyed by HKDF from
 * the server's JWT secret (its own key: it never signs anything else). Signed rather than stored:
 * no table and no write per check, every instance verifies it, and it grants nothing alone (the
 * password is still needed; it only lifts the username-wide lock for that user, never the lock of
 * the client itself). It is bound to one user id, so a value from another account does nothing.
 * Changing JWT_SECRET forgets every known client (their next sign-in is reported as new).
 */
export function createKnownClients(secret: string, maxAgeMs = KNOWN_CLIENT_MAX_AGE_MS) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'northfield-site', 'known-client-cookie', 32));
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    /** A fresh value for a browser that has just signed in as `userId`. */
    issue(userId: number, now: number): string {
      const payload = `${PREFIX}.${userId}.${Math.floor(now / 1000).toString(36)}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${mac(payload)}`;
    },
    /** Did this server issue `value` to a browser that signed in as `userId`, less than the maximum age ago? */
    isKnown(value: string | null | undefined, userId: number, now: number): boolean {
      const parts = value ? SHAPE.exec(value) : null;
      if (!parts || Number(parts[1]) !== userId) return false;
      const issuedMs = parseInt(parts[2]!, 36) * 1000;
      if (!(issuedMs <= now + 60_000 && now - issuedMs < maxAgeMs)) return false;
      // compared as text, so another spelling of the same bytes is not accepted either
      const expected = Buffer.from(mac(value!.slice(0, value!.lastIndexOf('.'))));
      return timingSafeEqual(Buffer.from(parts[4]!), expected);
    },
  };
}
export type KnownClients = ReturnType<typeof createKnownClients>;
