import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';
import { assertPasswordNotCommon, COMMON_PASSWORD_MESSAGE } from './password-policy.ts';
import { createSecretBox } from './secret-box.ts';

const OLD = 'an-old-data-key-0123456789-abcdefghijklmnop';
const NEW = 'a-new-data-key-9876543210-zyxwvutsrqponmlkj';

describe('secret box (TOTP secrets at rest)', () => {
  it('seals with AES-GCM: the value holds no trace of the secret, differs each time, and opens again', () => {
    const box = createSecretBox(NEW);
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.isCurrent(a)).toBe(true);
  });

  it('refuses a tampered value and one sealed under an unknown key', () => {
    const sealed = createSecretBox(OLD).seal('JBSWY3DPEHPK3PXP');
    expect(createSecretBox(NEW).open(sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(createSecretBox(OLD).open(parts.join('.'))).toBeNull();
  });

  it('rotation: with the old key listed as previous, old values open and are not current', () => {
    const sealed = createSecretBox(OLD).seal('JBSWY3DPEHPK3PXP');
    const rotated = createSecretBox(NEW, [OLD]);
    expect(rotated.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('x'))).toBe(true);
  });
});

describe('client key (rate limits and the per-client lockout)', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::'],
    ['2001:db8:1:3::1', '2001:db8:1:3::'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('common passwords (ASVS 2.1.7)', () => {
  it.each(['password1234', 'Password1234!', 'qwertyuiop12', 'letmein12345', 'iloveyou1234'])('refuses %s', async (password) => {
    await expect(assertPasswordNotCommon(password)).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
  });
  it.each(['correct-horse-battery-staple', 'a-long-enough-password', 'Spring planting 2026 in Ames'])('accepts %s', async (password) => {
    await expect(assertPasswordNotCommon(password)).resolves.toBeUndefined();
  });
  it('counts the account’s own email and the site’s name as guessable', async () => {
    await expect(assertPasswordNotCommon('jane.doe@example.com', ['jane.doe@example.com'])).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
    await expect(assertPasswordNotCommon('northfieldagro1')).resolves.toBeUndefined();
    await expect(assertPasswordNotCommon('northfieldagro1', ['Northfield Agro'])).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
  });
});
