import { describe, expect, it } from 'vitest';
import { displayName, personName } from './people.ts';

describe('how the admin names a person (ADR 052)', () => {
  it('uses the name given, trimmed', () => {
    expect(displayName({ name: 'Ana López', email: 'ana.lopez@example.com' })).toBe('Ana López');
    expect(displayName({ name: '  Ben Ng ', email: 'b@example.com' })).toBe('Ben Ng');
  });
  it('otherwise makes one from the email, as the presence notice and the 409 did', () => {
    expect(displayName({ name: null, email: 'ana.lopez@example.com' })).toBe('Ana Lopez');
    expect(displayName({ name: '   ', email: 'j_smith-jones@example.com' })).toBe(personName('j_smith-jones@example.com'));
    expect(displayName({ email: 'admin@example.com' })).toBe('Admin');
    expect(displayName(null)).toBe('Someone');
  });
});
