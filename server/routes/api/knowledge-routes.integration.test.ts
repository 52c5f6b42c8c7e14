import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesRepository } from '#domain/pages/pages-repository.ts';
import { createKnowledgeRepository, type NewContentItem } from '#domain/content/content-repository.ts';
import { knowledgeItem } from '#tests/setup/content-fixtures.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

interface Card {
  id: number;
  slug: string;
  path: string;
  pinned: boolean;
  type: number;
  resourceType: string;
  category: number;
  region: number;
  title: string;
  publishDate: string;
  metadata: { desc: string };
  heroMedia: { previewsrc: string; altText: string } | null;
}

let t: TestApp;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_SITE_URL: 'https://www.northfield.example' }, { onQuery: (q) => queries.push(q) });
});
afterAll(() => t.close());

async function filter(body: object, prefix = '/api/knowledge-center') {
  const res = await t.app.inject({ method: 'POST', url: `${prefix}/filter`, payload: body });
  return { status: res.statusCode, body: res.json() };
}

function item(slug: string, over: Partial<NewContentItem> = {}, content = '<p>Body</p>'): NewContentItem {
  return knowledgeItem(
    slug,
    {
      title: `Title ${slug}`,
      metadata: { desc: `Summary of ${slug}` },
      heroMedia: { previewsrc: '/images/knowledge/zinc-corn.svg', altText: 'A corn leaf', width: 1200, height: 675 },
      modules: [{ type: 2, content }],
      publishDate: new Date('2020-01-01T00:00:00Z'),
    },
    over,
  );
}

/** Pinned first, then newest publish date first. */
function expectListOrder(cards: Card[]) {
  for (let i = 1; i < cards.length; i++) {
    const a = cards[i - 1]!;
    const b = cards[i]!;
    if (a.pinned !== b.pinned) expect(a.pinned).toBe(true);
    else expect(a.publishDate >= b.publishDate).toBe(true);
  }
}

describe('POST /api/knowledge-center/filter', () => {
  it('lists cards with the spec fields, pinned first then newest', async () => {
    const { status, body } = await filter({ start: 0, length: 50 });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const cards: Card[] = body.data.items;
    expect(body.data.total).toBeGreaterThanOrEqual(12);
    expect(cards).toHaveLength(body.data.total);
    expect(cards[0]).toMatchObject({
      slug: expect.any(String),
      title: expect.any(String),
      resourceType: expect.stringMatching(/^(Article|Research|Podcast)$/),
      metadata: { desc: expect.any(String) },
      heroMedia: { previewsrc: expect.stringMatching(/^\/images\//), altText: expect.any(String) },
    });
    expect(cards.filter((c) => c.pinned).length).toBeGreaterThanOrEqual(2);
    expect(cards[0]!.pinned).toBe(true);
    expectListOrder(cards);
  });

  it('pages with start and length without gaps or repeats', async () => {
    const all: Card[] = (await filter({ start: 0, length: 100 })).body.data.items;
    const first = (await filter({ start: 0, length: 5 })).body.data;
    const second = (await filter({ start: 5, length: 5 })).body.data;
    expect(first.items.map((c: Card) => c.id)).toEqual(all.slice(0, 5).map((c) => c.id));
    expect(second.items.map((c: Card) => c.id)).toEqual(all.slice(5, 10).map((c) => c.id));
    expect(second).toMatchObject({ start: 5, length: 5, total: all.length });
    const past = (await filter({ start: 500, length: 5 })).body.data;
    expect(past).toMatchObject({ items: [], total: all.length });
  });

  it('filters by category and by type', async () => {
    for (const category of [38, 39, 40]) {
      const cards: Card[] = (await filter({ category, length: 100 })).body.data.items;
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.every((c) => c.category === category)).toBe(true);
    }
    const podcasts: Card[] = (await filter({ type: 2, length: 100 })).body.data.items;
    expect(podcasts.length).toBeGreaterThan(0);
    expect(podcasts.every((c) => c.type === 2 && c.resourceType === 'Podcast')).toBe(true);
    const none = (await filter({ category: 38, type: 1 })).body.data;
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('is region-aware: Canada sees Canadian items under /can, the US sees US items', async () => {
    const ca: Card[] = (await filter({ region: 3, length: 100 })).body.data.items;
    expect(ca.length).toBeGreaterThanOrEqual(3);
    expect(ca.every((c) => c.region === 3 && c.path === `/can/knowledge-center/${c.slug}`)).toBe(true);
    const us: Card[] = (await filter({ region: 2, length: 100 })).body.data.items;
    expect(us.every((c) => c.region === 2 && c.path === `/knowledge-center/${c.slug}`)).toBe(true);
    const all = (await filter({ region: 4, length: 100 })).body.data;
    expect(all.total).toBe(ca.length + us.length);
  });

  it('searches the text (full-text, any case; see content-search.integration.test.ts), with wildcards taken literally', async () => {
    const zinc: Card[] = (await filter({ searchText: 'ZINC' })).body.data.items;
    expect(zinc.map((c) => c.slug)).toContain('zinc-deficiency-in-corn');
    // ranked: the item with zinc in its title comes before those that mention it further down
    expect(zinc[0]!.title).toMatch(/zinc/i);
    expect((await filter({ searchText: '%' })).body.data.total).toBe(0);
  });

  it('rejects an unknown category, type or region with 400 and a message', async () => {
    expect(await filter({ category: 41 })).toMatchObject({
      status: 400,
      body: { success: false, message: 'Category must be 38, 39 or 40.' },
    });
    expect((await filter({ type: 7 })).status).toBe(400);
    expect((await filter({ region: 9 })).status).toBe(400);
    expect((await filter({ length: 0 })).status).toBe(400);
  });
});

describe('GET /api/knowledge-center/details/{id} and get-by-slug/{slug}', () => {
  it('returns the current content of a published item with all module types', async () => {
    const res = await t.app.inject('/api/knowledge-center/get-by-slug/keep-surface-applied-urea-in-the-field');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      slug: 'keep-surface-applied-urea-in-the-field',
      path: '/knowledge-center/keep-surface-applied-urea-in-the-field',
      type: 0,
      resourceType: 'Article',
      category: 39,
      pinned: true,
      title: 'How to Keep Surface-Applied Urea in the Field',
      metadata: { desc: expect.stringContaining('volatilization') },
    });
    expect(data.modules.map((m: { type: number }) => m.type).sort()).toEqual([1, 2, 3, 4]);
    const byId = (await t.app.inject(`/api/knowledge-center/details/${data.baseId}`)).json();
    expect(byId.data).toEqual(data);
  });

  it('renders rich-text links: external ones open in a new tab, internal ones do not', async () => {
    const { data } = (await t.app.inject('/api/knowledge-center/get-by-slug/keep-surface-applied-urea-in-the-field')).json();
    const html = data.modules.find((m: { type: number }) => m.type === 2).content as string;
    expect(html).toContain('<a href="https://www.ars.usda.gov/" target="_blank" rel="noopener noreferrer">');
    expect(html).toContain('<a href="/agrotain">');
  });

  it('answers 404 for an unknown id or slug', async () => {
    expect((await t.app.inject('/api/knowledge-center/details/999999')).statusCode).toBe(404);
    const res = await t.app.inject('/api/knowledge-center/get-by-slug/no-such-item');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null, message: 'Knowledge item not found.' });
  });

  it('does not serve draft or deleted items, by id, slug or in lists', async () => {
    const draft = await t.app.services.knowledge.create(item('draft-item', { status: 0 }));
    const deleted = await t.app.services.knowledge.create(item('deleted-item', { status: -1 }));
    for (const { id } of [draft, deleted]) expect((await t.app.inject(`/api/knowledge-center/details/${id}`)).statusCode).toBe(404);
    for (const slug of ['draft-item', 'deleted-item'])
      expect((await t.app.inject(`/api/knowledge-center/get-by-slug/${slug}`)).statusCode).toBe(404);
    const all: Card[] = (await filter({ length: 100 })).body.data.items;
    expect(all.map((c) => c.slug)).not.toEqual(expect.arrayContaining(['draft-item']));
    expect(all.map((c) => c.slug)).not.toContain('deleted-item');
    expect((await t.app.services.knowledge.listForSitemap()).map((e) => e.path)).not.toContain('/knowledge-center/draft-item');
  });

  it('serves the latest version after a new one is appended, keeping the old one', async () => {
    const { id } = await t.app.services.knowledge.create(item('versioned-item'));
    await t.app.services.knowledge.appendVersion(id, { ...item('versioned-item').version, title: 'Second version' });
    const { data } = (await t.app.inject(`/api/knowledge-center/details/${id}`)).json();
    expect(data.title).toBe('Second version');
    const sitemap = await t.app.services.knowledge.listForSitemap();
    expect(sitemap).toContainEqual({ path: '/knowledge-center/versioned-item', lastmod: data.created });
  });
});

describe('sanitization', () => {
  const dirty =
    '<p onclick="steal()">Hello <img src="/x.svg" alt="x" onerror="steal()"><script>steal()</script>' +
    '<a href="javascript:steal()">bad</a> <a href="https://other.example/">other</a> <a href="https://northfield.example/about" target="_blank">ours</a></p>';

  function expectClean(html: string) {
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:/);
    expect(html).toContain('<a href="https://other.example/" target="_blank" rel="noopener noreferrer">other</a>');
    expect(html).toContain('<a href="https://northfield.example/about">ours</a>');
  }

  it('strips script and event-handler attributes when an item is saved', async () => {
    await t.app.services.knowledge.create(item('dirty-on-write', {}, dirty));
    const stored = await createKnowledgeRepository(t.database.db).findPublishedBySlug('dirty-on-write');
    const content = (stored!.modules[0] as { content: string }).content;
    expect(content).not.toMatch(/<script|onclick|onerror|javascript:/);
    expectClean((await t.app.inject('/api/knowledge-center/get-by-slug/dirty-on-write')).json().data.modules[0].content);
  });

  it('strips them again when rendering content that reached the database another way', async () => {
    await createKnowledgeRepository(t.database.db).create(item('dirty-in-db', {}, dirty));
    expectClean((await t.app.inject('/api/knowledge-center/get-by-slug/dirty-in-db')).json().data.modules[0].content);
  });

  it('sanitizes custom page modules on render', async () => {
    // straight into the database (no write sanitizing), as the repository stores it
    await createPagesRepository(t.database.db).versioning.create(
      { slug: 'dirty-page', status: 1, regionIds: [2] },
      { title: 'Dirty', modules: [{ type: 1, content: dirty }] },
    );
    expectClean((await t.app.inject('/api/pages/get-by-slug/dirty-page')).json().data.modules[0].content);
  });
});

describe('press releases', () => {
  it('lists the six seeded releases, newest first, US and Canada', async () => {
    const { status, body } = await filter({ length: 50 }, '/api/press-releases');
    expect(status).toBe(200);
    const cards: Card[] = body.data.items;
    expect(cards).toHaveLength(6);
    expectListOrder(cards);
    expect(new Set(cards.map((c) => c.region))).toEqual(new Set([2, 3]));
    expect(cards.filter((c) => c.region === 3).every((c) => c.path.startsWith('/can/press-releases/'))).toBe(true);
    expect((await filter({ region: 3 }, '/api/press-releases')).body.data.total).toBe(3);
  });

  it('returns a release by slug and by id, and 404 for unknown ones', async () => {
    const res = await t.app.inject('/api/press-releases/get-by-slug/saskatoon-office-opening');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      region: 3,
      path: '/can/press-releases/saskatoon-office-opening',
      title: expect.stringContaining('Saskatoon'),
    });
    expect((await t.app.inject(`/api/press-releases/details/${data.baseId}`)).json().data.slug).toBe('saskatoon-office-opening');
    expect((await t.app.inject('/api/press-releases/get-by-slug/keep-surface-applied-urea-in-the-field')).statusCode).toBe(404);
    expect((await t.app.inject('/api/press-releases/details/999999')).json()).toMatchObject({
      success: false,
      message: 'Press release not found.',
    });
  });
});

describe('GET /api/pages/get-latest/{id?}', () => {
  it('returns the newest knowledge cards', async () => {
    const res = await t.app.inject('/api/pages/get-latest');
    expect(res.statusCode).toBe(200);
    const cards: Card[] = res.json().data;
    expect(cards).toHaveLength(3);
    for (let i = 1; i < cards.length; i++) expect(cards[i - 1]!.publishDate >= cards[i]!.publishDate).toBe(true);
    expect((await t.app.inject('/api/pages/get-latest/')).json().data).toEqual(cards);
    const bad = await t.app.inject('/api/pages/get-latest/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it('leaves out the given id and honours the region', async () => {
    const [newest] = (await t.app.inject('/api/pages/get-latest')).json().data as Card[];
    const without: Card[] = (await t.app.inject(`/api/pages/get-latest/${newest!.id}`)).json().data;
    expect(without.map((c) => c.id)).not.toContain(newest!.id);
    expect(without).toHaveLength(3);
    const ca: Card[] = (await t.app.inject('/api/pages/get-latest?region=3')).json().data;
    expect(ca.every((c) => c.region === 3)).toBe(true);
  });
});

describe('OpenAPI document', () => {
  it('documents the filter body and the public content routes', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/knowledge-center/details/{id}',
        '/api/knowledge-center/filter',
        '/api/knowledge-center/get-by-slug/{slug}',
        '/api/press-releases/details/{id}',
        '/api/press-releases/filter',
        '/api/press-releases/get-by-slug/{slug}',
      ]),
    );
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/pages/get-latest'))).toEqual([
      '/api/pages/get-latest',
      '/api/pages/get-latest/{id}',
    ]);
    expect(doc.paths['/api/pages/get-latest/{id}'].get.parameters.map((p: { name: string }) => p.name)).toContain('id');
    const body = doc.paths['/api/knowledge-center/filter'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['category', 'type', 'region', 'searchText', 'start', 'length']);
  });
});

describe('query count', () => {
  it('filters a 1,000-item knowledge center from memory: one query after a change, none after, one for a search', async () => {
    await createKnowledgeRepository(t.database.db).createMany(
      Array.from({ length: 1000 }, (_, i) => item(`bulk-${i}`, { category: 40, type: 1 })),
    );
    // written through the repository: announced as a write through the services is
    t.app.services.contentEvents.changed({ kind: 'knowledge' });
    queries.length = 0;
    const page = await t.app.services.knowledge.filter({ category: 40, start: 0, length: 1000 });
    expect(page.items).toHaveLength(1000);
    expect(page.total).toBeGreaterThan(1000);
    expect(queries).toHaveLength(1);
    queries.length = 0;
    expect((await filter({ start: 900, length: 100 })).body.data.items).toHaveLength(100);
    expect(await t.app.services.knowledge.latest({ region: 2 })).toHaveLength(3);
    expect(queries).toHaveLength(0);
    expect((await filter({ searchText: 'nitrogen', start: 0, length: 10 })).body.data.total).toBeGreaterThan(0);
    expect(queries).toHaveLength(1);
  });
});
