import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

/**
 * POST /api/admin/<kind>/rollback/{id}/{versionId} (ADR 034): the saved version's content and the
 * base fields it was saved with become a new version, through the kind's save rules, with the page
 * cache dropped and the audit log told.
 */

const KC = '/api/admin/knowledge-center';
const ROLLED_BACK = 'Rolled back: the version was restored as the newest version.';

let t: TestApp;
let token: string;
let noRole: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' }, { ui: 'build' });
  token = (await signIn(t.app)).token;
  // a role the permission table grants nothing (both seeded roles may edit content)
  await sqlRows(t.database)`insert into site_roles (id, name) values (9, 'Reader')`;
  await addUser(t.app, token, 'norole@example.com', 'a-no-role-password', [9]);
  noRole = (await signIn(t.app, 'norole@example.com', 'a-no-role-password')).token;
});
afterAll(() => t.close());

const get = (url: string, tok = token) => t.app.inject({ method: 'GET', url, headers: bearer(tok) });
// a save or rollback sends the version it started from, read first as an editor does (ADR 048)
const post = async (url: string, payload: object = {}, tok: string | null = token) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: tok ? bearer(tok) : {},
    payload: await withBaseVersion(t.app, url, payload, tok ? bearer(tok) : {}),
  });
const ok = async (res: Promise<{ statusCode: number; body: string; json: () => { data: unknown } }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Record<string, unknown> & { id: number; versionId: number };
};

// published on purpose: a create without a status is a draft (ADR 049)
const knowledge = (title: string, extra: object = {}) => ({
  status: 1,
  type: 1,
  category: 40,
  region: 2,
  title,
  metadata: { desc: `${title} summary` },
  modules: [{ type: 2, content: `<p>${title} body</p>` }],
  publishDate: '2026-04-01T00:00:00Z',
  ...extra,
});

describe('rolling back a knowledge item', () => {
  it('restores the title, slug, status, type, category and pin of the version, as a new version, and drops the cached pages', async () => {
    const v1 = await ok(post(`${KC}/add`, knowledge('Rollback Field Guide')));
    expect(v1.slug).toBe('rollback-field-guide');
    const v2 = await ok(
      post(
        `${KC}/add`,
        knowledge('Rollback Field Guide, Renamed', {
          id: v1.id,
          slug: 'rollback-field-guide-renamed',
          type: 0,
          category: 39,
          pinned: true,
        }),
      ),
    );
    expect(v2).toMatchObject({ slug: 'rollback-field-guide-renamed', type: 0, category: 39, pinned: true });

    // the renamed page and the list are cached
    const renamedPath = '/knowledge-center/rollback-field-guide-renamed';
    expect((await t.app.inject(renamedPath)).statusCode).toBe(200);
    expect((await t.app.inject(renamedPath)).headers['x-page-cache']).toBe('hit');
    await t.app.inject('/knowledge-center');
    expect((await t.app.inject('/knowledge-center')).headers['x-page-cache']).toBe('hit');

    const res = await post(`${KC}/rollback/${v1.id}/${v1.versionId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ROLLED_BACK);
    const rolled = res.json().data;
    expect(rolled).toMatchObject({
      id: v1.id,
      title: 'Rollback Field Guide',
      slug: 'rollback-field-guide',
      path: '/knowledge-center/rollback-field-guide',
      type: 1,
      category: 40,
      pinned: false,
      status: 1,
      current: true,
    });
    expect(rolled.versionId).toBeGreaterThan(v2.versionId);

    // a new version was recorded, newest first and current; nothing was overwritten
    const versions = (await get(`${KC}/get-versions/${v1.id}`)).json().data as { id: number; current: boolean; author: string }[];
    expect(versions.map((v) => v.id)).toEqual([rolled.versionId, v2.versionId, v1.versionId]);
    expect(versions[0]).toMatchObject({ current: true, author: 'admin@example.com' });
    expect((await get(`${KC}/get/${v1.id}/${v2.versionId}`)).json().data.title).toBe('Rollback Field Guide, Renamed');

    // the site shows the restored version at once: cached pages were dropped
    const page = await t.app.inject('/knowledge-center/rollback-field-guide');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-page-cache']).toBe('miss');
    expect(page.body).toContain('Rollback Field Guide');
    const list = await t.app.inject('/knowledge-center');
    expect(list.headers['x-page-cache']).toBe('miss');
    expect(list.body).not.toContain('Rollback Field Guide, Renamed');
    // the address it moved away from leaves a redirect, as a save that renames does
    const moved = await t.app.inject(renamedPath);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/knowledge-center/rollback-field-guide');

    // audit-logged like any write: "rolled back ... to the version of ..."
    const audit = (await post('/api/admin/audit-log/filter', { start: 0, length: 20 })).json().data.items as {
      summary: string;
      subjectLink: string;
    }[];
    const mine = audit.filter((e) => e.subjectLink === `/siteadmin/knowledge-center/edit/${v1.id}`);
    expect(mine[0]!.summary).toMatch(/^Admin rolled back the knowledge item Rollback Field Guide to the version of .+ UTC$/);
  });

  it('restores a draft status: rolling back to a draft version takes the item off the site', async () => {
    const draft = await ok(post(`${KC}/add`, knowledge('Draft Then Published', { status: 0 })));
    const published = await ok(post(`${KC}/add`, knowledge('Draft Then Published', { id: draft.id, status: 1 })));
    expect(published.status).toBe(1);
    expect((await t.app.inject('/api/knowledge-center/get-by-slug/draft-then-published')).statusCode).toBe(200);
    const rolled = await ok(post(`${KC}/rollback/${draft.id}/${draft.versionId}`));
    expect(rolled.status).toBe(0);
    expect((await t.app.inject('/api/knowledge-center/get-by-slug/draft-then-published')).statusCode).toBe(404);
  });

  it('keeps the base fields of a version saved before they were kept (content only)', async () => {
    const v1 = await ok(post(`${KC}/add`, knowledge('Older Version Item')));
    await ok(post(`${KC}/add`, knowledge('Older Version Item, Moved', { id: v1.id, slug: 'older-version-item-moved' })));
    await sqlRows(t.database)`update knowledge_item_versions set base_fields = null where id = ${v1.versionId}`;
    const rolled = await ok(post(`${KC}/rollback/${v1.id}/${v1.versionId}`));
    expect(rolled).toMatchObject({ title: 'Older Version Item', slug: 'older-version-item-moved' });
  });

  it('refuses a slug another item took since (409), and writes nothing', async () => {
    const a = await ok(post(`${KC}/add`, knowledge('Slug Taken Later')));
    await ok(post(`${KC}/add`, knowledge('Slug Taken Later, Moved', { id: a.id, slug: 'slug-taken-later-moved' })));
    await ok(post(`${KC}/add`, knowledge('Another Item', { slug: 'slug-taken-later' })));
    const res = await post(`${KC}/rollback/${a.id}/${a.versionId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The slug "slug-taken-later" is already used by another knowledge item.');
    expect((await get(`${KC}/get-versions/${a.id}`)).json().data).toHaveLength(2);
  });

  it('answers 404 for an unknown item or version (one of another item too), 401 without a sign-in, 403 without the content permission, 400 for a bad id', async () => {
    const a = await ok(post(`${KC}/add`, knowledge('Guarded Item')));
    const b = await ok(post(`${KC}/add`, knowledge('Other Guarded Item')));
    const unknownItem = await post(`${KC}/rollback/999999/${a.versionId}`);
    expect(unknownItem.statusCode).toBe(404);
    expect(unknownItem.json()).toMatchObject({ success: false, message: 'Knowledge item not found.' });
    const unknownVersion = await post(`${KC}/rollback/${a.id}/999999`);
    expect(unknownVersion.statusCode).toBe(404);
    expect(unknownVersion.json().message).toBe('Version not found.');
    expect((await post(`${KC}/rollback/${a.id}/${b.versionId}`)).statusCode).toBe(404);
    expect((await post(`${KC}/rollback/${a.id}/${a.versionId}`, {}, null)).statusCode).toBe(401);
    expect((await post(`${KC}/rollback/${a.id}/${a.versionId}`, {}, noRole)).statusCode).toBe(403);
    expect((await post(`${KC}/rollback/abc/1`)).statusCode).toBe(400);
    expect((await get(`${KC}/get-versions/${a.id}`)).json().data).toHaveLength(1);
    for (const kind of ['press-releases', 'pages', 'products', 'landing-pages']) {
      expect((await post(`/api/admin/${kind}/rollback/999999/1`)).statusCode, kind).toBe(404);
      expect((await post(`/api/admin/${kind}/rollback/1/1`, {}, null)).statusCode, kind).toBe(401);
    }
  });
});

describe('rolling back the other kinds', () => {
  it('a press release: title and slug', async () => {
    const v1 = await ok(post('/api/admin/press-releases/add', knowledge('Press Rollback', { type: 0, category: null })));
    await ok(
      post('/api/admin/press-releases/add', knowledge('Press Rollback Two', { id: v1.id, type: 0, category: null, slug: 'press-two' })),
    );
    const rolled = await ok(post(`/api/admin/press-releases/rollback/${v1.id}/${v1.versionId}`));
    expect(rolled).toMatchObject({ title: 'Press Rollback', slug: 'press-rollback', current: true });
  });

  it('a page: title, slug, visibility and regions', async () => {
    const v1 = await ok(post('/api/admin/pages/add', { title: 'Rollback Page', slug: 'rollback-page', visibility: 1, regionIds: [2] }));
    await ok(
      post('/api/admin/pages/add', { id: v1.id, title: 'Hidden Page', slug: 'rollback-page-hidden', visibility: 0, regionIds: [2, 3] }),
    );
    expect((await t.app.inject('/rollback-page-hidden')).statusCode).toBe(404);
    const rolled = await ok(post(`/api/admin/pages/rollback/${v1.id}/${v1.versionId}`));
    expect(rolled).toMatchObject({ title: 'Rollback Page', slug: 'rollback-page', visibility: 1, regionIds: [2], current: true });
    const page = await t.app.inject('/rollback-page');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Rollback Page');
  });

  it('a product: its content and status (its address is fixed), with the product pages dropped', async () => {
    const list = (await post('/api/admin/products/filter', {})).json().data.items as { id: number; slug: string }[];
    const { id, slug } = list[0]!;
    const before = await ok(get(`/api/admin/products/get/${id}`));
    expect((await t.app.inject(`/${slug}`)).statusCode).toBe(200);
    const {
      versionId,
      created: _c,
      current: _cur,
      slug: _s,
      path: _p,
      publishAt: _pa,
      region: _r,
      lineKey: _l,
      family: _f,
      ...content
    } = before;
    await ok(post('/api/admin/products/add', { ...content, id, tagline: 'A tagline to roll back', status: 0 }));
    expect((await t.app.inject(`/${slug}`)).statusCode).toBe(404);
    const rolled = await ok(post(`/api/admin/products/rollback/${id}/${versionId}`));
    expect(rolled).toMatchObject({ tagline: before.tagline, status: before.status, slug, current: true });
    const page = await t.app.inject(`/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('A tagline to roll back');
  });

  it('a landing page: its content', async () => {
    const list = (await post('/api/admin/landing-pages/filter', {})).json().data as { id: number }[];
    const before = await ok(get(`/api/admin/landing-pages/get/${list[0]!.id}`));
    const { versionId, created: _c, current: _cur, key: _k, kind: _kind, path: _p, regionIds: _r, publishAt: _pa, ...content } = before;
    await ok(post('/api/admin/landing-pages/add', { ...content, id: before.id, title: 'A title to roll back' }));
    const rolled = await ok(post(`/api/admin/landing-pages/rollback/${before.id}/${versionId}`));
    expect(rolled).toMatchObject({ title: before.title, current: true });
    expect((await get(`/api/admin/landing-pages/get-versions/${before.id}`)).json().data[0].id).toBe(rolled.versionId);
  });
});
