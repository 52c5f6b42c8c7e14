import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentGuid } from '#shared/product-documents.ts';
import { CAMPAIGN_PATHS } from '#tests/setup/constants.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// Server-rendered public pages of products, homes, campaigns, About and labels (needs `react-router build`).
const SITE = 'https://www.example.com';
let t: TestApp;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_SITE_URL: SITE }, { ui: 'build', onQuery: (q) => queries.push(q) });
});
afterAll(() => t.close());

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const title = (html: string) => attr(html, /<title>([^<]*)<\/title>/);
const canonical = (html: string) => attr(html, /<link rel="canonical" href="([^"]+)"/);
const hreflang = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]));

describe('product pages', () => {
  it('render a US product with Product and BreadcrumbList JSON-LD and hreflang to its Canada twin', async () => {
    const res = await t.app.inject('/agrotain');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(title(html)).toBe('AGROTAIN Nitrogen Stabilizer | Northfield Agronomics');
    expect(canonical(html)).toBe(`${SITE}/agrotain`);
    expect(hreflang(html)).toEqual({ 'en-US': `${SITE}/agrotain`, 'en-CA': `${SITE}/agrotain-ca`, 'x-default': `${SITE}/agrotain` });
    const ld = jsonLd(html);
    expect(ld.find((d) => d['@type'] === 'Product')).toMatchObject({
      name: 'AGROTAIN',
      category: 'Nutrient Protection',
      url: `${SITE}/agrotain`,
      image: `${SITE}/images/products/agrotain.svg`,
    });
    expect(ld.find((d) => d['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [
        { position: 1, item: `${SITE}/` },
        { position: 2, name: 'AGROTAIN' },
      ],
    });
    expect(html).toContain(`href="/doccenter/${documentGuid('agrotain', 'label')}"`);
    expect(html).toMatch(/<h1[^>]*>AGROTAIN<\/h1>/);
  });

  it('render the Canada twin with its own title, canonical and the same alternates', async () => {
    const html = (await t.app.inject('/agrotain-ca')).body;
    expect(title(html)).toBe('AGROTAIN Nitrogen Stabilizer in Canada | Northfield Agronomics');
    expect(canonical(html)).toBe(`${SITE}/agrotain-ca`);
    expect(hreflang(html)).toEqual({ 'en-US': `${SITE}/agrotain`, 'en-CA': `${SITE}/agrotain-ca`, 'x-default': `${SITE}/agrotain` });
    expect(html).toContain('href="/find-a-rep-ca"');
  });

  it('show the guaranteed analysis as a table with units', async () => {
    const html = (await t.app.inject('/wolf-trax')).body;
    const table = /<table class="analysis-table">[\s\S]*?<\/table>/.exec(html)![0];
    for (const [name, figure] of [
      ['Zinc', '62.0'],
      ['Boron', '18.0'],
      ['Copper', '56.5'],
      ['Iron', '46.5'],
      ['Manganese', '33.0'],
      ['Magnesium', '30.0'],
      ['Calcium', '27.0'],
    ]) {
      expect(table).toMatch(
        new RegExp(`WOLF TRAX ${name} DDP</th><td[^>]*>(?:<span>)?${name}[\\s\\S]*?<span class="analysis-table__figure">${figure}</span>`),
      );
    }
    expect(table).toContain('<th scope="col"');
    expect(table).toContain('% by weight');
  });

  it('have no hreflang when there is no twin', async () => {
    expect(hreflang((await t.app.inject('/optrient')).body)).toEqual({});
  });
});

describe('homes, campaigns and About', () => {
  it('render the homes with Organization JSON-LD, one canonical per home and region alternates', async () => {
    const us = (await t.app.inject('/')).body;
    expect(jsonLd(us).find((d) => d['@type'] === 'Organization')).toMatchObject({ name: 'Northfield Agronomics', url: `${SITE}/` });
    expect(hreflang(us)).toMatchObject({
      'en-US': `${SITE}/`,
      'en-CA': `${SITE}/home-ca`,
      en: `${SITE}/home-int`,
      'x-default': `${SITE}/`,
    });
    expect(us).toContain('Up to 40% of surface-applied urea can be lost through volatilization.');
    const can = (await t.app.inject('/can')).body;
    expect(canonical(can)).toBe(`${SITE}/home-ca`);
    expect(can).toContain('More from every acre, coast to coast');
    expect(canonical((await t.app.inject('/int')).body)).toBe(`${SITE}/home-int`);
  });

  it('give every page of these templates its own title and description', async () => {
    const paths = [
      '/',
      '/home-ca',
      '/home-int',
      '/about',
      '/product-labels',
      ...CAMPAIGN_PATHS,
      '/agrotain',
      '/agrotain-ca',
      '/wolf-trax',
      '/wolf-trax-ca',
      '/tribune-ca',
    ];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of paths) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      titles.add(title(res.body)!);
      descriptions.add(attr(res.body, /<meta name="description" content="([^"]*)"/)!);
      expect(res.body, path).toContain('<meta property="og:title"');
      expect(res.body, path).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    }
    expect(titles.size).toBe(paths.length);
    expect(descriptions.size).toBe(paths.length);
  });

  it('render a campaign page from its stored content, with the analysis table it names', async () => {
    const html = (await t.app.inject('/balanced-nutrition')).body;
    expect(html).toContain('Balanced nutrition from the first granule');
    expect(html).toContain('<span class="analysis-table__figure">62.0</span>');
    expect(jsonLd(html).map((d) => d['@type'])).toEqual(expect.arrayContaining(['WebPage', 'BreadcrumbList']));
  });

  it('render About as an AboutPage', async () => {
    const html = (await t.app.inject('/about')).body;
    expect(jsonLd(html).find((d) => d['@type'] === 'AboutPage')).toMatchObject({ url: `${SITE}/about` });
  });

  it('serve a warm page without touching the database', async () => {
    await t.app.inject('/clear-choice');
    await t.app.inject('/agrotain');
    queries.length = 0;
    await t.app.inject('/clear-choice');
    await t.app.inject('/');
    expect(queries.filter((q) => !/outbox/.test(q))).toEqual([]);
  });
});

describe('/product-labels', () => {
  it('lists every label and SDS grouped by product, each linking to the document center', async () => {
    const html = (await t.app.inject('/product-labels')).body;
    expect(html).toContain('Showing 46 documents for 23 products.');
    expect(html).toContain(`href="/doccenter/${documentGuid('nu5-lux', 'sds')}"`);
    expect(canonical(html)).toBe(`${SITE}/product-labels`);
  });

  it('filters by region and by product from the query string', async () => {
    const canada = (await t.app.inject('/product-labels?region=3')).body;
    expect(canada).not.toContain(documentGuid('optrient', 'label'));
    expect(canada).toContain(documentGuid('tribune', 'label'));
    expect(canada).toContain('<meta name="robots" content="noindex"/>');
    const one = (await t.app.inject('/product-labels?product=anvol')).body;
    expect(one).toContain('Showing 2 documents for 1 product.');
    expect(one).not.toContain(documentGuid('agrotain', 'label'));
  });
});
