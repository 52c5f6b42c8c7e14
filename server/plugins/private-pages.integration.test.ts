import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
});
afterAll(() => t.close());

describe('admin and account pages', () => {
  it.each([
    '/siteadmin',
    '/siteadmin/users',
    '/siteadmin/users/edit/1',
    '/account/login',
    '/account/reset-password/abc',
    '/siteadmin/users.data',
    '/account/login?redirectTo=%2Fsiteadmin',
  ])('%s is sent with noindex and no-store', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['x-robots-tag']).toMatch(/^noindex\b/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['/', '/accounts-payable', '/siteadministration'])('%s (a public page) keeps its own caching and may be indexed', async (url) => {
    const res = await t.app.inject(url);
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
