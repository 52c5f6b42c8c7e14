import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { addUser, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { productAddContentOf } from '#tests/setup/content-edits.ts';

const KC = '/api/admin/knowledge-center';
const PR = '/api/admin/press-releases';

describe('knowledge center and press release admin APIs', () => {
  const t = useAdminApp();
  const { get, post } = t;
  let editorToken: string;
  beforeAll(async () => {
    await addUser(t.app, t.token, 'writer@example.com', 'a-writer-password', [2]);
    editorToken = (await signIn(t.app, 'writer@example.com', 'a-writer-password')).token;
  });
  // published on purpose: a create without a status is a draft (ADR 049; content-expiry.integration.test.ts)
  const body = (title: string, extra: object = {}) => ({
    status: 1,
    type: 1,
    category: 40,
    region: 2,
    title,
    metadata: { desc: `${title} summary`, title },
    heroMedia: { previewsrc: '/images/knowledge/volatilization.svg', altText: 'A field' },
    modules: [
      { type: 1, content: '<p>Quote</p>' },
      { type: 2, content: `<p>${title} body</p>` },
      { type: 3, items: [{ headline: 'ROI', shortDescription: 'Line one\nline two' }] },
      { type: 4, items: [{ imageItem: { previewsrc: '/images/a.svg', alttext: 'A' }, headline: 'Image', editorData: '<p>Caption</p>' }] },
    ],
    publishDate: '2026-04-01T00:00:00Z',
    ...extra,
  });

  it('creates an item (slug from the title), shows it on the public site, and edits it by appending versions', async () => {
    const created = await post(`${KC}/add`, body('Cover Crops & Nitrogen: A Field Guide'));
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    expect(item).toMatchObject({
      slug: 'cover-crops-and-nitrogen-a-field-guide',
      type: 1,
      category: 40,
      status: 1,
      current: true,
      path: '/knowledge-center/cover-crops-and-nitrogen-a-field-guide',
    });
    expect((await t.app.inject(`/api/knowledge-center/get-by-slug/${item.slug}`)).json().data.title).toBe(
      'Cover Crops & Nitrogen: A Field Guide',
    );

    const edited = await post(`${KC}/add`, body('Cover Crops, Second Draft', { id: item.baseId, slug: item.slug }), editorToken);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.versionId).toBeGreaterThan(item.versionId);
    expect((await get(`${KC}/get/${item.baseId}`)).json().data.title).toBe('Cover Crops, Second Draft');
    expect((await t.app.inject(`/api/knowledge-center/get-by-slug/${item.slug}`)).json().data.title).toBe('Cover Crops, Second Draft');

    // versions newest first, each with who saved it and when (UTC)
    const versions = (await get(`${KC}/get-versions/${item.baseId}`)).json().data;
    expect(versions.map((v: { id: number }) => v.id)).toEqual([edited.json().data.versionId, item.versionId]);
    expect(versions.map((v: { author: string }) => v.author)).toEqual(['writer@example.com', 'admin@example.com']);
    expect(versions[0].created).toMatch(/Z$/);
    expect(versions[0].current).toBe(true);

    // one old version, then rollback by saving it: a third version with the first content
    const first = (await get(`${KC}/get/${item.baseId}/${item.versionId}`)).json().data;
    expect(first).toMatchObject({ title: 'Cover Crops & Nitrogen: A Field Guide', current: false });
    const rolled = await post(`${KC}/add`, { ...first, id: item.baseId, publishAt: null, publishDate: first.publishDate });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const after = (await get(`${KC}/get-versions/${item.baseId}`)).json().data;
    expect(after).toHaveLength(3);
    expect((await t.app.inject(`/api/knowledge-center/get-by-slug/${item.slug}`)).json().data.title).toBe(
      'Cover Crops & Nitrogen: A Field Guide',
    );
    expect((await get(`${KC}/get-slug/${item.baseId}`)).json().data).toEqual({
      id: item.baseId,
      slug: item.slug,
      path: `/knowledge-center/${item.slug}`,
    });
  });

  it('lists each version with its status (draft, published, scheduled), who saved it and the current mark', async () => {
    const draft = (await post(`${KC}/add`, body('Versions With Status', { status: 0 }))).json().data;
    expect(draft.status).toBe(0);
    const published = (await post(`${KC}/add`, body('Versions With Status', { id: draft.baseId, status: 1 }), editorToken)).json().data;
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await post(`${KC}/add`, body('Versions With Status, Later', { id: draft.baseId, status: 1, publishAt: future }));
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const res = await get(`${KC}/get-versions/${draft.baseId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: scheduled.json().data.versionId,
        created: expect.stringMatching(/Z$/),
        publishAt: future,
        author: 'admin@example.com',
        status: 'scheduled',
        current: false,
      },
      expect.objectContaining({ id: published.versionId, author: 'writer@example.com', status: 'published', current: true }),
      expect.objectContaining({ id: draft.versionId, author: 'admin@example.com', status: 'draft', current: false, publishAt: null }),
    ]);
    // the current version says what the site does now, even when the status changed without a save
    await sqlRows(t.database)`update knowledge_items set status = 0 where id = ${draft.baseId}`;
    const hidden = (await get(`${KC}/get-versions/${draft.baseId}`)).json().data as { status: string; current: boolean }[];
    expect(hidden.map((v) => v.status)).toEqual(['scheduled', 'draft', 'draft']);
    expect(hidden.map((v) => v.current)).toEqual([false, true, false]);
    // the same reply shape for every versioned kind
    const products = (await post('/api/admin/products/filter', {})).json().data.items as { id: number }[];
    const productVersions = (await get(`/api/admin/products/get-versions/${products[0]!.id}`)).json().data;
    expect(productVersions[0]).toMatchObject({ status: 'published', current: true });
  });

  it('keeps slugs unique and answers 409 with the reason', async () => {
    const a = (await post(`${KC}/add`, body('Unique Slug Item'))).json().data;
    const dup = await post(`${KC}/add`, body('Another Item', { slug: a.slug }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      success: false,
      data: null,
      message: `The slug "${a.slug}" is already used by another knowledge item.`,
    });
    const bad = await post(`${KC}/add`, body('Bad Slug', { slug: 'Not a slug!' }));
    expect(bad.statusCode).toBe(400);
  });

  it('changing a published slug leaves a 301 from the old path, unless the request says not to', async () => {
    const item = (await post(`${KC}/add`, body('Moving Item'))).json().data;
    const moved = await post(`${KC}/add`, body('Moving Item', { id: item.baseId, slug: 'moved-item' }));
    expect(moved.statusCode, moved.body).toBe(200);
    const old = await t.app.inject({ url: `/knowledge-center/${item.slug}`, headers: { 'user-agent': 'Mozilla/5.0' } });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/knowledge-center/moved-item');
    // moved again: the first redirect leads straight to the newest address (no chain)
    await post(`${KC}/add`, body('Moving Item', { id: item.baseId, slug: 'moved-again' }));
    expect((await t.app.inject(`/knowledge-center/${item.slug}`)).headers.location).toBe('/knowledge-center/moved-again');
    expect((await t.app.inject('/knowledge-center/moved-item')).headers.location).toBe('/knowledge-center/moved-again');
    // unticked: no redirect from the old path
    await post(`${KC}/add`, body('Moving Item', { id: item.baseId, slug: 'moved-quietly', redirectOldSlug: false }));
    expect((await t.app.inject('/api/redirects/get-redirect/knowledge-center/moved-again')).json().data).toBeNull();
  });

  it('sanitizes rich text on write', async () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://e.example/a.png" onerror="x()"></p>';
    const res = await post(
      `${KC}/add`,
      body('Dirty Write', {
        modules: [
          { type: 2, content: dirty },
          { type: 4, items: [{ imageItem: { previewsrc: '/a.svg', alttext: 'a' }, headline: 'h', editorData: dirty }] },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await get(`${KC}/get/${res.json().data.baseId}`)).json().data.modules;
    for (const html of [stored[0].content, stored[1].items[0].editorData]) {
      expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
      expect(html).toContain('Hi');
    }
  });

  it("pins and unpins; the type must be the item's", async () => {
    const item = (await post(`${KC}/add`, body('Pin Me', { publishDate: '2030-01-01T00:00:00Z' }))).json().data;
    expect((await post(`${KC}/pin`, { baseId: item.baseId, type: 1, pinned: true })).statusCode).toBe(200);
    expect((await get(`${KC}/get/${item.baseId}`)).json().data.pinned).toBe(true);
    const list = (
      await t.app.inject({ method: 'POST', url: '/api/knowledge-center/filter', payload: { category: 40, length: 100 } })
    ).json().data.items;
    expect(list[0].id).toBe(item.baseId);
    expect((await post(`${KC}/pin`, { baseId: item.baseId, type: 0, pinned: false })).statusCode).toBe(400);
    await post(`${KC}/pin`, { baseId: item.baseId, type: 1, pinned: false });
    expect((await get(`${KC}/get/${item.baseId}`)).json().data.pinned).toBe(false);
    expect((await post(`${KC}/pin`, { baseId: 999999, type: 1, pinned: true })).statusCode).toBe(404);
  });

  it('deletes: the item leaves the site and the admin list, its versions stay', async () => {
    const item = (await post(`${KC}/add`, body('Delete Me'))).json().data;
    const listed = (await post(`${KC}/filter`, { searchText: 'Delete Me' })).json().data;
    expect(listed.items.map((i: { id: number }) => i.id)).toEqual([item.baseId]);
    expect((await get(`${KC}/delete/${item.baseId}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/knowledge-center/get-by-slug/${item.slug}`)).statusCode).toBe(404);
    expect((await post(`${KC}/filter`, { searchText: 'Delete Me' })).json().data.total).toBe(0);
    expect((await get(`${KC}/get/${item.baseId}`)).statusCode).toBe(404);
    expect((await get(`${KC}/delete/${item.baseId}`)).statusCode).toBe(404);
  });

  it('drafts and scheduled versions stay off the public site', async () => {
    const draft = (await post(`${KC}/add`, body('Draft Item', { status: 0 }))).json().data;
    expect((await t.app.inject(`/api/knowledge-center/get-by-slug/${draft.slug}`)).statusCode).toBe(404);
    const live = (await post(`${KC}/add`, body('Scheduled Item'))).json().data;
    const later = await post(
      `${KC}/add`,
      body('Scheduled Item v2', { id: live.baseId, publishAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(later.json().data).toMatchObject({ current: false, title: 'Scheduled Item v2' });
    expect((await t.app.inject(`/api/knowledge-center/get-by-slug/${live.slug}`)).json().data.title).toBe('Scheduled Item');
  });

  it('serves the same calls for press releases', async () => {
    const created = await post(`${PR}/add`, body('Northfield Opens a Lab', { category: null, type: 0 }));
    expect(created.statusCode, created.body).toBe(200);
    const pr = created.json().data;
    expect(pr.path).toBe('/press-releases/northfield-opens-a-lab');
    await post(`${PR}/add`, body('Northfield Opens a New Lab', { id: pr.baseId, category: null, type: 0 }));
    expect((await get(`${PR}/get-versions/${pr.baseId}`)).json().data).toHaveLength(2);
    expect((await t.app.inject(`/api/press-releases/get-by-slug/${pr.slug}`)).json().data.title).toBe('Northfield Opens a New Lab');
    expect((await get(`${PR}/get-slug/${pr.baseId}`)).json().data.slug).toBe(pr.slug);
    expect((await get(`${PR}/delete/${pr.baseId}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/press-releases/get-by-slug/${pr.slug}`)).statusCode).toBe(404);
  });

  it('sorts the admin list by title, date or last update, either way, and refuses an unknown column', async () => {
    const stamp = Date.now();
    for (const [title, date] of [
      ['Sort Beta', '2026-02-01T00:00:00Z'],
      ['sort alpha', '2026-03-01T00:00:00Z'],
      ['Sort Gamma', '2026-01-01T00:00:00Z'],
    ] as const) {
      expect((await post(`${KC}/add`, body(`${title} ${stamp}`, { publishDate: date }))).statusCode).toBe(200);
    }
    const titles = async (sort: object) => {
      const res = await post(`${KC}/filter`, { searchText: String(stamp), ...sort });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as { title: string }[]).map((i) => i.title.replace(` ${stamp}`, ''));
    };
    // titles A to Z by default for the title column, ignoring letter case
    expect(await titles({ sort: 'title' })).toEqual(['sort alpha', 'Sort Beta', 'Sort Gamma']);
    expect(await titles({ sort: 'title', dir: 'desc' })).toEqual(['Sort Gamma', 'Sort Beta', 'sort alpha']);
    // dates newest first by default
    expect(await titles({ sort: 'publishDate' })).toEqual(['sort alpha', 'Sort Beta', 'Sort Gamma']);
    expect(await titles({ sort: 'publishDate', dir: 'asc' })).toEqual(['Sort Gamma', 'Sort Beta', 'sort alpha']);
    // last saved first, as before
    expect(await titles({})).toEqual(['Sort Gamma', 'sort alpha', 'Sort Beta']);
    const bad = await post(`${KC}/filter`, { sort: 'password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });

  it('answers 400 for bad input, 401 without a token and 403 without the content permission', async () => {
    const missing = await post(`${KC}/add`, { type: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false });
    expect((await get(`${KC}/get/abc`)).statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', `${KC}/get/1`],
      ['POST', `${KC}/add`],
      ['GET', `${PR}/get-versions/1`],
      ['POST', `${KC}/pin`],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: body('x') } : {}) });
      expect(res.statusCode, url).toBe(401);
    }
    // a role the permission table grants nothing (both seeded roles may edit content)
    await sqlRows(t.database)`insert into site_roles (id, name) values (9, 'Reader')`;
    await addUser(t.app, t.token, 'norole@example.com', 'a-no-role-password', [9]);
    const none = (await signIn(t.app, 'norole@example.com', 'a-no-role-password')).token;
    expect((await get(`${KC}/get/1`, none)).statusCode).toBe(403);
    expect((await post(`${KC}/add`, body('x'), none)).statusCode).toBe(403);
  });
});

describe('pages admin API', () => {
  const t = useAdminApp();
  const { get, post } = t;
  const P = '/api/admin/pages';
  // visible on purpose: a create without a visibility is hidden (ADR 049)
  const page = (title: string, extra: object = {}) => ({
    visibility: 1,
    title,
    metadata: { title, desc: `${title} description` },
    modules: [{ type: 2, content: `<p onclick="x()">${title} text</p>` }],
    regionIds: [2],
    ...extra,
  });

  it('creates, edits, lists versions, rolls back, hides (404) and deletes a custom page', async () => {
    const created = await post(`${P}/add`, page('Spring Planting Checklist'));
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json().data;
    expect(p).toMatchObject({ slug: 'spring-planting-checklist', path: '/spring-planting-checklist', visibility: 1 });
    expect(p.modules[0].content).toBe('<p>Spring Planting Checklist text</p>');
    expect((await get(`${P}/get-slug/${p.id}`)).json().data).toEqual({
      id: p.id,
      slug: 'spring-planting-checklist',
      path: '/spring-planting-checklist',
    });
    expect((await get(`${P}/get-slug/999999`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/pages/get-by-slug/spring-planting-checklist')).json().data.title).toBe('Spring Planting Checklist');

    const v2 = (await post(`${P}/add`, page('Spring Planting Checklist 2027', { id: p.id }))).json().data;
    expect((await t.app.inject('/api/pages/get-by-slug/spring-planting-checklist')).json().data.title).toBe(
      'Spring Planting Checklist 2027',
    );
    const first = (await get(`${P}/get/${p.id}/${p.versionId}`)).json().data;
    await post(`${P}/add`, { ...first, id: p.id, publishAt: null });
    const versions = (await get(`${P}/get-versions/${p.id}`)).json().data;
    expect(versions.map((v: { id: number }) => v.id).slice(1)).toEqual([v2.versionId, p.versionId]);
    expect((await t.app.inject('/api/pages/get-by-slug/spring-planting-checklist')).json().data.title).toBe('Spring Planting Checklist');

    await post(`${P}/add`, page('Spring Planting Checklist', { id: p.id, visibility: 0 }));
    expect((await t.app.inject('/api/pages/get-by-slug/spring-planting-checklist')).statusCode).toBe(404);
    expect((await post(`${P}/filter`, { searchText: 'Spring Planting' })).json().data.items).toEqual([
      expect.objectContaining({ id: p.id, visibility: 0 }),
    ]);
    expect((await get(`${P}/delete/${p.id}`)).statusCode).toBe(200);
    expect((await post(`${P}/filter`, { searchText: 'Spring Planting' })).json().data.total).toBe(0);
  });

  it("refuses a slug that is taken or is one of the site's own addresses, and redirects a renamed visible page", async () => {
    expect((await post(`${P}/add`, page('Taken', { slug: 'privacy-policy' }))).statusCode).toBe(409);
    const own = await post(`${P}/add`, page('Products', { slug: 'agrotain' }));
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe("/agrotain is one of the site's own addresses; choose another slug.");
    const p = (await post(`${P}/add`, page('Old Name'))).json().data;
    await post(`${P}/add`, page('New Name', { id: p.id, slug: 'new-name' }));
    const old = await t.app.inject('/old-name');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/new-name');
  });
});

describe('products admin API', () => {
  const t = useAdminApp();
  const { get, post } = t;
  const Pr = '/api/admin/products';

  it("edits a product's guaranteed analysis by appending a version, lists versions and rolls back", async () => {
    const list = (await post(`${Pr}/filter`, { searchText: 'wolf trax' })).json().data;
    const product = list.items.find((p: { slug: string }) => p.slug === 'wolf-trax');
    expect(product).toBeDefined();
    expect((await get(`${Pr}/get-slug/${product.id}`)).json().data).toEqual({ id: product.id, slug: 'wolf-trax', path: '/wolf-trax' });
    expect((await t.app.inject(`${Pr}/get-slug/${product.id}`)).statusCode).toBe(401);
    const current = (await get(`${Pr}/get/${product.id}`)).json().data;
    const { versionId } = current;
    const content = productAddContentOf(current);
    const analysis = [{ ...content.analysis[0], amount: 63 }, ...content.analysis.slice(1)];
    const saved = await post(`${Pr}/add`, { ...content, id: product.id, analysis });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.analysis[0].amount).toBe(63);
    expect((await t.app.services.products.getPublicBySlug('wolf-trax')).analysis[0]!.amount).toBe(63);

    const versions = (await get(`${Pr}/get-versions/${product.id}`)).json().data;
    expect(versions).toHaveLength(2);
    expect(versions[0].author).toBe('admin@example.com');
    const old = (await get(`${Pr}/get/${product.id}/${versionId}`)).json().data;
    const oldContent = productAddContentOf(old);
    await post(`${Pr}/add`, { ...oldContent, id: product.id });
    expect((await t.app.services.products.getPublicBySlug('wolf-trax')).analysis[0]!.amount).toBe(content.analysis[0].amount);
    expect((await get(`${Pr}/get-versions/${product.id}`)).json().data).toHaveLength(3);

    const bad = await post(`${Pr}/add`, { ...content, id: product.id, name: '' });
    expect(bad.statusCode).toBe(400);
    expect((await post(`${Pr}/add`, { ...content, id: 999999 })).statusCode).toBe(404);
  });

  type ListItem = {
    id: number;
    slug: string;
    name: string;
    group: string;
    region: number;
    status: number;
    updated: string;
    nextPublishAt: string | null;
  };
  const filter = async (f: object) => {
    const res = await post(`${Pr}/filter`, f);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: ListItem[]; total: number };
  };

  it('filters the list by region, group and status, sorts it by name, group or last save, and pages it', async () => {
    const all = await filter({});
    expect(all.total).toBe(17);
    // menu order by default: the US menu, then Canada's
    expect(all.items.slice(0, 2).map((p) => p.slug)).toEqual(['agrotain', 'anvol']);
    expect(all.items.at(-1)!.region).toBe(3);

    const seed = await filter({ group: 'Seed Enhancement', region: 3 });
    expect(seed.items.map((p) => p.slug).sort()).toEqual(['protivate-ca', 'rocket-seeds-ca']);
    expect(seed.items.every((p) => p.group === 'Seed Enhancement' && p.region === 3)).toBe(true);

    const byName = await filter({ region: 2, sort: 'name' });
    expect(byName.items.map((p) => p.name)).toEqual([...byName.items.map((p) => p.name)].sort((a, b) => a.localeCompare(b)));
    const byNameDesc = await filter({ region: 2, sort: 'name', dir: 'desc' });
    expect(byNameDesc.items.map((p) => p.slug)).toEqual(byName.items.map((p) => p.slug).reverse());
    const byGroup = await filter({ sort: 'group' });
    expect(byGroup.items.map((p) => p.group)).toEqual([...byGroup.items.map((p) => p.group)].sort());

    const page2 = await filter({ sort: 'name', start: 5, length: 5 });
    expect(page2.total).toBe(17);
    expect(page2.items.map((p) => p.slug)).toEqual((await filter({ sort: 'name' })).items.slice(5, 10).map((p) => p.slug));

    // hide one: the status filter finds it, the public page answers 404, the last-save sort puts it first
    const centuro = all.items.find((p) => p.slug === 'centuro-ca')!;
    const current = (await get(`${Pr}/get/${centuro.id}`)).json().data;
    const content = productAddContentOf(current);
    expect((await post(`${Pr}/add`, { ...content, id: centuro.id, status: 0 })).statusCode).toBe(200);
    expect((await filter({ status: 0 })).items.map((p) => p.slug)).toEqual(['centuro-ca']);
    expect((await filter({ status: 1 })).total).toBe(16);
    expect((await filter({ sort: 'updated', dir: 'desc' })).items[0]!.slug).toBe('centuro-ca');
    await expect(t.app.services.products.getPublicBySlug('centuro-ca')).rejects.toMatchObject({ status: 404 });

    // a version scheduled for later shows as pending in the list
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect((await post(`${Pr}/add`, { ...content, id: centuro.id, status: 1, publishAt: at, tagline: 'Coming tomorrow' })).statusCode).toBe(
      200,
    );
    expect((await filter({ searchText: 'centuro-ca' })).items[0]!.nextPublishAt).toBe(at);

    // bad filters are a 400 with a message, not a 500
    for (const bad of [{ region: 4 }, { group: 'Fertilizer' }, { sort: 'price' }, { status: 2 }, { length: 1000 }]) {
      const res = await post(`${Pr}/filter`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it("answers a broken product with the editor's words for the field", async () => {
    const [first] = (await filter({ searchText: 'optrient' })).items;
    const current = (await get(`${Pr}/get/${first!.id}`)).json().data;
    const content = productAddContentOf(current);
    const cases: [object, string][] = [
      [{ name: '   ' }, 'Name is required.'],
      [{ group: 'Fertilizer' }, 'Choose a group.'],
      [
        { analysis: [{ product: 'X', nutrient: 'Zinc', symbol: 'Zn', amount: 101, unit: '%' }] },
        'Enter a percentage above 0 and at most 100.',
      ],
      [{ benefits: [{ title: 'Fast', text: '' }] }, 'Benefit text is required.'],
    ];
    for (const [change, message] of cases) {
      const res = await post(`${Pr}/add`, { ...content, id: first!.id, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('landing pages admin API', () => {
  const t = useAdminApp();
  const { get, post } = t;
  const L = '/api/admin/landing-pages';

  it("changes a home's hero text by appending a version, and rolls it back", async () => {
    const list = (await post(`${L}/filter`, {})).json().data;
    expect(list.map((p: { kind: string }) => p.kind)).toEqual(expect.arrayContaining(['home', 'campaign', 'about']));
    const home = list.find((p: { key: string }) => p.key === 'home-us');
    const current = (await get(`${L}/get/${home.id}`)).json().data;
    const content = { title: current.title, hero: current.hero, sections: current.sections, seo: current.seo };
    const saved = await post(`${L}/add`, {
      ...content,
      id: home.id,
      hero: { ...current.hero, headline: 'Protect every pound of nitrogen' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.services.landingPages.getByKey('home-us')).hero.headline).toBe('Protect every pound of nitrogen');
    const versions = (await get(`${L}/get-versions/${home.id}`)).json().data;
    expect(versions).toHaveLength(2);
    const first = (await get(`${L}/get/${home.id}/${versions[1].id}`)).json().data;
    await post(`${L}/add`, { id: home.id, title: first.title, hero: first.hero, sections: first.sections, seo: first.seo });
    expect((await t.app.services.landingPages.getByKey('home-us')).hero.headline).toBe(current.hero.headline);
    expect((await get(`${L}/get/999999`)).statusCode).toBe(404);
  });
});
