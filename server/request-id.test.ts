import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it("keeps the proxy's id when it is a plain token", () => {
    expect(requestIdOf('7f3a9c0e2b1d4e5f8a6b9c0d1e2f3a4b')).toBe('7f3a9c0e2b1d4e5f8a6b9c0d1e2f3a4b');
    expect(requestIdOf(['abc-123', 'other'])).toBe('abc-123');
  });

  it('makes a new one when the header is missing, empty, too long or not a plain token', () => {
    for (const bad of [undefined, '', 'x'.repeat(129), 'a b', 'id\n{"level":60}', 'ümlaut', '<script>'])
      expect(requestIdOf(bad)).toMatch(UUID);
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});
