import { randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Secret, TOTP } from 'otpauth';
import { ARGON2_OPTIONS } from './passwords.ts';
import { tokenHash } from './tokens.ts';

const PERIOD = 30;

function totpFor(secret: string, label = '', issuer = '') {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** A new 160-bit secret, base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address and its QR code as an SVG string, made here so no third party sees the secret. */
export async function enrolment(secret: string, account: string, issuer: string) {
  const otpauthUrl = totpFor(secret, account, issuer).toString();
  // Loaded on first use: enrolment is rare, and start-up should not pay for the QR encoder.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * Checks a 6-digit code, accepting the previous and next 30-second step for clock drift. Returns
 * the matched time step, or null. A step at or before `lastStep` is refused, so a code seen once
 * (over a shoulder, in a log) cannot be replayed.
 */
export function verifyTotp(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** The current code (tests, and nothing else, need it). */
export function currentTotp(secret: string, now = Date.now()): string {
  return totpFor(secret).generate({ timestamp: now });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes like `k7m2p-xq9rt` (about 49 bits each), shown once. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * A recovery code as typed, reduced to its SHA-256 (case, spaces and dashes do not matter). Codes
 * stored by earlier versions were this digest alone; now the digest is hashed again with argon2id.
 */
export function recoveryCodeDigest(code: string): string {
  return tokenHash(code.toLowerCase().replace(/[\s-]/g, ''));
}

/**
 * The stored form of a recovery code: argon2id (salted, slow) of its digest, so a copy of the table
 * cannot be searched offline for the codes (about 49 bits each). `isDigest`: hash a stored SHA-256
 * digest from before (the start-up migration).
 */
export function hashRecoveryCode(code: string, isDigest = false): Promise<string> {
  return hash(isDigest ? code : recoveryCodeDigest(code), ARGON2_OPTIONS);
}

export async function verifyRecoveryCode(stored: string, digest: string): Promise<boolean> {
  // a code stored by an earlier version (its bare digest) works until the start-up upgrade re-hashes it
  if (!stored.startsWith('$argon2')) return stored.length === digest.length && timingSafeEqual(Buffer.from(stored), Buffer.from(digest));
  try {
    return await verify(stored, digest);
  } catch {
    return false;
  }
}
