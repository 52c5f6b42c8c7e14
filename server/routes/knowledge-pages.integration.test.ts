import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeRepository, createPressReleasesRepository } from '#domain/content/content-repository.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build', onQuery: (q) => queries.push(q) });
});
afterAll(() => t.close());

const cardCount = (html: string) => (html.match(/class="resource-card"/g) ?? []).length;

describe('server-rendered knowledge center', () => {
  it('renders a 1,000-card list in one request with at most two database queries', async () => {
    await createKnowledgeRepository(t.database.db).createMany(
      Array.from({ length: 1000 }, (_, i) => ({
        type: i % 3,
        category: 38 + (i % 3),
        pinned: false,
        slug: `bench-item-${i}`,
        regionId: 2,
        version: {
          title: `Field note ${i}`,
          metadata: { desc: `Summary ${i}` },
          heroMedia: { previewsrc: '/images/knowledge/zinc-corn.svg', altText: 'A corn leaf', width: 1200, height: 675 },
          modules: [],
          publishDate: new Date(Date.UTC(2019, 0, 1 + (i % 365))),
        },
      })),
    );
    await t.app.inject('/knowledge-center');
    queries.length = 0;
    const res = await t.app.inject('/knowledge-center?page=112');
    expect(res.statusCode).toBe(200);
    expect(cardCount(res.body)).toBe(1000);
    expect(res.body).toContain('Showing 9–1,008 of 1,011 resources');
    expect(res.body).toMatch(/<a class="button button--ghost" href="\/knowledge-center"[^>]*>Show earlier resources<\/a>/);
    expect(queries.length).toBeLessThanOrEqual(2);
  });

  it('reaches every item past the first thousand and sends a page past the end to the last page', async () => {
    const last = await t.app.inject('/knowledge-center?page=113');
    expect(last.statusCode).toBe(200);
    expect(last.body).toContain('Showing 18–1,011 of 1,011 resources');
    expect(last.body).not.toContain('Load more');
    const past = await t.app.inject('/knowledge-center?page=500');
    expect(past.statusCode).toBe(302);
    expect(past.headers.location).toBe('/knowledge-center?page=113');
  });

  it('renders the filters from the query string', async () => {
    // the category is the one filter state: an old ?type= link goes to its category
    const old = await t.app.inject('/knowledge-center/category/38?type=2&q=timing');
    expect(old.statusCode).toBe(302);
    const res = await t.app.inject('/knowledge-center/category/38?q=timing');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="hero__title">Podcasts</h1>');
    expect(res.body).toContain('Field Notes Podcast: Getting Nitrogen Timing Right');
    expect(cardCount(res.body)).toBe(1);
    expect(res.body).toMatch(/<option value="38" selected="">Podcasts?<\/option>/);
    expect((await t.app.inject('/knowledge-center/category/37')).statusCode).toBe(404);
    expect((await t.app.inject('/knowledge-center/category/abc')).statusCode).toBe(404);
  });

  it('renders a knowledge item with sanitized modules, JSON-LD and a canonical URL', async () => {
    const res = await t.app.inject('/knowledge-center/keep-surface-applied-urea-in-the-field');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<a href="https://www.ars.usda.gov/" target="_blank" rel="noopener noreferrer">');
    expect(res.body).toContain('<a href="/agrotain">AGROTAIN</a>');
    expect(res.body).toContain('<time dateTime="2026-10-06">October 6, 2026</time>');
    expect(res.body).toContain(
      '<link rel="canonical" href="http://localhost:3000/knowledge-center/keep-surface-applied-urea-in-the-field"/>',
    );
    expect(res.body).toContain('"@type":"Article"');
    expect(res.body).toContain('"@type":"BreadcrumbList"');
    expect((await t.app.inject('/knowledge-center/no-such-item')).statusCode).toBe(404);
    const moved = await t.app.inject('/can/knowledge-center/keep-surface-applied-urea-in-the-field');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/knowledge-center/keep-surface-applied-urea-in-the-field');
  });

  it('renders press releases with NewsArticle data', async () => {
    const list = await t.app.inject('/press-releases');
    expect(cardCount(list.body)).toBe(6);
    const res = await t.app.inject('/can/press-releases/saskatoon-office-opening');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"@type":"NewsArticle"');
    // its hero image is shown under the header, as a knowledge item's is
    const figure = /<div class="container content-article__figure"><img [^>]*alt="([^"]+)"/.exec(res.body);
    expect(figure?.[1]).toBeTruthy();
    expect((await t.app.inject('/press-releases/saskatoon-office-opening')).headers.location).toBe(
      '/can/press-releases/saskatoon-office-opening',
    );
  });

  it('renders a visible custom page with its hero and related resources, and 404 for a hidden one', async () => {
    const res = await t.app.inject('/growing-season-guide');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('custom-hero--highlighted');
    expect(res.body).toContain('Related resources');
    expect(cardCount(res.body)).toBe(3);
    expect((await t.app.inject('/canada-field-days')).body).toContain('custom-hero--cropped');
    const hidden = await t.app.inject('/draft-winter-meeting');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Winter Grower Meeting');
  });
});

describe('press releases past the first thousand', () => {
  it('renders the window ending at the requested page with a link to earlier releases, and sends a page past the end to the last page', async () => {
    await createPressReleasesRepository(t.database.db).createMany(
      Array.from({ length: 1000 }, (_, i) => ({
        type: 0,
        category: null,
        pinned: false,
        slug: `bench-release-${i}`,
        regionId: 2,
        version: {
          title: `Release ${i}`,
          metadata: { desc: `Summary ${i}` },
          heroMedia: { previewsrc: '/images/knowledge/zinc-corn.svg', altText: 'A corn leaf', width: 1200, height: 675 },
          modules: [],
          publishDate: new Date(Date.UTC(2018, 0, 1 + (i % 365))),
        },
      })),
    );
    // written through the repository: announced as a write through the services is
    t.app.services.contentEvents.changed({ kind: 'press' });
    const res = await t.app.inject('/press-releases?page=112');
    expect(res.statusCode).toBe(200);
    // 6 seeded + 1,000: page 112 ends at card 1,008, so its window is cards 9 to 1,006
    expect(cardCount(res.body)).toBe(998);
    expect(res.body).toContain('Showing 9–1,006 of 1,006 press releases');
    expect(res.body).toMatch(/<a class="button button--ghost" href="\/press-releases"[^>]*>Show earlier press releases<\/a>/);
    expect(res.body).not.toContain('Load more');
    const past = await t.app.inject('/press-releases?page=300');
    expect(past.statusCode).toBe(302);
    expect(past.headers.location).toBe('/press-releases?page=112');
  });
});
