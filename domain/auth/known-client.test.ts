import { describe, expect, it } from 'vitest';
import { createKnownClients, KNOWN_CLIENT_MAX_AGE_MS } from './known-client.ts';

const SECRET = 'test-jwt-secret-0123456789-abcdefghijklmnop';
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('known-client values', () => {
  const known = createKnownClients(SECRET);

  it('a value issued to a user proves that user’s browser, and each one is distinct', () => {
    const value = known.issue(42, NOW);
    expect(value).toMatch(/^v1\.42\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(known.isKnown(value, 42, NOW)).toBe(true);
    expect(known.issue(42, NOW)).not.toBe(value);
  });

  it('is bound to its user: the same value says nothing about another account', () => {
    expect(known.isKnown(known.issue(42, NOW), 43, NOW)).toBe(false);
    // nor can the user id in it be edited
    expect(known.isKnown(known.issue(42, NOW).replace(/^v1\.42\./, 'v1.43.'), 43, NOW)).toBe(false);
  });

  it('refuses a value signed with another secret, a changed signature, and an expired or future one', () => {
    const other = createKnownClients('another-secret-0123456789-abcdefghijklmnop');
    expect(known.isKnown(other.issue(42, NOW), 42, NOW)).toBe(false);
    const value = known.issue(42, NOW);
    const at = value.length - 10;
    const flipped = value.slice(0, at) + (value[at] === 'A' ? 'B' : 'A') + value.slice(at + 1);
    expect(known.isKnown(flipped, 42, NOW)).toBe(false);
    expect(known.isKnown(value, 42, NOW + KNOWN_CLIENT_MAX_AGE_MS - 1000)).toBe(true);
    expect(known.isKnown(value, 42, NOW + KNOWN_CLIENT_MAX_AGE_MS)).toBe(false);
    expect(known.isKnown(known.issue(42, NOW + 10 * 60_000), 42, NOW)).toBe(false);
  });

  it.each([undefined, null, '', 'v1', 'v1.42', 'v2.42.abc.AAAAAAAAAAAAAAAAAAAAAA.' + 'A'.repeat(43), 'x'.repeat(5000)])(
    'refuses a malformed value (%j) without throwing',
    (value) => {
      expect(known.isKnown(value, 42, NOW)).toBe(false);
    },
  );
});
