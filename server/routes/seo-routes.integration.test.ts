import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_PATHS } from '#tests/setup/constants.ts';
import { productContentOf } from '#tests/setup/content-edits.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const SITE = 'https://www.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_SITE_URL: SITE });
});
afterAll(() => t.close());

function urls(xml: string): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const m of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(m[1]!)![1]!;
    out.set(loc.replace(SITE, ''), /<lastmod>([^<]+)<\/lastmod>/.exec(m[1]!)?.[1]);
  }
  return out;
}

describe('GET /sitemap.xml', () => {
  it('lists every visible public page once, each with a lastmod', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const list = urls(res.body);
    const expected = [
      '/',
      '/home-ca',
      '/home-int',
      '/about',
      '/product-labels',
      '/knowledge-center',
      '/knowledge-center/category/38',
      '/press-releases',
      ...CAMPAIGN_PATHS,
      '/agrotain',
      '/wolf-trax',
      '/protivate',
      '/anvol',
      '/optrient',
      '/centuro',
      '/superu',
      '/agrotain-ca',
      '/wolf-trax-ca',
      '/rocket-seeds-ca',
      '/anvol-ca',
      '/nitamin-ca',
      '/centuro-ca',
      '/superu-ca',
      '/synthos-ca',
      '/tribune-ca',
      '/protivate-ca',
      '/growing-season-guide',
      '/find-a-rep',
      '/find-a-rep-ca',
      '/contact',
      '/product-selector',
    ];
    for (const path of expected) expect(list.has(path), path).toBe(true);
    for (const [path, lastmod] of list) expect(Number.isNaN(Date.parse(lastmod ?? '')), `lastmod of ${path}`).toBe(false);
    expect(res.body.match(/<loc>https:\/\/www\.example\.com\/agrotain<\/loc>/g)).toHaveLength(1);
  });

  it('includes knowledge items and press releases, and leaves out hidden pages, aliases and private areas', async () => {
    const list = urls((await t.app.inject('/sitemap.xml')).body);
    const paths = [...list.keys()];
    expect(paths.some((p) => /^\/knowledge-center\/[a-z0-9-]+$/.test(p) && !p.includes('category'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/can/knowledge-center/'))).toBe(true);
    expect(paths.some((p) => /^\/(can\/)?press-releases\/[a-z0-9-]+$/.test(p))).toBe(true);
    for (const hidden of ['/draft-winter-meeting', '/can', '/int', '/not-found', '/reps-retailers'])
      expect(list.has(hidden), hidden).toBe(false);
    expect(paths.some((p) => p.startsWith('/siteadmin') || p.startsWith('/account') || p.startsWith('/api'))).toBe(false);
  });

  it('gives a product the date of its latest version and hreflang links to its twin', async () => {
    const before = urls((await t.app.inject('/sitemap.xml')).body).get('/superu');
    const current = await t.app.services.products.getPublicBySlug('superu');
    const content = productContentOf(current);
    await t.app.services.products.save('superu', { ...content, tagline: 'Protection built into every granule of urea.' });
    const body = (await t.app.inject('/sitemap.xml')).body;
    const after = urls(body).get('/superu');
    expect(Date.parse(after!)).toBeGreaterThan(Date.parse(before!));
    const entry = /<url>\s*<loc>https:\/\/www\.example\.com\/superu<\/loc>[\s\S]*?<\/url>/.exec(body)![0];
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="en-US" href="https://www.example.com/superu"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="en-CA" href="https://www.example.com/superu-ca"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/superu"/>');
  });
});

describe('GET /robots.txt', () => {
  it('allows the public site, keeps crawlers out of admin, account and API, and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /siteadmin',
        'Disallow: /account',
        'Disallow: /api',
        `Sitemap: ${SITE}/sitemap.xml`,
      ]),
    );
  });
});
