import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { sqlRows } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';

/** POST /api/admin/preview and the /preview/{token} page it links to (ADR 024). */
describe('preview before saving', () => {
  const t = useAdminApp({}, { ui: 'build' });
  const { post } = t;
  const preview = (payload: object, tok: string | null = t.token) => post('/api/admin/preview', payload, tok);
  const rows = () => sqlRows(t.database);
  // published on purpose: a create without a status is a draft (ADR 049)
  const knowledge = (title: string, extra: object = {}) => ({
    status: 1,
    type: 0,
    category: 39,
    region: 2,
    title,
    metadata: { desc: `${title} summary` },
    heroMedia: null,
    modules: [{ type: 2, content: `<p>${title} body</p>` }],
    publishDate: '2026-04-01T00:00:00Z',
    ...extra,
  });
  async function linkOf(payload: object): Promise<string> {
    const res = await preview(payload);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    return url;
  }

  it('answers 401 without a sign-in and 400 with the reason for a payload no save would accept', async () => {
    const anonymous = await preview({ kind: 'knowledge', content: knowledge('Anonymous') }, null);
    expect(anonymous.statusCode).toBe(401);

    const badKind = await preview({ kind: 'brochure', content: knowledge('Wrong kind') });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ success: false, data: null });

    // the kind's own save schema: an empty title is refused with its message
    const noTitle = await preview({ kind: 'knowledge', content: knowledge(' ') });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toContain('Enter a title.');

    // a product save needs its product
    const noProduct = await preview({ kind: 'product', content: { name: 'X' } });
    expect(noProduct.statusCode).toBe(400);

    const mismatch = await preview({ kind: 'knowledge', id: 1, content: knowledge('Mismatch', { id: 2 }) });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe("The id does not match the content's id.");

    const unknown = await preview({ kind: 'knowledge', id: 999_999, content: knowledge('Unknown item') });
    expect(unknown.statusCode).toBe(404);
    expect((await rows()<{ n: number }>`select count(*)::int as n from content_previews`)[0]!.n).toBe(0);
  });

  it('renders an unsaved knowledge item in its public template, noindex, no-store and never from the page cache', async () => {
    const url = await linkOf({ kind: 'knowledge', content: knowledge('Unsaved Cover Crop Notes') });
    const first = await t.app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1 class="content-article__title">Unsaved Cover Crop Notes</h1>');
    expect(first.body).toContain('Unsaved Cover Crop Notes body');
    expect(first.body).toContain('Preview — not published');
    // the public template inside the site layout, themed as the knowledge center
    expect(first.body).toContain('class="page theme-knowledge"');
    expect(first.body).toContain('<article class="content-article">');
    expect(first.body).toContain('<meta name="robots" content="noindex"/>');
    expect(first.body.match(/name="robots"/g)).toHaveLength(1);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-robots-tag']).toBe('noindex');
    expect(first.headers['x-page-cache']).toBeUndefined();

    const second = await t.app.inject(url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-page-cache']).toBeUndefined();
    expect(second.headers['cache-control']).toBe('no-store');

    // the cache is on in this app: a public page is stored and its second request is a hit
    await t.app.inject('/knowledge-center/keep-surface-applied-urea-in-the-field');
    expect((await t.app.inject('/knowledge-center/keep-surface-applied-urea-in-the-field')).headers['x-page-cache']).toBe('hit');
  });

  it('sanitizes as a save would, stores the content under a hashed token, and answers Not Found once the link expires', async () => {
    const url = await linkOf({
      kind: 'press',
      content: knowledge('Unsaved Press Release', {
        modules: [{ type: 2, content: '<p onclick="steal()">Safe text</p><script>window.stolen = 1</script><h1>Big</h1>' }],
      }),
    });
    const tokenText = url.slice('/preview/'.length);
    const hash = createHash('sha256').update(tokenText).digest('hex');
    const [stored] = await rows()<{
      token_hash: string;
      kind: string;
      payload: { modules: { content: string }[] };
      author_id: number | null;
      expires_at: Date;
      created: Date;
    }>`
      select token_hash, kind, payload, author_id, expires_at, created from content_previews where token_hash = ${hash}`;
    expect(stored).toBeDefined();
    expect(stored!.kind).toBe('press');
    expect(stored!.author_id).not.toBeNull();
    expect(stored!.payload.modules[0]!.content).toBe('<p>Safe text</p><h2>Big</h2>');
    expect(new Date(stored!.expires_at).getTime() - new Date(stored!.created).getTime()).toBeGreaterThanOrEqual(29 * 60 * 1000);
    expect(JSON.stringify(await rows()`select * from content_previews`)).not.toContain(tokenText);

    const page = await t.app.inject(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p>Safe text</p>');
    expect(page.body).not.toContain('window.stolen');
    expect(page.body).not.toContain('onclick');
    expect(page.body).toContain('class="page theme-press"');

    await rows()`update content_previews set expires_at = now() - interval '1 second' where token_hash = ${hash}`;
    const expired = await t.app.inject(url);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('Page Not Found');
    expect(expired.headers['cache-control']).toBe('no-store');

    const unknown = await t.app.inject('/preview/not-a-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page Not Found');

    // expired rows go when the next preview is made
    await linkOf({ kind: 'press', content: knowledge('Another Press Release') });
    expect(await rows()`select 1 from content_previews where token_hash = ${hash}`).toHaveLength(0);
  });

  it('previews an edit of a published item without touching what the site shows', async () => {
    const created = await post('/api/admin/knowledge-center/add', knowledge('Published Soil Notes'));
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    const url = await linkOf({ kind: 'knowledge', id: item.baseId, content: knowledge('Draft Soil Notes', { slug: '' }) });
    const page = await t.app.inject(url);
    expect(page.body).toContain('Draft Soil Notes');
    // the slug is kept when empty, as a save would: the breadcrumb and canonical name the published path
    expect(page.body).toContain(`href="http://localhost:3000${item.path}"`);
    // no Edit Page target on a preview
    expect(page.body).not.toContain('data-admin-edit');

    const published = await t.app.inject(item.path);
    expect(published.body).toContain('Published Soil Notes');
    expect(published.body).not.toContain('Draft Soil Notes');
    expect(published.body).toContain(`data-admin-edit="/siteadmin/knowledge-center/edit/${item.baseId}"`);
    expect((await t.get(`/api/admin/knowledge-center/get-versions/${item.baseId}`)).json().data).toHaveLength(1);
  });

  it('answers the link on another instance: previews live in the database, not in one process', async () => {
    const url = await linkOf({ kind: 'knowledge', content: knowledge('Made On Instance A') });
    const other = await buildApp({
      env: { ...t.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'site-preview-b-')) },
      database: t.database,
      jwtSecret: TEST_JWT_SECRET,
      ui: 'build',
      logger: false,
    });
    try {
      const res = await other.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Made On Instance A');
    } finally {
      await other.close();
    }
  });

  it('previews a custom page, a product and a landing page in their own templates', async () => {
    const pageUrl = await linkOf({
      kind: 'page',
      content: {
        title: 'Unsaved Field Day Page',
        metadata: { desc: 'Come and see the trials.' },
        modules: [{ type: 2, content: '<p>Trial plots</p>' }],
      },
    });
    const page = await t.app.inject(pageUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<article class="custom-page">');
    expect(page.body).toContain('Unsaved Field Day Page');
    expect(page.body).toContain('Trial plots');

    const products = (await post('/api/admin/products/filter', { searchText: 'agrotain' })).json().data.items as {
      id: number;
      slug: string;
    }[];
    const agrotain = products.find((p) => p.slug === 'agrotain')!;
    const product = (await t.get(`/api/admin/products/get/${agrotain.id}`)).json().data;
    const { versionId: _v, slug: _s, path: _p, region: _r, lineKey: _l, family: _f, created: _c, current: _cur, ...content } = product;
    const productUrl = await linkOf({ kind: 'product', content: { ...content, tagline: 'An unsaved tagline for the preview' } });
    const productPage = await t.app.inject(productUrl);
    expect(productPage.statusCode).toBe(200);
    expect(productPage.body).toContain('An unsaved tagline for the preview');
    expect(productPage.body).toContain('class="page theme-nitrogen"');
    expect((await t.app.inject('/agrotain')).body).not.toContain('An unsaved tagline for the preview');

    const landing = (await post('/api/admin/landing-pages/filter', {})).json().data as { id: number; key: string }[];
    const home = landing.find((l) => l.key === 'home-ca')!;
    const homeItem = (await t.get(`/api/admin/landing-pages/get/${home.id}`)).json().data;
    const homeUrl = await linkOf({
      kind: 'landing',
      id: home.id,
      content: {
        id: home.id,
        title: homeItem.title,
        hero: { ...homeItem.hero, headline: 'Unsaved Canadian headline' },
        sections: homeItem.sections,
        seo: homeItem.seo,
      },
    });
    const homePage = await t.app.inject(homeUrl);
    expect(homePage.statusCode).toBe(200);
    expect(homePage.body).toContain('Unsaved Canadian headline');
    expect(homePage.body).toContain('class="landing landing--home"');
    // laid out as the Canadian home: the header renders the Canadian region
    expect(homePage.body).toContain('data-region="3"');
    expect((await t.app.inject('/home-ca')).body).not.toContain('Unsaved Canadian headline');
  });
});
