import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
const queries: string[] = [];
beforeAll(async () => {
  // the page cache off: these tests are about the rendering of each request (nonce CSP);
  // server/plugins/page-cache.integration.test.ts covers cached pages
  t = await createTestApp({ PAGE_CACHE_MB: '0' }, { ui: 'build', onQuery: (q) => queries.push(q) });
});
afterAll(() => t.close());

describe('server-rendered shell', () => {
  it('renders a page with security headers, a CSP nonce on inline scripts and no database query once warm', async () => {
    await t.app.inject('/not-found');
    queries.length = 0;
    const res = await t.app.inject('/not-found');
    expect(res.statusCode).toBe(200);
    expect(queries).toEqual([]);
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const inlineScripts = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attrs of inlineScripts) {
      if (attrs?.includes('application/ld+json')) continue;
      expect(attrs).toContain(`nonce="${nonce}"`);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // per-visitor HTML (nonce, region cookie): browsers revalidate, shared caches keep out (ADR 007)
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('<main id="content"');
  });

  it('uses a fresh nonce for every request', async () => {
    const a = String((await t.app.inject('/not-found')).headers['content-security-policy']);
    const b = String((await t.app.inject('/not-found')).headers['content-security-policy']);
    expect(a).not.toBe(b);
  });

  it('answers an unknown path with the Not Found page and status 404', async () => {
    const res = await t.app.inject('/no-such-page-anywhere');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page Not Found');
    expect(res.body).toContain('<title>Page Not Found | Northfield Agronomics</title>');
  });

  it('answers a stored redirect with 301 and keeps the query string', async () => {
    const res = await t.app.inject('/nitrogen-101?utm_source=mail');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/knowledge-center?utm_source=mail');
  });

  it('redirects /can/find-a-rep to /find-a-rep-ca and /careers to the careers site', async () => {
    expect((await t.app.inject('/can/find-a-rep')).headers.location).toBe('/find-a-rep-ca');
    const careers = await t.app.inject('/careers');
    expect(careers.statusCode).toBe(302);
    expect(careers.headers.location).toMatch(/^https:\/\//);
  });

  it('serves hashed assets with a one-year immutable cache and compresses HTML', async () => {
    const page = await t.app.inject({ url: '/not-found', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers['content-encoding']).toMatch(/br|gzip/);
    const asset = /\/assets\/[^"]+\.js/.exec((await t.app.inject('/not-found')).body)?.[0];
    expect(asset).toBeTruthy();
    const res = await t.app.inject(asset!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('renders a server error as the Server Error page with status 500 and logs it', async () => {
    const original = t.app.services.pages.getVisibleBySlug;
    t.app.services.pages.getVisibleBySlug = async () => {
      throw new Error('database exploded');
    };
    try {
      const res = await t.app.inject('/some-custom-page');
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('Server Error');
      expect(res.body).not.toContain('database exploded');
    } finally {
      t.app.services.pages.getVisibleBySlug = original;
    }
  });
});

describe('with reCAPTCHA configured', () => {
  let rc: TestApp;
  beforeAll(async () => {
    rc = await createTestApp({ RECAPTCHA_SITE_KEY: 'site-key-123', RECAPTCHA_SECRET: 'secret' }, { ui: 'build' });
  });
  afterAll(() => rc.close());

  it("lets Google's script and frame through the CSP and hands the site key to the contact page", async () => {
    const res = await rc.app.inject('/contact');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.gstatic\.com\/recaptcha\//);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
    expect(res.body).toContain('site-key-123');
    expect(res.body).not.toContain('"secret"');
  });

  it('keeps Google out of the CSP when no site key is set', async () => {
    const csp = String((await t.app.inject('/contact')).headers['content-security-policy']);
    expect(csp).not.toContain('google');
  });
});

describe('product selector Close target on a full page load', () => {
  const closeHref = (html: string) =>
    /<a [^>]*class="selector-bar__button selector-bar__close"[^>]*>/.exec(html)?.[0].match(/href="([^"]*)"/)?.[1];

  // "Internal" means the configured site (PUBLIC_SITE_URL, http://localhost:3000 in tests), not the Host header.
  it('goes back to the internal page the visitor came from', async () => {
    const res = await t.app.inject({
      url: '/product-selector',
      headers: { host: 'localhost', referer: 'http://localhost:3000/knowledge-center?type=2' },
    });
    expect(res.statusCode).toBe(200);
    expect(closeHref(res.body)).toBe('/knowledge-center?type=2');
  });

  it.each([
    ['another site', 'https://elsewhere.example/page'],
    ['the selector itself', 'http://localhost:3000/product-selector?step=2'],
    ['a forged Host header', 'http://localhost/knowledge-center'],
    ['a malformed referrer', 'not a url'],
  ])('goes home when the visitor came from %s', async (_why, referer) => {
    const res = await t.app.inject({ url: '/product-selector', headers: { host: 'localhost', referer } });
    expect(closeHref(res.body)).toBe('/');
  });
});

describe('product selector addresses', () => {
  it('sends a step the answers do not reach to the step they do, keeping other parameters', async () => {
    const res = await t.app.inject('/product-selector?step=99&utm_source=mail');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/product-selector?step=1&utm_source=mail');
    const skipped = await t.app.inject('/product-selector?step=4&challenge=3&method=2&crop=1');
    expect(skipped.headers.location).toBe('/product-selector?step=5&challenge=3&method=2&crop=1');
  });

  it('passes a question with one possible answer, recording it: Next without JavaScript and a hand-edited address', async () => {
    const next = await t.app.inject('/product-selector?step=1&challenge=7&go=next');
    expect(next.statusCode).toBe(302);
    expect(next.headers.location).toBe('/product-selector?step=3&challenge=7&method=2');
    const asked = await t.app.inject('/product-selector?step=2&challenge=7');
    expect(asked.headers.location).toBe('/product-selector?step=3&challenge=7&method=2');
    const page = await t.app.inject('/product-selector?step=3&challenge=7&method=2');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Step 2 of 3');
    // Back passes the method too
    expect(page.body).toMatch(
      /href="\/product-selector\?step=1&amp;challenge=7&amp;method=2"[^>]*>[^<]*<span aria-hidden="true">←<\/span> Back/,
    );
  });

  it('serves canonical addresses and the bare page as they are', async () => {
    for (const url of [
      '/product-selector',
      '/product-selector?step=3&challenge=2&method=1',
      '/product-selector?utm_source=mail',
      '/product-selector?step=3&challenge=7&method=2',
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(200);
    }
  });

  it('answers 500 with the bare error page and its title when the public layout cannot load the site settings', async () => {
    const settings = t.app.services.settings;
    const get = settings.get;
    settings.get = () => Promise.reject(new Error('settings store unavailable'));
    try {
      const res = await t.app.inject({ url: '/about', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('<title>Server Error</title>');
      expect(res.body).toContain('error-page--bare');
      expect(res.body).not.toContain('settings store unavailable');
    } finally {
      settings.get = get;
    }
  });

  it('titles every error page with its name and the brand, and keeps them out of search results', async () => {
    const cases: [string, number, string][] = [
      ['/not-found', 200, 'Page Not Found'],
      ['/no-such-page-anywhere', 404, 'Page Not Found'],
      ['/access-denied', 200, 'Access Denied'],
      ['/error/server-error', 200, 'Server Error'],
      ['/error', 200, 'Server Error'],
    ];
    for (const [url, status, title] of cases) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toContain(`<title>${title} | Northfield Agronomics</title>`);
      expect(res.body, url).toContain('<meta name="robots" content="noindex"/>');
    }
  });
});
