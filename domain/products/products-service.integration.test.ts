import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CA_PRODUCT_SLUGS, US_PRODUCT_SLUGS } from '#shared/regions.ts';
import { documentGuid } from '#shared/product-documents.ts';
import { productContentOf } from '#tests/setup/content-edits.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { onQuery: (q) => queries.push(q) });
});
afterAll(() => t.close());

describe('products service', () => {
  it('lists the 7 US and 10 Canadian products from the products table', async () => {
    const nav = await t.app.services.products.navigation();
    expect(
      nav
        .filter((p) => p.region === 2)
        .map((p) => p.slug)
        .sort(),
    ).toEqual([...US_PRODUCT_SLUGS].sort());
    expect(
      nav
        .filter((p) => p.region === 3)
        .map((p) => p.slug)
        .sort(),
    ).toEqual([...CA_PRODUCT_SLUGS].sort());
    expect(nav.find((p) => p.slug === 'rocket-seeds-ca')).toMatchObject({
      name: 'ROCKET SEEDS',
      group: 'Seed Enhancement',
      family: 'nutrient',
    });
  });

  it('serves the menus from memory: no query once warm', async () => {
    await t.app.services.products.navigation();
    queries.length = 0;
    await t.app.services.products.navigation();
    await t.app.services.products.getPublicBySlug('agrotain');
    await t.app.services.products.getPublicBySlug('agrotain');
    // the publish scheduler's look for due versions (next_publish_at) may run meanwhile: it is not a page read
    expect(queries.filter((q) => /products|documents/.test(q) && !/next_publish_at/.test(q))).toHaveLength(1);
  });

  it('holds the spec guaranteed analysis figures on WOLF TRAX, in both regions', async () => {
    for (const slug of ['wolf-trax', 'wolf-trax-ca']) {
      const p = await t.app.services.products.getPublicBySlug(slug);
      expect(p.analysis.map((a) => [a.nutrient, a.amount, a.unit])).toEqual([
        ['Zinc', 62, '%'],
        ['Boron', 18, '%'],
        ['Copper', 56.5, '%'],
        ['Iron', 46.5, '%'],
        ['Manganese', 33, '%'],
        ['Magnesium', 30, '%'],
        ['Calcium', 27, '%'],
      ]);
    }
    expect((await t.app.services.products.getPublicBySlug('agrotain')).analysis).toEqual([]);
  });

  it('links a product to its Canada twin and its label and SDS at the stable GUIDs', async () => {
    const us = await t.app.services.products.getPublicBySlug('agrotain');
    expect(us.twinSlug).toBe('agrotain-ca');
    expect((await t.app.services.products.getPublicBySlug('agrotain-ca')).twinSlug).toBe('agrotain');
    expect((await t.app.services.products.getPublicBySlug('optrient')).twinSlug).toBeNull();
    expect((await t.app.services.products.getPublicBySlug('tribune-ca')).twinSlug).toBeNull();
    expect(us.documents.map((d) => [d.kind, d.guid])).toEqual([
      ['label', documentGuid('agrotain', 'label')],
      ['sds', documentGuid('agrotain', 'sds')],
    ]);
    const wolf = await t.app.services.products.getPublicBySlug('wolf-trax');
    expect(wolf.documents).toHaveLength(20);
    expect(wolf.documents[0]).toMatchObject({ guid: documentGuid('wolf-trax-zinc', 'label'), fileName: 'wolf-trax-zinc-label.pdf' });
  });

  it('answers NotFound for a slug that is not a product', async () => {
    await expect(t.app.services.products.getPublicBySlug('knowledge-center')).rejects.toMatchObject({ status: 404 });
  });

  it('appends a version on save, sanitizes it, refreshes the menu at once and keeps the old version', async () => {
    const before = await t.app.services.products.getPublicBySlug('centuro');
    const content = productContentOf(before);
    const saved = await t.app.services.products.save('centuro', {
      ...content,
      tagline: 'Keeps ammonium nitrogen in the root zone for longer.',
      modules: [{ type: 2, content: '<p onclick="steal()">Safe<script>alert(1)</script> <a href="https://example.org/x">source</a></p>' }],
    });
    expect(saved.tagline).toBe('Keeps ammonium nitrogen in the root zone for longer.');
    expect(saved.modules[0]).toEqual({
      type: 2,
      content: '<p>Safe <a href="https://example.org/x" target="_blank" rel="noopener noreferrer">source</a></p>',
    });
    const nav = await t.app.services.products.navigation();
    expect(nav.find((p) => p.slug === 'centuro')?.tagline).toBe('Keeps ammonium nitrogen in the root zone for longer.');

    const versions = await t.app.services.products.listVersions('centuro');
    expect(versions).toHaveLength(2);
    expect(versions[0]!.id).toBeGreaterThan(versions[1]!.id);
    const old = await t.app.services.products.getVersion('centuro', versions[1]!.id);
    expect(old.tagline).toBe(before.tagline);
  });

  it('rejects content that breaks the schema', async () => {
    const before = await t.app.services.products.getPublicBySlug('anvol');
    await expect(
      t.app.services.products.save('anvol', {
        ...before,
        name: '',
        analysis: [{ product: 'X', nutrient: 'Zinc', symbol: 'Zn', amount: 140, unit: '%' }],
      }),
    ).rejects.toThrow();
    expect(await t.app.services.products.listVersions('anvol')).toHaveLength(1);
  });
});

describe('landing pages service', () => {
  it('has the three homes, five campaign pages and About', async () => {
    const entries = await t.app.services.landingPages.listForSitemap();
    expect(entries.map((e) => e.path).sort()).toEqual(
      [
        '/',
        '/home-ca',
        '/home-int',
        '/clear-choice',
        '/balanced-nutrition',
        '/thats-farming',
        '/anvol-protects',
        '/dual-purpose',
        '/about',
      ].sort(),
    );
    const home = await t.app.services.landingPages.getByKey('home-us');
    expect(home.hero.headline).toBe('Put every unit of nitrogen to work');
    expect(home.sections.find((s) => s.kind === 'claims')).toMatchObject({
      items: expect.arrayContaining([{ figure: '40%', text: 'Up to 40% of surface-applied urea can be lost through volatilization.' }]),
    });
  });

  it('appends a version on save and serves it at once', async () => {
    const about = await t.app.services.landingPages.getByKey('about');
    const { id: _id, key: _key, kind: _kind, path: _path, regionIds: _r, updated: _u, ...content } = about;
    const saved = await t.app.services.landingPages.save('about', {
      ...content,
      hero: { ...content.hero, headline: 'Science you can see in the field' },
    });
    expect(saved.hero.headline).toBe('Science you can see in the field');
    expect((await t.app.services.landingPages.getByKey('about')).hero.headline).toBe('Science you can see in the field');
    expect(await t.app.services.landingPages.listVersions('about')).toHaveLength(2);
  });

  it('answers NotFound for an unknown key', async () => {
    await expect(t.app.services.landingPages.getByKey('spring-sale')).rejects.toMatchObject({ status: 404 });
  });
});

describe('documents service', () => {
  it('lists labels and SDSs grouped by product, filtered by region and product', async () => {
    const all = await t.app.services.documents.listLabels();
    expect(all).toHaveLength(23);
    expect(all.every((g) => g.documents.map((d) => d.kind).join() === 'label,sds')).toBe(true);
    const canada = await t.app.services.documents.listLabels({ region: 3 });
    expect(canada.map((g) => g.key)).not.toContain('optrient');
    expect(canada.map((g) => g.key)).toContain('tribune');
    const us = await t.app.services.documents.listLabels({ region: 2 });
    expect(us.map((g) => g.key)).not.toContain('tribune');
    const one = await t.app.services.documents.listLabels({ productKey: 'nu5-lux' });
    expect(one).toEqual([expect.objectContaining({ key: 'nu5-lux', name: 'NU5-LUX', regionIds: [2, 3] })]);
  });
});
