import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaRef } from '#shared/content-types.ts';
import { IMAGE_VARIANT_WIDTHS } from '#shared/validation/documents.ts';
import { editKnowledgeItem, productContentOf } from '#tests/setup/content-edits.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let hero: MediaRef;
let guid: string;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
  const png = await sharp({ create: { width: 1800, height: 900, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  guid = await t.app.services.documents.create(
    { title: 'Field at dawn', kind: 'image', productKey: null, regionIds: [2, 3, 4], altText: 'A field at dawn' },
    { fileName: 'field.png', contentType: 'image/png', data: png },
  );
  hero = { previewsrc: `/doccenter/${guid}`, altText: 'A field at dawn', width: 1800, height: 900 };
});
afterAll(() => t.close());

/** The <img> tags of a page whose src is the library image. */
function libraryImages(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`src="/doccenter/${guid}"`));
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The hero carries every variant in srcset, a sizes hint, and its width and height (no layout shift). */
async function expectResponsiveHero(path: string) {
  const res = await t.app.inject(path);
  expect(res.statusCode, path).toBe(200);
  const [tag] = libraryImages(res.body);
  expect(tag, `${path}: no library image`).toBeDefined();
  const srcset = attr(tag!, 'srcSet') ?? attr(tag!, 'srcset');
  expect(srcset, path).toBe(IMAGE_VARIANT_WIDTHS.map((w) => `/doccenter/${guid}?w=${w} ${w}w`).join(', '));
  expect(attr(tag!, 'sizes'), path).toMatch(/\S/);
  expect(attr(tag!, 'width'), path).toBe('1800');
  expect(attr(tag!, 'height'), path).toBe('900');
  // the browser can fetch every candidate
  for (const candidate of srcset!.split(', ')) {
    const res = await t.app.inject(candidate.split(' ')[0]!);
    expect(res.statusCode, candidate).toBe(200);
    expect(res.headers['content-type'], candidate).toMatch(/^image\//);
  }
}

describe('library images on public pages', () => {
  it('every variant in the srcset answers 200 with an image of that width', async () => {
    for (const w of IMAGE_VARIANT_WIDTHS) {
      const res = await t.app.inject(`/doccenter/${guid}?w=${w}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(w);
    }
  });

  it('a knowledge item hero', async () => {
    const slug = 'keep-surface-applied-urea-in-the-field';
    await editKnowledgeItem(t.app, slug, { heroMedia: hero });
    await expectResponsiveHero(`/knowledge-center/${slug}`);
  });

  it('a product hero', async () => {
    const content = productContentOf(await t.app.services.products.getPublicBySlug('optrient'));
    await t.app.services.products.save('optrient', { ...content, heroMedia: hero });
    await expectResponsiveHero('/optrient');
  });

  it('the home, campaign and About heroes (one landing template)', async () => {
    for (const [key, path] of [
      ['home-us', '/'],
      ['clear-choice', '/clear-choice'],
      ['about', '/about'],
    ] as const) {
      const page = await t.app.services.landingPages.getByKey(key);
      await t.app.services.landingPages.save(key, {
        title: page.title,
        hero: { ...page.hero, media: hero },
        sections: page.sections,
        seo: page.seo,
      });
      await expectResponsiveHero(path);
    }
  });

  it('a custom page hero, highlighted and cropped', async () => {
    for (const heroImageType of [0, 1] as const) {
      const slug = `library-hero-${heroImageType}`;
      await t.app.services.pages.adminSave(
        {
          title: 'Library Hero',
          slug,
          visibility: 1,
          regionIds: [2, 3, 4],
          metadata: { desc: 'A page with a library hero.' },
          modules: [],
          heroImageType,
          heroMedia: hero,
          redirectOldSlug: true,
        },
        null,
      );
      await expectResponsiveHero(`/${slug}`);
    }
  });
});
