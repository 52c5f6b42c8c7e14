import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of secrets kept in the database (TOTP secrets): AES-256-GCM with a key derived (HKDF,
 * SHA-256) from DATA_KEY, or from JWT_SECRET when DATA_KEY is not set. A stored value reads
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url), the key id being the first bytes of the
 * key's SHA-256, so a value sealed under a previous key (DATA_KEY_PREVIOUS) is still opened and
 * re-sealed under the current one at start (rotation: ADR 013, docs/configuration.md).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text; null when the value was sealed under a key this process does not have, or was tampered with. */
  open(sealed: string): string | null;
  /** Is the value sealed under the current key (nothing to do at start)? */
  isCurrent(value: string): boolean;
  isSealed(value: string): boolean;
}

const PREFIX = 'v1';

function deriveKey(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'northfield-site', 'totp-secret-encryption', 32));
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

export function createSecretBox(current: string, previous: readonly string[] = []): SecretBox {
  const keys = [current, ...previous].map((material) => {
    const key = deriveKey(material);
    return { id: keyId(key), key };
  });
  const main = keys[0]!;
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', main.key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [PREFIX, main.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [prefix, id, iv, tag, data] = sealed.split('.');
      const key = id ? byId.get(id) : undefined;
      if (prefix !== PREFIX || !key || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    isCurrent: (value) => value.startsWith(`${PREFIX}.${main.id}.`),
    isSealed: (value) => value.startsWith(`${PREFIX}.`),
  };
}
