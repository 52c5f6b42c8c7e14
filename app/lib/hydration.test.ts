import { describe, expect, it } from 'vitest';
import { hydratesFrom, pageScriptsFrom, STATIC_PAGE, staticPageWith } from './hydration.ts';

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

describe('pageScriptsFrom (form templates, ADR 005)', () => {
  it('a form template is static and names its own module', () => {
    const matches = [{ handle: { siteScript: '/assets/site.js' } }, {}, { handle: staticPageWith('/assets/contact.js') }];
    expect(hydratesFrom(matches)).toBe(false);
    expect(pageScriptsFrom(matches)).toEqual(['/assets/contact.js']);
  });

  it('content templates and hydrated screens have none; anything but strings is ignored', () => {
    expect(pageScriptsFrom([{ handle: STATIC_PAGE }])).toEqual([]);
    expect(pageScriptsFrom([{}, undefined])).toEqual([]);
    expect(pageScriptsFrom([{ handle: { scripts: ['/a.js', 3, null] } }])).toEqual(['/a.js']);
  });
});
