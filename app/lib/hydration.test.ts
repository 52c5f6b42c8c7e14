import { describe, expect, it } from 'vitest';
import { hydratesFrom, STATIC_PAGE } from './hydration.ts';

describe('hydratesFrom', () => {
  it('hydrates when no route says otherwise (forms, admin)', () => {
    expect(hydratesFrom([{ handle: undefined }, { handle: { siteScript: '/assets/x.js' } }, {}])).toBe(true);
    expect(hydratesFrom([])).toBe(true);
  });

  it('does not hydrate when the page route is static', () => {
    expect(hydratesFrom([{ handle: { siteScript: '/assets/x.js' } }, {}, { handle: STATIC_PAGE }])).toBe(false);
  });

  it('lets the deepest route that says so decide', () => {
    expect(hydratesFrom([{ handle: STATIC_PAGE }, { handle: { hydrate: true } }])).toBe(true);
    expect(hydratesFrom([{ handle: { hydrate: true } }, undefined, { handle: STATIC_PAGE }])).toBe(false);
  });
});
