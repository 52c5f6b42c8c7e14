import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// Content templates rendered without React Router's document handler (server/plugins/static-render.ts)
// and with the kept header and footer (app/lib/shell-fragments.tsx) against the same pages through
// React Router, on two apps over identically seeded databases, page cache off (ADR 016).
let lean: TestApp;
let router: TestApp;
beforeAll(async () => {
  [lean, router] = await Promise.all([
    createTestApp({ PAGE_CACHE_MB: '0' }, { ui: 'build' }),
    createTestApp({ PAGE_CACHE_MB: '0' }, { ui: 'build', staticRender: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([lean?.close(), router?.close()]);
});

/** The per-request CSP nonce is the only part of a page that may differ. */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, '');

async function both(url: string, cookie?: string) {
  const headers = { accept: 'text/html', ...(cookie ? { cookie } : {}) };
  const [a, b] = await Promise.all([lean.app.inject({ url, headers }), router.app.inject({ url, headers })]);
  return { lean: a, router: b };
}

describe('content templates without React Router’s document handler', () => {
  it('render every page of the sitemap byte for byte as React Router does, twice (header and footer kept the second time)', async () => {
    const sitemap = await lean.app.inject('/sitemap.xml');
    const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      for (const round of [1, 2]) {
        const { lean: a, router: b } = await both(path);
        expect(a.statusCode, `${path} (${round})`).toBe(b.statusCode);
        expect(withoutNonces(a.body), `${path} (${round})`).toBe(withoutNonces(b.body));
        expect(a.body).not.toContain('x-fragment');
      }
    }
  });

  it('render the same for another region, a query, a dismissed notice, a missing page and a redirect', async () => {
    const cases: [string, string?][] = [
      ['/', 'region=3'],
      ['/agrotain', 'region=4'],
      ['/knowledge-center?type=2', 'region=2'],
      ['/knowledge-center/category/1'],
      ['/press-releases?page=2'],
      ['/product-labels?region=3'],
      ['/', 'notice-dismissed=anything'],
      ['/knowledge-center/no-such-item'],
      ['/no-such-page-at-all'],
      ['/home-ca'],
    ];
    for (const [path, cookie] of cases) {
      const { lean: a, router: b } = await both(path, cookie);
      expect(a.statusCode, path).toBe(b.statusCode);
      expect(a.headers.location, path).toBe(b.headers.location);
      expect(withoutNonces(a.body), path).toBe(withoutNonces(b.body));
    }
    expect((await lean.app.inject('/no-such-page-at-all')).statusCode).toBe(404);
  });

  it('leave form templates, HEAD and posts to React Router with the same answers', async () => {
    for (const path of ['/contact', '/find-a-rep', '/product-selector']) {
      const { lean: a, router: b } = await both(path);
      expect(a.statusCode, path).toBe(200);
      expect(withoutNonces(a.body), path).toBe(withoutNonces(b.body));
    }
    const head = await lean.app.inject({ method: 'HEAD', url: '/agrotain' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('render the header again once the site settings change (the company name is in it)', async () => {
    const before = await lean.app.inject('/about');
    expect(before.body).not.toContain('Fragment Test Farms');
    const settings = await lean.app.services.settings.get();
    await lean.app.services.settings.update({ companyName: 'Fragment Test Farms' });
    try {
      const after = await lean.app.inject('/about');
      expect(after.statusCode).toBe(200);
      const header = /<header[\s\S]*?<\/header>/.exec(after.body)?.[0] ?? '';
      expect(header).toContain('Fragment Test Farms');
    } finally {
      await lean.app.services.settings.update({ companyName: settings.companyName });
    }
  });
});
