import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id, OWASP's minimum (19 MiB, 2 passes, 1 lane): about 20-40 ms per hash on the target host. */
export const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the username is unknown, so a wrong username costs the same time as a
 * wrong password and the reply time does not tell whether the account exists.
 */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** A random password nobody knows (blank password on add): the user sets their own through the emailed link. */
export function randomPassword(): string {
  return randomBytes(24).toString('base64url');
}
