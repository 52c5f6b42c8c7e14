import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  ContentEditBaseSchema,
  emptyModule,
  HeroMediaSchema,
  isAllowedLinkHref,
  jsonField,
  ModuleEditSchema,
  ModuleListSchema,
  slugify,
  SlugSchema,
} from './content-admin.ts';
import { CONTENT_ITEM_MESSAGES, contentItemSaveBody, ContentItemEditSchema } from './content-admin.ts';
import { EXPIRY_MESSAGES } from './validation/expiry.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('content editor payloads', () => {
  it('makes slugs from titles', () => {
    expect(slugify('Zinc & Boron: What Corn Needs in 2026')).toBe('zinc-and-boron-what-corn-needs-in-2026');
    expect(slugify('  Crème brûlée — farmer’s notes  ')).toBe('creme-brulee-farmers-notes');
    expect(slugify('!!!')).toBe('');
    const long = slugify('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith('-')).toBe(false);
  });

  it('accepts only well-formed slugs', () => {
    expect(SlugSchema.parse(' Zinc-Boron ')).toBe('zinc-boron');
    for (const bad of ['', 'a b', 'a/b', '-a', 'a--b', 'a_b']) expect(SlugSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('allows http(s), mailto and on-site links only', () => {
    for (const ok of ['https://example.com/x', 'http://a.b', 'mailto:someone@example.com', '/knowledge-center', '#top', '?q=1'])
      expect(isAllowedLinkHref(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'ftp://x',
      '',
      'https://',
      'mailto:nobody',
      'java script:x',
    ])
      expect(isAllowedLinkHref(bad), bad).toBe(false);
  });

  it('validates the four module types with messages on the right paths', () => {
    expect(ModuleEditSchema.safeParse({ type: 2, content: '<p>Hi</p>' }).success).toBe(true);
    expect(issues(ModuleEditSchema.safeParse({ type: 1, content: '<p> &nbsp;</p>' }))).toEqual([
      `content: ${CONTENT_MESSAGES.richTextRequired}`,
    ]);
    expect(issues(ModuleEditSchema.safeParse({ type: 3, items: [{ headline: ' ', shortDescription: 'x' }] }))).toEqual([
      `items.0.headline: ${CONTENT_MESSAGES.headlineRequired}`,
    ]);
    expect(issues(ModuleEditSchema.safeParse({ type: 4, items: [] }))).toEqual([`items: ${CONTENT_MESSAGES.imagesRequired}`]);
    expect(
      issues(
        ModuleEditSchema.safeParse({
          type: 4,
          items: [{ imageItem: { previewsrc: '/doccenter/x', alttext: '' }, headline: '', editorData: '' }],
        }),
      ),
    ).toEqual([`items.0.imageItem.alttext: ${CONTENT_MESSAGES.altRequired}`]);
    expect(ModuleEditSchema.safeParse({ type: 5, content: 'x' }).success).toBe(false);
    expect(emptyModule(3)).toEqual({ type: 3, items: [{ headline: '', shortDescription: '' }] });
  });

  it('requires alt text for hero images, not for videos', () => {
    expect(issues(HeroMediaSchema.safeParse({ kind: 'image', previewsrc: '/doccenter/a', alttext: '' }))).toEqual([
      `alttext: ${CONTENT_MESSAGES.altRequired}`,
    ]);
    expect(HeroMediaSchema.safeParse({ kind: 'video', previewsrc: '/doccenter/v' }).success).toBe(true);
  });

  it('reads JSON form fields, with one clear error for unreadable JSON', () => {
    const field = jsonField(ModuleListSchema);
    expect(field.parse('[{"type":2,"content":"<p>x</p>"}]')).toEqual([{ type: 2, content: '<p>x</p>' }]);
    expect(issues(field.safeParse('[{'))).toEqual([`: ${CONTENT_MESSAGES.badJson}`]);
    const r = ContentEditBaseSchema.safeParse({
      title: 'A',
      slug: 'a',
      regionIds: ['2', '3'],
      seo: '{}',
      heroMedia: 'null',
      modules: '[{"type":3,"items":[{"headline":""}]}]',
    });
    expect(issues(r)).toEqual([`modules.0.items.0.headline: ${CONTENT_MESSAGES.headlineRequired}`]);
  });
});

describe('the knowledge and press editor payload', () => {
  const value = ContentItemEditSchema.parse({
    title: 'Zinc & Corn',
    slug: 'zinc-and-corn',
    region: 3,
    type: 2,
    status: 0,
    pinned: true,
    publishDate: '2026-05-01',
    seo: JSON.stringify({ title: 'Zinc', desc: 'Why zinc', ogtitle: '', ogdesc: '', ogphoto: { previewsrc: '' } }),
    heroMedia: JSON.stringify({ kind: 'image', previewsrc: '/doccenter/a', alttext: 'Corn' }),
    modules: JSON.stringify([{ type: 2, content: '<p>Body</p>' }]),
    createRedirect: true,
  });

  it('becomes the admin API body: category from the kind, the date at noon UTC, SEO kept, no empty og image', () => {
    expect(contentItemSaveBody({ ...value, id: 9 }, 'knowledge', { metadata: { metaContent: 'article' } } as never)).toEqual({
      id: 9,
      type: 2,
      category: 38,
      pinned: true,
      slug: 'zinc-and-corn',
      region: 3,
      status: 0,
      title: 'Zinc & Corn',
      metadata: { title: 'Zinc', desc: 'Why zinc', ogtitle: '', ogdesc: '', ogphoto: null, metaContent: 'article' },
      heroMedia: { previewsrc: '/doccenter/a', alttext: 'Corn' },
      modules: [{ type: 2, content: '<p>Body</p>' }],
      publishDate: '2026-05-01T12:00:00.000Z',
      publishAt: null,
      // the editor always says: no expiry (ADR 049)
      unpublishAt: null,
      unpublishRedirect: null,
      redirectOldSlug: true,
    });
  });

  it('sends the expiry, and refuses an Unpublish at not after Publish at and a redirect off the site (ADR 049)', () => {
    const at = '2026-06-01T09:00:00.000Z';
    const withExpiry = ContentItemEditSchema.parse({
      ...value,
      seo: '{}',
      heroMedia: 'null',
      modules: '[]',
      unpublishAt: at,
      unpublishRedirect: '/knowledge-center',
    });
    expect(contentItemSaveBody(withExpiry, 'knowledge')).toMatchObject({ unpublishAt: at, unpublishRedirect: '/knowledge-center' });
    const early = ContentItemEditSchema.safeParse({
      ...value,
      seo: '{}',
      heroMedia: 'null',
      modules: '[]',
      publishAt: '2026-06-02T09:00:00.000Z',
      unpublishAt: at,
    });
    expect(issues(early)).toEqual([`unpublishAt: ${EXPIRY_MESSAGES.order}`]);
    const away = ContentItemEditSchema.safeParse({
      ...value,
      seo: '{}',
      heroMedia: 'null',
      modules: '[]',
      unpublishRedirect: '//elsewhere.example',
    });
    expect(issues(away)).toEqual([`unpublishRedirect: ${EXPIRY_MESSAGES.redirect}`]);
  });

  it('press releases keep their stored type and have no category', () => {
    const body = contentItemSaveBody(value, 'press', { type: 0 } as never);
    expect(body).toMatchObject({ type: 0, category: null });
    expect(body).not.toHaveProperty('id');
  });

  it('refuses a region other than the US or Canada, and a missing date', () => {
    const r = ContentItemEditSchema.safeParse({ ...value, seo: '{}', heroMedia: 'null', modules: '[]', region: 4, publishDate: '' });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining([CONTENT_ITEM_MESSAGES.region, CONTENT_ITEM_MESSAGES.publishDate]));
  });
});
