import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { migrationsFolder, openDatabase, type Database } from '#db/client.ts';
import { SEED_PAGES } from '#seed/core.ts';
import { KNOWLEDGE_ITEMS, PRESS_RELEASES } from '#seed/knowledge.ts';
import { LANDING_PAGES } from '#seed/landing-content.ts';
import { productSeedContent } from '#seed/products.ts';
import { sanitizeModules } from '#domain/content/sanitize.ts';
import { createServices } from '#domain/services.ts';
import { CATALOG } from '#shared/catalog.ts';
import type { ContentModule } from '#shared/content-types.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';

/**
 * Migration 0014 (versioned content, ADR 017) on a database of the previous schema holding the
 * seeded content plus the cases each old read rule had (a pointer that is not the newest version,
 * several product and landing versions, a hidden page, an author): what every public page showed
 * before, read with the old rules, is what the services serve afterwards.
 */
const MIGRATION = '0014_versioned_content';
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };

function statements(tag: string): string[] {
  return readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

async function apply(pg: PGlite, tag: string) {
  await pg.transaction(async (tx) => {
    for (const statement of statements(tag)) await tx.exec(statement);
  });
}

const json = (v: unknown) => JSON.stringify(v);
type Row = Record<string, unknown>;

describe(`migration ${MIGRATION}`, () => {
  let database: Database;
  let pg: PGlite;
  let services: ReturnType<typeof createServices>;
  const before: Record<string, Row[]> = {};
  const siteUrl = 'https://northfield.example';

  beforeAll(async () => {
    database = await openDatabase({});
    pg = (database as unknown as { pglite: PGlite }).pglite;
    const tags = journal.entries.map((e) => e.tag);
    const mine = tags.indexOf(MIGRATION);
    expect(mine).toBeGreaterThan(0);
    for (const tag of tags.slice(0, mine)) await apply(pg, tag);

    // ---- the previous schema, with the seeded content written as the old code wrote it ----
    await pg.query(`insert into admin_users (id, email, password_hash) values (7, 'editor@example.com', 'x')`);
    const content = async (table: 'knowledge' | 'press', items: typeof KNOWLEDGE_ITEMS) => {
      const base = table === 'knowledge' ? 'knowledge_items' : 'press_releases';
      const versions = table === 'knowledge' ? 'knowledge_item_versions' : 'press_release_versions';
      for (const [i, it] of items.entries()) {
        const { rows } = await pg.query<{ id: number }>(
          `insert into ${base} (type, category, pinned, slug, region_id, status) values ($1, $2, $3, $4, $5, $6) returning id`,
          [it.type, it.category, it.pinned, it.slug, it.regionId, i === 1 ? 0 : i === 2 ? -1 : 1],
        );
        const id = rows[0]!.id;
        const v = it.version;
        const insert = (title: string, author: number | null) =>
          pg.query<{ id: number }>(
            `insert into ${versions} (item_id, title, metadata, hero_media, modules, publish_date, author_id) values ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7) returning id`,
            [id, title, json(v.metadata), json(v.heroMedia), json(v.modules), v.publishDate, author],
          );
        const first = (await insert(v.title, null)).rows[0]!.id;
        // the first item has a newer version the pointer was never moved to (a pointer is not max(id))
        const pointer = i === 0 ? (await insert(`${v.title} (never published)`, 7), first) : first;
        await pg.query(`update ${base} set latest_version_id = $1, publish_date = $2 where id = $3`, [pointer, v.publishDate, id]);
        // the full-text search row of migration 0013
        const search = base === 'knowledge_items' ? 'knowledge_item_search' : 'press_release_search';
        await pg.query(`insert into ${search} (item_id, title, summary) values ($1, $2, $3)`, [id, v.title, v.metadata.desc ?? '']);
      }
    };
    await content('knowledge', KNOWLEDGE_ITEMS);
    await content('press', PRESS_RELEASES);
    for (const [i, entry] of CATALOG.entries()) {
      const { base, content: c } = productSeedContent(entry.slug);
      const { rows } = await pg.query<{ id: number }>(
        `insert into products (slug, region_id, line_key, family, sort_order) values ($1, $2, $3, $4, $5) returning id`,
        [base.slug, base.regionId, base.lineKey, base.family, base.sortOrder],
      );
      const insert = (tagline: string) =>
        pg.query(
          `insert into product_versions (product_id, name, group_name, tagline, summary, hero_media, modules, benefits, analysis, document_keys, knowledge_slugs, seo, author_id)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9::jsonb, $10::jsonb, $11::jsonb, $12::jsonb, $13)`,
          [
            rows[0]!.id,
            c.name,
            c.group,
            tagline,
            c.summary,
            json(c.heroMedia),
            json(c.modules),
            json(c.benefits),
            json(c.analysis),
            json(c.documentKeys),
            json(c.knowledgeSlugs),
            json(c.seo),
            null,
          ],
        );
      // the newest version was the live one (max(id)): an older one first for every other product
      if (i % 2 === 0) await insert('An older tagline');
      await insert(c.tagline);
    }
    for (const page of LANDING_PAGES) {
      const { rows } = await pg.query<{ id: number }>(
        `insert into landing_pages (key, kind, path, region_ids) values ($1, $2, $3, $4) returning id`,
        [page.key, page.kind, page.path, page.regionIds],
      );
      const insert = (title: string, author: number | null) =>
        pg.query(
          `insert into landing_page_versions (page_id, title, hero, sections, seo, author_id) values ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6)`,
          [rows[0]!.id, title, json(page.content.hero), json(page.content.sections), json(page.content.seo), author],
        );
      await insert('An older title', null);
      await insert(page.content.title, 7);
    }
    for (const page of [...SEED_PAGES, { ...SEED_PAGES[0]!, slug: 'hidden-page', visibility: 0 }]) {
      const { rows } = await pg.query<{ id: number }>(`insert into pages (slug, visibility, region_ids) values ($1, $2, $3) returning id`, [
        page.slug,
        page.visibility,
        page.regionIds,
      ]);
      for (const title of ['An older title', page.title]) {
        await pg.query(
          `insert into page_versions (page_id, title, metadata, modules, hero_image_type, hero_media) values ($1, $2, $3::jsonb, $4::jsonb, $5, $6::jsonb)`,
          [rows[0]!.id, title, json(page.metadata), json(page.modules), page.heroImageType, json(page.heroMedia)],
        );
      }
    }

    // ---- what each page showed, read with the old rules ----
    const read = async (name: string, query: string) => {
      before[name] = (await pg.query<Row>(query)).rows;
    };
    for (const [name, base, versions] of [
      ['knowledge', 'knowledge_items', 'knowledge_item_versions'],
      ['press', 'press_releases', 'press_release_versions'],
    ] as const) {
      // the pointer
      await read(
        name,
        `select b.id, b.slug, b.type, b.category, b.pinned, b.region_id, b.status, v.id as version_id, v.title, v.metadata, v.hero_media, v.modules, v.publish_date
         from ${base} b join ${versions} v on v.id = b.latest_version_id order by b.id`,
      );
    }
    // max(id) group by
    await read(
      'products',
      `select b.id, b.slug, b.status, v.id as version_id, v.name, v.group_name, v.tagline, v.summary, v.hero_media, v.modules, v.benefits, v.analysis, v.document_keys, v.knowledge_slugs, v.seo
       from products b join product_versions v on v.product_id = b.id where v.id in (select max(id) from product_versions group by product_id) order by b.id`,
    );
    await read(
      'landing',
      `select b.key, v.id as version_id, v.title, v.hero, v.sections, v.seo from landing_pages b join landing_page_versions v on v.page_id = b.id
       where v.id in (select max(id) from landing_page_versions group by page_id) order by b.id`,
    );
    // order by id desc limit 1, per page
    await read(
      'pages',
      `select b.slug, b.visibility, b.region_ids, (select row_to_json(v) from (select id, title, metadata, modules, hero_image_type, hero_media from page_versions where page_id = b.id order by id desc limit 1) v) as v
       from pages b order by b.id`,
    );
    await read('authors', `select count(*)::int as n from landing_page_versions where author_id = 7`);

    // ---- the migration ----
    await apply(pg, MIGRATION);
    // and the ones after it, so today's services meet the schema they were written for (0020 adds
    // each version's status, taken from its item)
    for (const tag of tags.slice(mine + 1)) await apply(pg, tag);
    const env = EnvSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'site-test-')),
      PUBLIC_SITE_URL: siteUrl,
    });
    const silent = { info() {}, warn() {}, error() {} };
    services = createServices(database.db, { env, jwtSecret: TEST_JWT_SECRET, log: silent });
  });
  afterAll(() => database?.close());

  const render = (modules: unknown) => sanitizeModules(modules as ContentModule[], { siteUrl });

  it('gives every version of the old content its status (migration 0020): its item’s, a deleted item’s as a draft', async () => {
    const { rows } = await pg.query<{ item: number; version: number | null }>(
      `select b.status as item, v.status as version from knowledge_item_versions v join knowledge_items b on b.id = v.item_id`,
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) expect(r.version).toBe(Math.max(r.item, 0));
    expect(new Set(rows.map((r) => r.version))).toEqual(new Set([0, 1]));
  });

  it('serves every published knowledge item and press release as before, at the version its pointer named', async () => {
    for (const [name, service] of [
      ['knowledge', services.knowledge],
      ['press', services.pressReleases],
    ] as const) {
      const rows = before[name]!;
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) {
        if (row.status !== 1) {
          await expect(service.getPublishedBySlug(row.slug as string), `${name} ${row.slug}`).rejects.toMatchObject({ status: 404 });
          continue;
        }
        const item = await service.getPublishedBySlug(row.slug as string);
        expect(item, `${name} ${row.slug}`).toMatchObject({
          baseId: row.id,
          versionId: row.version_id,
          title: row.title,
          pinned: row.pinned,
          type: row.type,
          category: row.category,
          region: row.region_id,
          heroMedia: expect.anything(),
          publishDate: new Date(row.publish_date as string).toISOString(),
        });
        expect(item.metadata).toEqual({ ...(row.metadata as object), desc: (row.metadata as { desc?: string }).desc ?? '' });
        expect(item.modules).toEqual(render(row.modules));
      }
      const published = rows.filter((r) => r.status === 1).length;
      expect((await service.filter({ start: 0, length: 100 })).total, name).toBe(published);
    }
    // the newer version the pointer never named is still there, and still not shown
    const first = before.knowledge![0]!;
    expect((await services.knowledge.getPublishedBySlug(first.slug as string)).title).not.toMatch(/never published/);
    expect((await services.knowledge.versioning.listVersions(first.id as number)).map((v) => v.author)).toEqual([
      'editor@example.com',
      null,
    ]);
  });

  it('serves every product page and menu entry from its newest version, as before', async () => {
    for (const row of before.products!) {
      const page = await services.products.getPublicBySlug(row.slug as string);
      expect(page, row.slug as string).toMatchObject({
        name: row.name,
        group: row.group_name,
        tagline: row.tagline,
        summary: row.summary,
        heroMedia: row.hero_media,
        benefits: row.benefits,
        analysis: row.analysis,
        documentKeys: row.document_keys,
        knowledgeSlugs: row.knowledge_slugs,
        seo: row.seo,
      });
      expect(page.modules).toEqual(render(row.modules));
      expect(page.tagline).not.toBe('An older tagline');
    }
    expect((await services.products.navigation()).length).toBe(before.products!.length);
  });

  it('serves the homes, campaigns and About from their newest version, as before', async () => {
    for (const row of before.landing!) {
      const page = await services.landingPages.getByKey(row.key as string);
      expect(page.title, row.key as string).toBe(row.title);
      expect(page.hero).toEqual(row.hero);
      expect(page.seo).toEqual(row.seo);
      const sections = (row.sections as { kind: string; modules?: unknown }[]).map((s) =>
        s.kind === 'modules' ? { ...s, modules: render(s.modules) } : s,
      );
      expect(page.sections).toEqual(sections);
    }
    expect(before.authors![0]!.n).toBe(LANDING_PAGES.length);
  });

  it('serves visible custom pages from their newest version and still hides the hidden one', async () => {
    for (const row of before.pages!) {
      const v = row.v as Row;
      if (row.visibility !== 1) {
        await expect(services.pages.getVisibleBySlug(row.slug as string)).rejects.toMatchObject({ status: 404 });
        continue;
      }
      const page = await services.pages.getVisibleBySlug(row.slug as string);
      expect(page, row.slug as string).toMatchObject({
        title: v.title,
        visibility: 1,
        regionIds: row.region_ids,
        heroImageType: v.hero_image_type,
        heroMedia: v.hero_media,
      });
      expect(page.metadata).toEqual(v.metadata);
      expect(page.modules).toEqual(render(v.modules));
    }
    expect(before.pages!.some((p) => p.visibility === 0)).toBe(true);
    expect((await services.pages.listVisible()).map((p) => p.slug).sort()).toEqual(
      before
        .pages!.filter((p) => p.visibility === 1)
        .map((p) => p.slug)
        .sort(),
    );
  });

  it('leaves the old columns gone and every base row pointing at a version', async () => {
    const { rows } = await pg.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where (table_name, column_name) in (('knowledge_items','latest_version_id'),('pages','visibility'),('page_versions','metadata'),('product_versions','name'),('knowledge_item_versions','metadata'))`,
    );
    expect(rows).toEqual([]);
    for (const table of ['knowledge_items', 'press_releases', 'products', 'pages', 'landing_pages']) {
      const { rows: missing } = await pg.query(`select id from ${table} where current_version_id is null`);
      expect(missing, table).toEqual([]);
    }
  });
});
