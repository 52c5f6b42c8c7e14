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

describe('pages whose address can hold a link token', () => {
  it.each([
    '/account/login',
    '/account/reset-password/abc',
    '/account/one-time-login/abc',
    '/account/confirm-email/abc',
    '/preview/x',
    '/preview/x.data',
  ])('%s asks the browser to send no Referer, not even to this site', async (url) => {
    const res = await t.app.inject(url);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each(['/', '/about', '/knowledge-center', '/accounts-payable', '/previews', '/siteadmin', '/api/states/get-all/2'])(
    '%s keeps the site-wide policy',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );
});
