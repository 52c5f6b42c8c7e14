import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** ADR 005: content templates ship HTML and the site script, form templates keep React Router's runtime. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
});
afterAll(() => t.close());

describe('content templates without the framework runtime', () => {
  it('render the site script and nonced speculation rules, no React Router scripts or modulepreloads', async () => {
    const res = await t.app.inject('/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toContain('__reactRouterContext');
    expect(res.body).toMatch(/<script type="module" src="\/assets\/site-script-[\w-]+\.js"><\/script>/);
    // a stored page's one inline script is allowed by its hash (ADR 007), not by a nonce
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain("'nonce-");
    const rules = /<script type="speculationrules">([^<]+)<\/script>/.exec(res.body);
    expect(csp).toContain(
      `'sha256-${createHash('sha256')
        .update(rules?.[1] ?? '')
        .digest('base64')}'`,
    );
    expect(JSON.parse(rules?.[1] ?? '{}')).toMatchObject({ prefetch: [{ source: 'document', eagerness: 'moderate' }] });
    // the menus are popovers, so they open without the script
    expect(res.body).toMatch(/<nav[^>]*class="mega-menu[^"]*"[^>]*popover="auto"/);
    // the region selector without the script: a list of links to /set-region (the select is hidden then)
    const links = /<noscript><ul class="region-links">(.*?)<\/ul><\/noscript>/.exec(res.body)?.[1] ?? '';
    expect([...links.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/set-region?region=2&amp;from=%2Fabout',
      '/set-region?region=3&amp;from=%2Fabout',
      '/set-region?region=4&amp;from=%2Fabout',
    ]);
    expect(res.body).not.toMatch(/<form class="region-select"/);
    expect(res.body).toMatch(/<button type="button" class="site-header__toggle" popoverTarget="[^"]+">/);
  });

  it('render the 404 page statically as well', async () => {
    const res = await t.app.inject('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('__reactRouterContext');
    expect(res.body).toContain('site-script-');
  });

  it('render form templates statically too, with the site script and the page module (ADR 005)', async () => {
    for (const path of ['/find-a-rep', '/contact', '/reps-retailers?label=Retailers&zip=50010', '/product-selector']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).not.toContain('__reactRouterContext');
      expect(res.body, path).not.toContain('modulepreload');
      expect(res.body, path).toContain('site-script-');
      expect(res.body, path).toMatch(/<script type="module" src="\/assets\/[\w-]+\.js" data-page-script="">/);
    }
  });
});

describe('GET /set-region (the region selector without JavaScript)', () => {
  it('stores the region in the cookie and goes to its home', async () => {
    const res = await t.app.inject('/set-region?region=3');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/home-ca');
    expect(String(res.headers['set-cookie'])).toMatch(/^region=3; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(res.headers['cache-control']).toBe('no-store');
    const intl = await t.app.inject('/set-region?region=4');
    expect(intl.headers.location).toBe('/home-int');
  });

  it('changes nothing for an unknown region and goes to the US home', async () => {
    const res = await t.app.inject('/set-region?region=9');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
