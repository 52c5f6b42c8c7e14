import { index, layout, route } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, routeFirstSegments } from './reserved-slugs.ts';

describe('reserved slugs come from the route table', () => {
  it('takes every first segment through layouts, and no parameter or splat', () => {
    const table = [
      layout('a.tsx', [
        index('i.tsx'),
        route('new-campaign', 'c.tsx'),
        route('things/:id', 't.tsx'),
        route(':slug', 's.tsx'),
        route('*', 'x.tsx'),
      ]),
      route('account/login', 'l.tsx'),
    ];
    expect([...routeFirstSegments(table)].sort()).toEqual(['account', 'new-campaign', 'things']);
  });
  it('the site’s own table: campaign pages, the admin, the product pages', () => {
    for (const slug of ['clear-choice', 'dual-purpose', 'siteadmin', 'account', 'agrotain', 'agrotain-ca', 'set-region', 'api', 'auth'])
      expect(RESERVED_SLUGS.has(slug), slug).toBe(true);
    expect(RESERVED_SLUGS.has('field-day-2026')).toBe(false);
  });
});
