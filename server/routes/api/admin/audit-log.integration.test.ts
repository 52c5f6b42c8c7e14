import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuditRepository } from '#domain/audit/audit-repository.ts';
import { RESERVED_SLUGS } from '#domain/pages/reserved-slugs.ts';
import { addUser, bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { multipart } from '#tests/setup/multipart.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

/**
 * An audit log of every admin change (in words, filtered, paged, exported, append-only), reserved
 * slugs from the route table, renames that touch only their own redirects, the image pixel limit,
 * and delete and archive answering POST too.
 */
let t: TestApp;
let admin: string;
let editor: string;
const EDITOR = 'jane.doe@example.com';
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  admin = (await signIn(t.app)).token;
  await addUser(t.app, admin, EDITOR, 'a-writer-password-here', [2]);
  editor = (await signIn(t.app, EDITOR, 'a-writer-password-here')).token;
});
afterAll(() => t.close());

// an edit sends the version it started from, read first as an editor does (ADR 048)
const post = async (url: string, payload: object, token = admin, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    payload: await withBaseVersion(t.app, url, payload, bearer(token)),
    remoteAddress,
  });
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
type Entry = {
  id: number;
  action: string;
  summary: string;
  actorEmail: string | null;
  subjectLink: string | null;
  subjectTitle: string | null;
  ip: string | null;
  created: string;
};
async function log(filter: object = {}, start = 0, length = 200): Promise<{ items: Entry[]; total: number }> {
  const res = await post('/api/admin/audit-log/filter', { start, length, ...filter });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const knowledge = (title: string, extra: object = {}) => ({
  type: 0,
  category: 39,
  region: 2,
  title,
  metadata: { desc: title },
  modules: [],
  publishDate: '2026-04-01T00:00:00Z',
  ...extra,
});

/** Uploads a PNG to the document library as the administrator: an image for the US site. */
function uploadImage(png: Buffer, title: string, altText: string, fileName: string) {
  const upload = multipart(
    [
      { name: 'title', value: title },
      { name: 'kind', value: 'image' },
      { name: 'regionIds', value: '2' },
      { name: 'altText', value: altText },
      { name: 'file', value: png, fileName, type: 'image/png' },
    ],
    bearer(admin),
  );
  return t.app.inject({ method: 'POST', url: '/api/admin/documents/add', ...upload });
}

describe('every admin change is in the audit log, in words, with who, what (title and link), when and from where', () => {
  it('content: create, save, publish, schedule, roll back, pin, delete', async () => {
    const draft = (
      await post('/api/admin/knowledge-center/add', knowledge('Spring Nitrogen Plan', { status: 0 }), editor, '10.13.0.7')
    ).json().data;
    const id = draft.baseId as number;
    await post(
      '/api/admin/knowledge-center/add',
      knowledge('Spring Nitrogen Plan', { id, slug: draft.slug, status: 1 }),
      editor,
      '10.13.0.7',
    );
    await post('/api/admin/knowledge-center/add', knowledge('Spring Nitrogen Plan, Revised', { id, slug: draft.slug, status: 1 }), editor);
    await post(
      '/api/admin/knowledge-center/add',
      knowledge('Spring Nitrogen Plan, Later', { id, slug: draft.slug, status: 1, publishAt: '2099-01-01T12:00:00Z' }),
      editor,
    );
    await post(
      '/api/admin/knowledge-center/add',
      knowledge('Spring Nitrogen Plan', { id, slug: draft.slug, status: 1, rollbackOf: draft.versionId }),
      editor,
    );
    await post('/api/admin/knowledge-center/pin', { baseId: id, type: 0, pinned: true }, editor);
    expect((await post(`/api/admin/knowledge-center/delete/${id}`, {}, editor)).statusCode).toBe(200);

    const mine = (await log({ actor: EDITOR })).items.filter((e) => e.subjectLink === `/siteadmin/knowledge-center/edit/${id}`).reverse();
    expect(mine.map((e) => e.summary)).toEqual([
      'Jane Doe created the knowledge item Spring Nitrogen Plan as a draft',
      // people by name, a save by the fields it changed (ADR 052); publishing is a change of status, said as such
      'Jane Doe published the knowledge item Spring Nitrogen Plan',
      'Jane Doe saved Title and SEO of the knowledge item Spring Nitrogen Plan, Revised',
      'Jane Doe scheduled a new version of the knowledge item Spring Nitrogen Plan, Later for January 1, 2099 at 12:00 PM UTC, changing Title, SEO and Publish at',
      expect.stringMatching(/^Jane Doe rolled back the knowledge item Spring Nitrogen Plan to the version of .+ UTC$/),
      'Jane Doe pinned the knowledge item Spring Nitrogen Plan',
      'Jane Doe deleted the knowledge item Spring Nitrogen Plan',
    ]);
    expect(mine[0]!.ip).toBe('10.13.0.7');
    expect(mine.every((e) => e.actorEmail === EDITOR)).toBe(true);
  });

  it('pages, products and landing pages', async () => {
    const page = (
      await post('/api/admin/pages/add', { title: 'Field Day 2026', slug: 'field-day-2026', visibility: 1, regionIds: [2] })
    ).json().data;
    expect(page.id).toBeGreaterThan(0);
    const products = (await post('/api/admin/products/filter', {})).json().data.items as { id: number }[];
    const product = (await get(`/api/admin/products/get/${products[0]!.id}`)).json().data;
    const { id, versionId: _v, created: _c, current: _cur, slug: _s, path: _p, publishAt: _pa, regionId: _r, ...content } = product;
    const saved = await post('/api/admin/products/add', { id, ...content, status: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    const entries = (await log({ category: 'content' })).items;
    expect(entries.map((e) => e.summary)).toContain('Admin created the page Field Day 2026');
    const unpublished = entries.find((e) => e.subjectLink === `/siteadmin/products/edit/${id}`);
    expect(unpublished?.summary).toMatch(/^Admin unpublished the product page \S+/);
  });

  it('redirects (add, edit, delete, CSV import), Not Found dismissals, settings with lead recipients, reps and retailers', async () => {
    const r = (await post('/api/admin/redirects/add', { fromPath: '/old-plan', toPath: '/about' })).json().data;
    await post('/api/admin/redirects/edit', { id: r.id, fromPath: '/old-plan', toPath: '/knowledge-center' });
    await post(`/api/admin/redirects/delete/${r.id}`, {});
    await post('/api/admin/redirects/import', { csv: 'fromPath,toPath\n/imported-one,/about\n/imported-two,/about\n' });
    const settings = (await get('/api/admin/settings/get')).json().data.settings;
    await post('/api/admin/settings/edit', { ...settings, leadRecipients: { us: 'us.leads@example.com', ca: '', int: '' } });
    const rep = await post('/api/admin/reps/add', { name: 'Pat Fieldman', email: 'pat@example.com', states: 'IA' });
    expect(rep.statusCode, rep.body).toBe(200);
    const retailer = (await post('/api/admin/retailers/add', { name: 'Audit Agronomy', postalCode: '50010' })).json().data;
    await get(`/api/admin/retailers/delete/${retailer.id}`);

    const summaries = (await log()).items.map((e) => e.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Admin created the redirect /old-plan → /about',
        'Admin saved Target of the redirect /old-plan → /knowledge-center',
        'Admin deleted the redirect /old-plan → /knowledge-center',
        'Admin imported 2 redirects from a CSV file (2 new, 0 updated)',
        'Admin changed Lead recipients of the site settings',
        'Admin deleted the retailer Audit Agronomy',
      ]),
    );
    expect(summaries).toContain('Admin created the rep Pat Fieldman');
    const [entry] = await sqlRows(t.database)<{
      detail: { leadRecipients: { after: { us: string } } };
    }>`select detail from audit_log where subject_kind = 'settings' order by id desc limit 1`;
    expect(entry!.detail.leadRecipients.after.us).toBe('us.leads@example.com');
  });

  it('every export of leads, and archiving a lead', async () => {
    await post('/api/admin/forms/export', { status: 2, search: 'nobody-by-this-name' });
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: {
        name: 'Audit Lead',
        email: 'lead@example.com',
        phone: '',
        data: JSON.stringify({ Region: 'USA', Role: 'Grower' }),
        message: 'hi',
        reCaptchaToken: '',
      },
    });
    const leadId = lead.json().data.id as number;
    expect((await get(`/api/admin/forms/archive/${leadId}`)).statusCode).toBe(200);
    await post('/api/admin/forms/export', { status: 2, search: 'Audit Lead' });
    // an export is recorded once its stream has closed, which may be just after the reply ended
    await vi.waitFor(async () => {
      const leads = (await log({ category: 'leads' })).items.map((e) => e.summary);
      expect(leads).toContain('Admin exported 1 lead as CSV');
      expect(leads).toContain('Admin exported 0 leads as CSV');
      expect(leads).toContain('Admin archived the lead from Audit Lead');
    });
  });

  it('documents: upload, edit, replace, delete', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const added = await uploadImage(png, 'Audit Photo', 'A green square', 'photo.png');
    expect(added.statusCode, added.body).toBe(200);
    const doc = added.json().data;
    await post(`/api/admin/documents/delete/${doc.id}`, {});
    const summaries = (await log({ category: 'documents' })).items.map((e) => e.summary);
    expect(summaries).toEqual(
      expect.arrayContaining(['Admin uploaded the document Audit Photo', 'Admin deleted the document Audit Photo']),
    );
  });
});

describe('the audit log screen’s API: filters, paging, CSV export', () => {
  it('filters by person, kind of action and date range, and pages', async () => {
    const byEditor = await log({ actor: EDITOR });
    expect(byEditor.total).toBeGreaterThan(3);
    expect(byEditor.items.every((e) => e.actorEmail === EDITOR)).toBe(true);
    const signIns = await log({ category: 'sign-in' });
    expect(signIns.items.length).toBeGreaterThan(0);
    expect(signIns.items.every((e) => /signed in|sign-in|Sign-ins/i.test(e.summary))).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log({ from: today, to: today })).total).toBe((await log()).total);
    expect((await log({ from: '2000-01-01', to: '2000-01-31' })).total).toBe(0);
    const page1 = await log({}, 0, 3);
    const page2 = await log({}, 3, 3);
    expect(page1.items).toHaveLength(3);
    expect(page2.items[0]!.id).toBeLessThan(page1.items[2]!.id);
    const bad = await post('/api/admin/audit-log/filter', { from: 'last tuesday' });
    expect(bad.statusCode).toBe(400);
    // everyone who acted, by name with their email (ADR 052)
    expect((await get('/api/admin/audit-log/people')).json().data).toEqual(
      expect.arrayContaining([
        { name: 'Admin', email: 'admin@example.com' },
        { name: 'Jane Doe', email: EDITOR },
      ]),
    );
    // Editors cannot read it
    expect((await post('/api/admin/audit-log/filter', {}, editor)).statusCode).toBe(403);
  });

  it('exports the filtered log as CSV, in words, with links', async () => {
    const res = await post('/api/admin/audit-log/export', { actor: EDITOR });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...records] = parse(res.body) as string[][];
    // who by name and by email (ADR 052)
    expect(header).toEqual(['When (UTC)', 'Name', 'Email', 'What happened', 'Link', 'IP', 'Action', 'Kind', 'Title']);
    expect(records.length).toBe((await log({ actor: EDITOR })).total);
    expect(records.every((r) => r[1] === 'Jane Doe' && r[2] === EDITOR)).toBe(true);
    expect(records.some((r) => r[3] === 'Jane Doe published the knowledge item Spring Nitrogen Plan' && r[4]!.startsWith('http'))).toBe(
      true,
    );
  });
});

describe('the audit log is append-only', () => {
  it('its repository has no way to change or delete an entry', () => {
    expect(Object.keys(createAuditRepository(t.database.db)).sort()).toEqual(['actors', 'insert', 'iterate', 'list']);
  });
  it('the database refuses UPDATE, DELETE and TRUNCATE on it', async () => {
    const rows = sqlRows(t.database);
    const refused = async (query: Promise<unknown>) => {
      const err = await query.then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      return `${err?.message ?? 'no error'} ${err?.cause?.message ?? ''}`;
    };
    expect(await refused(rows`update audit_log set action = 'nothing-happened'`)).toMatch(/audit_log is append-only: UPDATE refused/);
    expect(await refused(rows`delete from audit_log`)).toMatch(/audit_log is append-only: DELETE refused/);
    expect(await refused(rows`truncate audit_log`)).toMatch(/audit_log is append-only: TRUNCATE refused/);
    expect((await rows<{ n: number }>`select count(*)::int as n from audit_log`)[0]!.n).toBeGreaterThan(0);
  });
  it('deleting a user leaves their entries as they were', async () => {
    const id = await addUser(t.app, admin, 'leaving.soon@example.com', 'a-leaving-password-here', [2]);
    const before = (await log({ actor: 'admin@example.com' })).total;
    expect((await get(`/api/adminusers/delete/${id}`)).statusCode).toBe(200);
    const after = await log({ actor: 'admin@example.com' });
    expect(after.total).toBe(before + 1);
    expect(after.items[0]!.summary).toBe('Admin deleted the user Leaving Soon');
  });
});

describe('12. an Editor cannot override a campaign route or an Administrator’s redirect', () => {
  it('reserved slugs come from the route table: campaign pages and every other first segment', async () => {
    for (const slug of [
      'clear-choice',
      'balanced-nutrition',
      'thats-farming',
      'anvol-protects',
      'dual-purpose',
      'siteadmin',
      'account',
      'api',
      'doccenter',
      'preview',
    ]) {
      expect(RESERVED_SLUGS.has(slug), slug).toBe(true);
    }
    const res = await post(
      '/api/admin/pages/add',
      { title: 'Clear Choice Copy', slug: 'clear-choice', visibility: 1, regionIds: [2] },
      editor,
    );
    expect(res.statusCode).toBe(409);
    // every server route's first segment is covered too
    for (const route of t.app.routeTable) {
      const first = String(route.url).split('/').find(Boolean);
      if (first && !first.startsWith(':') && first !== '*' && /^[a-z0-9-]+$/.test(first))
        expect(RESERVED_SLUGS.has(first), route.url).toBe(true);
    }
  });

  it('a rename cannot take over an Administrator’s redirect, and leaves it as it was', async () => {
    const redirect = (await post('/api/admin/redirects/add', { fromPath: '/spring-offer', toPath: '/about' })).json().data;
    const page = (
      await post('/api/admin/pages/add', { title: 'Offer Page', slug: 'offer-page', visibility: 1, regionIds: [2] }, editor)
    ).json().data;
    const rename = await post(
      '/api/admin/pages/add',
      { id: page.id, title: 'Offer Page', slug: 'spring-offer', visibility: 1, regionIds: [2] },
      editor,
    );
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toMatch(/\/spring-offer is a redirect set up in Redirects/);
    expect((await get(`/api/admin/redirects/get/${redirect.id}`)).json().data).toMatchObject({
      fromPath: '/spring-offer',
      toPath: '/about',
    });
  });

  it('renames touch only the redirects renames made: moving back removes its own, a person’s stays', async () => {
    const page = (
      await post('/api/admin/pages/add', { title: 'Moving Page', slug: 'moving-a', visibility: 1, regionIds: [2] }, editor)
    ).json().data;
    const person = (await post('/api/admin/redirects/add', { fromPath: '/old-campaign', toPath: '/moving-a' })).json().data;
    expect(
      (await post('/api/admin/pages/add', { id: page.id, title: 'Moving Page', slug: 'moving-b', visibility: 1, regionIds: [2] }, editor))
        .statusCode,
    ).toBe(200);
    const rows = sqlRows(t.database);
    expect(await rows`select from_path, to_path, origin from redirects where from_path = '/moving-a'`).toEqual([
      { from_path: '/moving-a', to_path: '/moving-b', origin: 'rename' },
    ]);
    expect((await get(`/api/admin/redirects/get/${person.id}`)).json().data.toPath).toBe('/moving-a');
    // moving back: the rename's own redirect at /moving-a goes, so the page answers there again
    expect(
      (await post('/api/admin/pages/add', { id: page.id, title: 'Moving Page', slug: 'moving-a', visibility: 1, regionIds: [2] }, editor))
        .statusCode,
    ).toBe(200);
    expect(await rows`select id from redirects where from_path = '/moving-a'`).toEqual([]);
    expect((await get(`/api/admin/redirects/get/${person.id}`)).json().data.toPath).toBe('/moving-a');
  });
});

describe('also: image pixel limit; delete and archive accept POST as well as GET', () => {
  it('an image over 40 megapixels is refused (413) before it is decoded', async () => {
    const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await uploadImage(big, 'Huge', 'A white field', 'huge.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than 40 megapixels/);
  });

  it('GET and POST both delete; the OpenAPI document names the two operations apart', async () => {
    const a = (await post('/api/admin/redirects/add', { fromPath: '/by-get', toPath: '/about' })).json().data;
    const b = (await post('/api/admin/redirects/add', { fromPath: '/by-post', toPath: '/about' })).json().data;
    expect((await get(`/api/admin/redirects/delete/${a.id}`)).statusCode).toBe(200);
    expect((await post(`/api/admin/redirects/delete/${b.id}`, {})).statusCode).toBe(200);
    expect((await get(`/api/admin/redirects/get/${b.id}`)).statusCode).toBe(404);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const op = doc.paths['/api/admin/redirects/delete/{id}']!;
    expect([op.get!.operationId, op.post!.operationId]).toEqual(['deleteRedirect', 'deleteRedirectPost']);
    expect(doc.paths['/api/admin/forms/archive/{id}']!.post).toBeDefined();
    expect(doc.paths['/api/adminusers/delete/{id}']!.post).toBeDefined();
  });
});
