import { JSDOM } from 'jsdom';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIST_PAGES } from '#shared/list-pages.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';

/**
 * The words above the list and form pages are pages an editor changes (landing pages of
 * kind 'list'), versioned, and on the public page at once.
 */
const L = '/api/admin/landing-pages';

interface ListRow {
  id: number;
  key: string;
  kind: string;
  path: string;
  title: string;
}

const doc = (html: string) => new JSDOM(html).window.document;

describe('list and form pages', () => {
  const t = useAdminApp({}, { ui: 'build' });
  const { get, post } = t;
  const listRows = async () => ((await post(`${L}/filter`, {})).json().data as ListRow[]).filter((p) => p.kind === 'list');
  type ListPage = { title: string; hero: object; seo: object };
  /** Saves a new version of a list page: its current words with `change` made (list pages have no sections). */
  const editListPage = async (row: ListRow, change: (current: ListPage) => Partial<ListPage>) => {
    const current = (await get(`${L}/get/${row.id}`)).json().data as ListPage;
    return post(`${L}/add`, { id: row.id, title: current.title, sections: [], hero: current.hero, seo: current.seo, ...change(current) });
  };

  it('every list and form page is in the admin list as a page of its own, at its address', async () => {
    const rows = await listRows();
    expect(rows.map((r) => r.key).sort()).toEqual(LIST_PAGES.map((p) => p.key).sort());
    expect(rows.find((r) => r.key === 'press-releases')).toMatchObject({ path: '/press-releases', title: 'Press Releases' });
  });

  it('each public page shows its stored headline and intro, and its SEO title and description', async () => {
    for (const def of LIST_PAGES) {
      const path = def.key === 'rep-thankyou' || def.key === 'retailer-thankyou' ? `${def.path}?id=1` : def.path;
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      const page = doc(res.body);
      expect(page.querySelector('meta[name="description"]')?.getAttribute('content'), path).toBe(def.seoDescription);
      if (def.key !== 'product-selector' && def.key !== 'reps-retailers') {
        expect(page.querySelector('h1')?.textContent, path).toBe(def.headline);
        expect(page.body.textContent, path).toContain(def.intro);
      }
    }
  });

  it('an edited intro, headline, SEO text and share image are on the public page at once, as a new version that rolls back', async () => {
    // the page is in the page cache before the edit
    expect((await t.app.inject('/press-releases')).statusCode).toBe(200);
    const row = (await listRows()).find((r) => r.key === 'press-releases')!;
    const saved = await editListPage(row, (current) => ({
      hero: { ...current.hero, headline: 'Newsroom', promise: 'What we announced, newest first.' },
      seo: { ...current.seo, desc: 'Our announcements.', ogphoto: { previewsrc: '/images/og-default.png' } },
    }));
    expect(saved.statusCode, saved.body).toBe(200);

    const after = doc((await t.app.inject('/press-releases')).body);
    expect(after.querySelector('h1')?.textContent).toBe('Newsroom');
    expect(after.querySelector('.hero__promise')?.textContent).toBe('What we announced, newest first.');
    expect(after.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Our announcements.');
    expect(after.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/\/images\/og-default\.png$/);

    const versions = (await get(`${L}/get-versions/${row.id}`)).json().data as { id: number }[];
    expect(versions).toHaveLength(2);
    const first = (await get(`${L}/get/${row.id}/${versions[1]!.id}`)).json().data;
    expect((await post(`${L}/add`, { id: row.id, title: first.title, hero: first.hero, sections: [], seo: first.seo })).statusCode).toBe(
      200,
    );
    expect(doc((await t.app.inject('/press-releases')).body).querySelector('h1')?.textContent).toBe('Press Releases');
  });

  it('a knowledge category and the Canadian contact page have their own words', async () => {
    const rows = await listRows();
    for (const [key, path] of [
      ['knowledge-category-39', '/knowledge-center/category/39'],
      ['contact-ca', '/can/contact-us'],
    ] as const) {
      const row = rows.find((r) => r.key === key)!;
      const res = await editListPage(row, (current) => ({ hero: { ...current.hero, promise: `New words for ${key}.` } }));
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.app.inject(path)).body, path).toContain(`New words for ${key}.`);
    }
    // the others keep theirs
    expect((await t.app.inject('/knowledge-center/category/38')).body).not.toContain('New words for');
    expect((await t.app.inject('/contact')).body).not.toContain('New words for');
  });

  it('an empty headline is refused with its message, and nothing is stored', async () => {
    const row = (await listRows()).find((r) => r.key === 'contact')!;
    const res = await editListPage(row, (current) => ({ hero: { ...current.hero, headline: ' ' } }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Headline is required.');
    expect((await get(`${L}/get-versions/${row.id}`)).json().data).toHaveLength(1);
  });

  it('list pages stay out of the sitemap as pages of their own (each list is there once)', async () => {
    const sitemap = (await t.app.inject('/sitemap.xml')).body;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs.filter((p) => p === '/knowledge-center')).toHaveLength(1);
    expect(locs.filter((p) => p === '/press-releases')).toHaveLength(1);
    expect(locs).not.toContain('/rep-thankyou');
  });

  it('a database from before list pages gets them at start, once', async () => {
    await t.database.db.execute(sql`delete from landing_page_versions where page_id in (select id from landing_pages where kind = 'list')`);
    await t.database.db.execute(sql`delete from landing_pages where kind = 'list'`);
    t.app.services.landingPages.invalidate();
    // the public pages keep their words meanwhile
    expect(doc((await t.app.inject('/contact')).body).querySelector('h1')?.textContent).toBe('Connect with us');
    expect(await t.app.services.landingPages.ensureListPages()).toBe(LIST_PAGES.length);
    expect(await t.app.services.landingPages.ensureListPages()).toBe(0);
    expect(await listRows()).toHaveLength(LIST_PAGES.length);
  });
});
