import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from '#shared/validation/users.ts';
import { assertPasswordNotCommon, COMMON_PASSWORD_MESSAGE, STRENGTH_CHECK_MAX_CHARS, strengthCheckInput } from './password-policy.ts';

describe('the strength check reads a bounded part of the password', () => {
  it('reads the first 64 characters of a password of the longest allowed length', () => {
    const longest = 'x'.repeat(PASSWORD_MAX_LENGTH);
    expect(STRENGTH_CHECK_MAX_CHARS).toBe(64);
    expect(strengthCheckInput(longest)).toBe('x'.repeat(64));
    expect(strengthCheckInput('short enough')).toBe('short enough');
  });

  it('counts characters, not UTF-16 units: a character outside the BMP is never cut in half', () => {
    const input = strengthCheckInput('🌽'.repeat(100));
    expect(Array.from(input)).toHaveLength(64);
    expect(input).toBe('🌽'.repeat(64));
  });

  it('what lies past the first 64 characters is not read: a guessable start is refused whatever follows', async () => {
    const strongTail = 'Qv7#mZr9@Wt!kLp2^dX';
    // the tail alone passes, and after 64 repeated letters it is never looked at
    await expect(assertPasswordNotCommon(`correct ${strongTail} staple`)).resolves.toBeUndefined();
    await expect(assertPasswordNotCommon('a'.repeat(64) + strongTail)).rejects.toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
    // the first check loads zxcvbn's dictionaries, which takes seconds on a busy machine
  }, 60_000);
});
