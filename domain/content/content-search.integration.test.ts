import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeRepository, createPressReleasesRepository, type NewContentItem } from './content-repository.ts';
import { knowledgeItem } from '#tests/setup/content-fixtures.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Full-text search over knowledge items and press releases: a generated, weighted tsvector over the
 * title (A), summary (B) and module text (C), queried with websearch_to_tsquery and ranked. Runs on
 * PGlite by default and on PostgreSQL with TEST_DB_ENGINE=postgres (the same SQL on both).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** These tests write through the repositories: say so, as a write through the services does (the public lists are held in memory). */
function written(kind: 'knowledge' | 'press' = 'knowledge') {
  t.app.services.contentEvents.changed({ kind });
}

async function search(searchText: string, extra: object = {}, prefix = '/api/knowledge-center') {
  const res = await t.app.inject({ method: 'POST', url: `${prefix}/filter`, payload: { searchText, length: 100, ...extra } });
  expect(res.statusCode).toBe(200);
  return res.json().data as { total: number; items: { slug: string; title: string }[] };
}

function item(slug: string, title: string, desc: string, body: string, over: Partial<NewContentItem> = {}): NewContentItem {
  return knowledgeItem(
    slug,
    {
      title,
      metadata: { desc },
      heroMedia: null,
      modules: [
        { type: 2, content: body },
        { type: 3, items: [{ headline: '12 bu/A', shortDescription: 'more yield after a gypsum pass' }] },
      ],
      publishDate: new Date('2021-06-01T00:00:00Z'),
    },
    over,
  );
}

describe('knowledge full-text search', () => {
  it('finds words in the body text, not only in the title and summary (stemmed, any case)', async () => {
    // the seeded urea article says "nitrogen" in its body; its title does not
    const nitrogen = await search('nitrogen');
    expect(nitrogen.items.map((c) => c.slug)).toContain('keep-surface-applied-urea-in-the-field');
    expect(nitrogen.total).toBeGreaterThan(2);
    expect((await search('VOLATILIZING')).items.map((c) => c.slug)).toContain('keep-surface-applied-urea-in-the-field');
  });

  it('searches the text of ROI items and rich text kept in the modules', async () => {
    await createKnowledgeRepository(t.database.db).create(
      item('fts-body-only', 'Winter planning notes', 'Plans for the off season.', '<p>Molybdenum on <strong>alfalfa</strong> stands.</p>'),
    );
    written();
    expect((await search('molybdenum')).items.map((c) => c.slug)).toEqual(['fts-body-only']);
    expect((await search('gypsum')).items.map((c) => c.slug)).toContain('fts-body-only');
    // HTML tags are not words
    expect((await search('strong')).items.map((c) => c.slug)).not.toContain('fts-body-only');
  });

  it('ranks a title match above a summary match above a body match', async () => {
    const repo = createKnowledgeRepository(t.database.db);
    await repo.createMany([
      item('fts-rank-body', 'Spring checklist', 'Getting ready.', '<p>Check the quinoa seed lots.</p>', { pinned: true }),
      item('fts-rank-title', 'Quinoa fertility basics', 'Getting ready.', '<p>Nothing else.</p>'),
      item('fts-rank-summary', 'A new crop', 'Quinoa trials on the prairies.', '<p>Nothing else.</p>'),
    ]);
    written();
    // pinned and newer items do not jump ahead of better matches
    expect((await search('quinoa')).items.map((c) => c.slug)).toEqual(['fts-rank-title', 'fts-rank-summary', 'fts-rank-body']);
  });

  it('understands web-search syntax: quoted phrases, or, and -excluded words', async () => {
    const repo = createKnowledgeRepository(t.database.db);
    await repo.createMany([
      item('fts-web-a', 'Sorghum under drought', 'Dry years.', '<p>Grain sorghum stands thin out.</p>'),
      item('fts-web-b', 'Millet under drought', 'Dry years.', '<p>Pearl millet holds on.</p>'),
    ]);
    written();
    expect((await search('drought -millet')).items.map((c) => c.slug)).toEqual(['fts-web-a']);
    expect((await search('sorghum or millet')).items.map((c) => c.slug).sort()).toEqual(['fts-web-a', 'fts-web-b']);
    expect((await search('"pearl millet"')).items.map((c) => c.slug)).toEqual(['fts-web-b']);
    expect((await search('"millet pearl"')).total).toBe(0);
  });

  it('follows the current version only, and still filters by region, category and type', async () => {
    const repo = createKnowledgeRepository(t.database.db);
    const { id } = await repo.create(item('fts-versioned', 'Teff notes', 'First draft.', '<p>About teff.</p>'));
    written();
    expect((await search('teff')).total).toBe(1);
    await repo.versioning.append(id, {
      title: 'Buckwheat notes',
      seo: { desc: 'Second.' },
      heroMedia: null,
      modules: [],
      publishDate: new Date('2021-07-01T00:00:00Z'),
    });
    written();
    expect((await search('teff')).total).toBe(0);
    expect((await search('buckwheat')).items.map((c) => c.slug)).toEqual(['fts-versioned']);
    expect((await search('buckwheat', { region: 3 })).total).toBe(0);
    expect((await search('buckwheat', { category: 38 })).total).toBe(0);
    expect((await search('buckwheat', { type: 0, category: 39, region: 2 })).total).toBe(1);
  });

  it('takes any typed text without an error: operators, quotes and wildcards alone match nothing', async () => {
    for (const text of ['%', '"', '-', 'or', '&|!:*()', "'; drop table knowledge_items; --", 'the']) {
      expect((await search(text)).total).toBe(0);
    }
  });

  it('finds Canadian items for the words the Canada placeholder suggests, and US items for the US ones', async () => {
    for (const word of ['nitrogen', 'zinc', 'soybeans']) expect((await search(word, { region: 2 })).total, word).toBeGreaterThan(0);
    for (const word of ['nitrogen', 'canola', 'wheat']) expect((await search(word, { region: 3 })).total, word).toBeGreaterThan(0);
  });
});

describe('press-release full-text search', () => {
  it('searches press releases the same way', async () => {
    await createPressReleasesRepository(t.database.db).create(
      item('fts-press', 'Plant opening', 'A new site.', '<p>The Lethbridge facility opens in May.</p>', { category: null }),
    );
    written('press');
    expect((await search('lethbridge', {}, '/api/press-releases')).items.map((c) => c.slug)).toEqual(['fts-press']);
  });
});
