import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_ROWS } from '#shared/contracts/bulk.ts';
import { BULK_BUSY, bulkRunning } from '../../../bulk.ts';
import { addUser, bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { multipart, pdf } from '#tests/setup/multipart.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Bulk actions of the admin lists (ADR 050): each row is done on its own through the single action's
 * service call (a version per publish, the "in use" refusal of a document delete, one audit entry per
 * row), chosen by id or by the list's filter; the reply lists what was done and what was refused, and why.
 */

let t: TestApp;
let admin: string;
let editor: string;
const TOKEN = `bulk${Date.now().toString(36)}`;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  admin = (await signIn(t.app)).token;
  await addUser(t.app, admin, 'bulk.editor@example.com', 'a-writer-password-here', [2]);
  editor = (await signIn(t.app, 'bulk.editor@example.com', 'a-writer-password-here')).token;
});
afterAll(() => t.close());

const post = (url: string, payload: object, token: string | null = admin) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const rows = () => sqlRows(t.database);

const KC = '/api/admin/knowledge-center';
async function addKnowledge(title: string, extra: object = {}): Promise<number> {
  const res = await post(`${KC}/add`, {
    type: 0,
    category: 39,
    region: 2,
    status: 0,
    title,
    metadata: { desc: title },
    modules: [],
    publishDate: '2026-04-01T00:00:00Z',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const item = async (id: number) => (await get(`${KC}/get/${id}`)).json().data as { status: number; region: number; versionId: number };
const versions = async (id: number) => ((await get(`${KC}/get-versions/${id}`)).json().data as unknown[]).length;
const audit = (kind: string, ids: number[]) =>
  rows()<{ subject_id: string; action: string; actor_email: string }>`
    select subject_id, action, actor_email from audit_log
    where subject_kind = ${kind} and subject_id in ${ids.map(String)} and action not in ('created', 'uploaded')
    order by id`;

describe('bulk actions of a versioned kind (knowledge center)', () => {
  it('publishes the chosen items, each as a new version with its own audit entry, and lists the one already published as refused', async () => {
    const a = await addKnowledge(`${TOKEN} Alpha`);
    const b = await addKnowledge(`${TOKEN} Bravo`);
    const live = await addKnowledge(`${TOKEN} Charlie`, { status: 1 });
    const before = await Promise.all([a, b].map(versions));

    const res = await post(`${KC}/bulk`, { action: 'publish', ids: [a, b, live] }, editor);
    expect(res.statusCode, res.body).toBe(200);
    const { done, refused } = res.json().data;
    expect(done).toEqual([
      { id: a, title: `${TOKEN} Alpha` },
      { id: b, title: `${TOKEN} Bravo` },
    ]);
    expect(refused).toEqual([{ id: live, title: `${TOKEN} Charlie`, reason: 'Already published.' }]);
    for (const [i, id] of [a, b].entries()) {
      expect((await item(id)).status).toBe(1);
      expect(await versions(id)).toBe(before[i]! + 1);
    }
    // live at once
    const list = (await post(`${KC}/filter`, { searchText: `${TOKEN} Alpha` })).json().data.items;
    expect(list).toMatchObject([{ id: a, status: 1, live: true }]);
    // one audit entry per row done, by the editor who did it; none for the refused row
    expect(await audit('knowledge', [a, b, live])).toEqual([
      { subject_id: String(a), action: 'published', actor_email: 'bulk.editor@example.com' },
      { subject_id: String(b), action: 'published', actor_email: 'bulk.editor@example.com' },
    ]);
  });

  it('unpublishes every item the list’s filter matches, paging ignored', async () => {
    const token = `${TOKEN}filter`;
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await addKnowledge(`${token} item ${n}`, { status: 1 }));
    const res = await post(`${KC}/bulk`, { action: 'unpublish', filter: { searchText: token, length: 1, start: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.done.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(res.json().data.refused).toEqual([]);
    for (const id of ids) expect((await item(id)).status).toBe(0);
    expect((await audit('knowledge', ids)).map((r) => r.action)).toEqual(['unpublished', 'unpublished', 'unpublished']);
  });

  it('moves items to another region, refusing the one already there', async () => {
    const us = await addKnowledge(`${TOKEN} Delta`);
    const ca = await addKnowledge(`${TOKEN} Echo`, { region: 3 });
    const res = await post(`${KC}/bulk`, { action: 'region', region: 3, ids: [us, ca] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      done: [{ id: us, title: `${TOKEN} Delta` }],
      refused: [{ id: ca, title: `${TOKEN} Echo`, reason: 'Already in Canada.' }],
    });
    expect((await item(us)).region).toBe(3);
    expect((await audit('knowledge', [us])).map((r) => r.action)).toEqual(['saved']);
  });

  it('deletes the chosen items (soft, as delete/{id}) and names an unknown id as refused', async () => {
    const a = await addKnowledge(`${TOKEN} Foxtrot`);
    const res = await post(`${KC}/bulk`, { action: 'delete', ids: [a, 999_999] });
    expect(res.json().data).toEqual({
      done: [{ id: a, title: `${TOKEN} Foxtrot` }],
      refused: [{ id: 999_999, title: '#999999', reason: 'Not found: it may have been deleted.' }],
    });
    const list = (await post(`${KC}/filter`, { searchText: `${TOKEN} Foxtrot` })).json().data;
    expect(list.total).toBe(0);
    expect((await audit('knowledge', [a])).map((r) => r.action)).toEqual(['deleted']);
  });

  it('runs one bulk action per list at a time: a second one meanwhile is refused with 409', async () => {
    const id = await addKnowledge(`${TOKEN} busy`);
    // the knowledge list's action under way (held here: two real calls overlap only by chance)
    bulkRunning.add(`${KC}/bulk`);
    try {
      const busy = await post(`${KC}/bulk`, { action: 'publish', ids: [id] });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().message).toBe(BULK_BUSY);
      // another list is not held up
      expect((await post('/api/admin/press-releases/bulk', { action: 'publish', ids: [999_999] })).statusCode).toBe(200);
    } finally {
      bulkRunning.delete(`${KC}/bulk`);
    }
    // once done (even after a refusal or failure), the list takes the next one
    expect((await post(`${KC}/bulk`, { action: 'delete', ids: [999_999] })).statusCode).toBe(200);
    expect((await post(`${KC}/bulk`, { action: 'publish', ids: [id] })).json().data.done).toHaveLength(1);
    expect(bulkRunning.size).toBe(0);
  });

  it('exports the chosen items as CSV', async () => {
    const a = await addKnowledge(`${TOKEN} Golf`);
    const b = await addKnowledge(`=${TOKEN} Hotel`, { region: 3, status: 1 });
    const res = await post(`${KC}/bulk/export`, { ids: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="knowledge-selection.csv"');
    const csv = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(csv.map((r) => [r.Id, r.Title, r.Status, r.Region])).toEqual([
      [String(a), `${TOKEN} Golf`, 'unpublished', 'U.S.'],
      // a cell a spreadsheet would run as a formula is written as text
      [String(b), `'=${TOKEN} Hotel`, 'published', 'Canada'],
    ]);
    expect(csv[0]!.Address).toMatch(/^\/knowledge-center\//);
  });

  it('offers each kind only its actions: pages and press releases too, products without a region', async () => {
    const page = await post('/api/admin/pages/add', { title: `${TOKEN} Page`, visibility: 0, regionIds: [2] });
    expect(page.statusCode, page.body).toBe(200);
    const id = page.json().data.id as number;
    const shown = await post('/api/admin/pages/bulk', { action: 'publish', ids: [id] });
    expect(shown.json().data.done).toEqual([{ id, title: `${TOKEN} Page` }]);
    const moved = await post('/api/admin/pages/bulk', { action: 'region', region: 4, ids: [id] });
    expect(moved.json().data.done).toHaveLength(1);
    expect((await get(`/api/admin/pages/get/${id}`)).json().data).toMatchObject({ visibility: 1, regionIds: [4] });

    // a product is hidden and shown again through its own save (its whole content as the editor loads it)
    const product = (await post('/api/admin/products/filter', {})).json().data.items[0] as { id: number; name: string };
    const hidden = await post('/api/admin/products/bulk', { action: 'unpublish', ids: [product.id] });
    expect(hidden.json().data, hidden.body).toEqual({ done: [{ id: product.id, title: expect.any(String) }], refused: [] });
    expect((await get(`/api/admin/products/get/${product.id}`)).json().data.status).toBe(0);
    expect((await post('/api/admin/products/bulk', { action: 'publish', ids: [product.id] })).json().data.done).toHaveLength(1);
    expect((await get(`/api/admin/products/get/${product.id}`)).json().data.status).toBe(1);

    const noRegion = await post('/api/admin/products/bulk', { action: 'region', region: 3, ids: [1] });
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().message).toMatch(/action/);
    // landing pages have no list filter and no bulk actions
    expect((await post('/api/admin/landing-pages/bulk', { action: 'delete', ids: [1] })).statusCode).toBe(404);
  });
});

describe('bulk delete of documents keeps the "in use" guard', () => {
  const auth = () => bearer(admin);
  async function upload(title: string) {
    const body = multipart(
      [
        { name: 'title', value: title },
        { name: 'kind', value: 'statement' },
        { name: 'altText', value: '' },
        { name: 'regionIds', value: '2' },
        { name: 'file', value: pdf(title), fileName: 'statement.pdf' },
      ],
      auth(),
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/documents/add', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; url: string };
  }

  it('deletes the free documents and refuses the one content links, with its reason, each with its own audit entry', async () => {
    const free = await upload(`${TOKEN} Free statement`);
    const used = await upload(`${TOKEN} Used statement`);
    await addKnowledge(`${TOKEN} Linking item`, {
      status: 1,
      modules: [{ type: 2, content: `<p><a href="${used.url}">Statement</a></p>` }],
    });
    expect((await get(`/api/admin/documents/get/${used.id}`)).json().data.usage).toHaveLength(1);

    const res = await post('/api/admin/documents/bulk', { action: 'delete', ids: [free.id, used.id] }, editor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      done: [{ id: free.id, title: `${TOKEN} Free statement` }],
      refused: [
        {
          id: used.id,
          title: `${TOKEN} Used statement`,
          reason: `This document is in use (Knowledge item "${TOKEN} Linking item") and cannot be deleted. Remove it from there first.`,
        },
      ],
    });
    expect((await get(`/api/admin/documents/get/${free.id}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/documents/get/${used.id}`)).statusCode).toBe(200);
    expect(await audit('document', [free.id, used.id])).toEqual([
      { subject_id: String(free.id), action: 'deleted', actor_email: 'bulk.editor@example.com' },
    ]);
  });

  it('exports the documents the filter matches as CSV', async () => {
    await upload(`${TOKEN} Export one`);
    await upload(`${TOKEN} Export two`);
    const res = await post('/api/admin/documents/bulk/export', { filter: { search: `${TOKEN} Export`, sort: 'title' } });
    expect(res.statusCode, res.body).toBe(200);
    const csv = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(csv.map((r) => [r.Title, r.Kind, r.Regions])).toEqual([
      [`${TOKEN} Export one`, 'statement', 'U.S.'],
      [`${TOKEN} Export two`, 'statement', 'U.S.'],
    ]);
  });
});

describe('bulk actions of redirects', () => {
  it('deletes the redirects the filter matches, each with its audit entry, and exports a selection', async () => {
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const res = await post('/api/admin/redirects/add', { fromPath: `/${TOKEN}-old-${n}`, toPath: '/knowledge-center', statusCode: 301 });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id as number);
    }
    const csv = await post('/api/admin/redirects/bulk/export', { ids });
    expect((parse(csv.body, { columns: true }) as Record<string, string>[]).map((r) => r.From)).toEqual([
      `/${TOKEN}-old-1`,
      `/${TOKEN}-old-2`,
    ]);
    const res = await post('/api/admin/redirects/bulk', { action: 'delete', filter: { search: `${TOKEN}-old` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.done).toHaveLength(2);
    expect((await audit('redirect', ids)).map((r) => r.action)).toEqual(['deleted', 'deleted']);
  });
});

describe('bulk actions of form submissions', () => {
  it('archives the leads the filter matches (refusing one already archived), and exports chosen leads with the export’s columns', async () => {
    const ids: number[] = [];
    for (const name of [`${TOKEN} Avery`, `${TOKEN} Blake`, `${TOKEN} Casey`]) {
      const [row] = await rows()<{ id: number }>`insert into form_submissions (type, name, email, phone, data, message, zipcode, captcha)
        values (0, ${name}, 'lead@farm.example', '+1 515 555 0100', '{}', 'Hello', '50010', 'verified') returning id`;
      ids.push(row!.id);
    }
    expect((await get(`/api/admin/forms/archive/${ids[2]!}`)).statusCode).toBe(200);

    const csv = await post('/api/admin/forms/bulk/export', { ids: ids.slice(0, 2) });
    expect(csv.statusCode, csv.body).toBe(200);
    const records = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.Id, r.Name, r.Archived])).toEqual([
      [String(ids[0]), `${TOKEN} Avery`, 'no'],
      [String(ids[1]), `${TOKEN} Blake`, 'no'],
    ]);
    const exported = await rows()<{
      detail: { count: number };
    }>`select detail from audit_log where subject_kind = 'lead' and action = 'exported' order by id desc limit 1`;
    expect(exported[0]!.detail.count).toBe(2);

    // every status (open and archived), found by name
    const res = await post('/api/admin/forms/bulk', { action: 'archive', filter: { search: TOKEN, status: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.done.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual(ids.slice(0, 2).sort());
    expect(res.json().data.refused).toEqual([{ id: ids[2], title: `from ${TOKEN} Casey`, reason: 'Already archived.' }]);
    expect((await audit('lead', ids)).map((r) => r.action)).toEqual(['archived', 'archived', 'archived']);
    // an Editor does not read leads
    expect((await post('/api/admin/forms/bulk', { action: 'archive', ids }, editor)).statusCode).toBe(403);
  });
});

describe('bulk actions of reps and retailers', () => {
  it('deletes the chosen reps, each with its audit entry, refusing one deleted meanwhile, and exports chosen reps in the export’s columns', async () => {
    const addRep = async (name: string) => {
      const res = await post('/api/admin/reps/add', { name, email: `${name.replace(/\W/g, '.')}@example.com`, states: 'IA' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const ids = [await addRep(`${TOKEN} Rep A`), await addRep(`${TOKEN} Rep B`)];

    // the chosen reps as CSV: the same header and cells as the list's own export (the file the import takes back)
    const csv = await post('/api/admin/reps/bulk/export', { ids });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const whole = parse((await get('/api/admin/reps/export')).json().data.csv as string) as string[][];
    const chosen = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    expect(chosen[0]).toEqual(whole[0]);
    expect(chosen.slice(1)).toEqual(whole.filter((r) => ids.map(String).includes(r[0]!)));

    const gone = await addRep(`${TOKEN} Rep C`);
    expect((await get(`/api/admin/reps/delete/${gone}`)).statusCode).toBe(200);
    const res = await post('/api/admin/reps/bulk', { action: 'delete', ids: [...ids, gone] }, editor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      done: [
        { id: ids[0], title: `${TOKEN} Rep A` },
        { id: ids[1], title: `${TOKEN} Rep B` },
      ],
      refused: [{ id: gone, title: `#${gone}`, reason: 'Not found: it may have been deleted.' }],
    });
    for (const id of ids) expect((await get(`/api/admin/reps/get/${id}`)).statusCode).toBe(404);
    expect((await audit('rep', ids)).map((r) => [r.action, r.actor_email])).toEqual([
      ['deleted', 'bulk.editor@example.com'],
      ['deleted', 'bulk.editor@example.com'],
    ]);
    // no region action: a rep's region follows their territories
    expect((await post('/api/admin/reps/bulk', { action: 'region', region: 3, ids })).statusCode).toBe(400);
  });

  it('deletes the retailers the filter matches and exports them in the export’s columns', async () => {
    const ids: number[] = [];
    for (const name of [`${TOKEN} Agronomy A`, `${TOKEN} Agronomy B`]) {
      const res = await post('/api/admin/retailers/add', { name, postalCode: '50010' });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id as number);
    }
    const csv = await post('/api/admin/retailers/bulk/export', { filter: { search: `${TOKEN} Agronomy` } });
    expect(csv.statusCode, csv.body).toBe(200);
    const whole = parse((await get('/api/admin/retailers/export')).json().data.csv as string) as string[][];
    const chosen = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    expect(chosen[0]).toEqual(whole[0]);
    expect(chosen.slice(1)).toEqual(whole.filter((r) => ids.map(String).includes(r[0]!)));

    const res = await post('/api/admin/retailers/bulk', { action: 'delete', filter: { search: `${TOKEN} Agronomy` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.done.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(res.json().data.refused).toEqual([]);
    expect((await audit('retailer', ids)).map((r) => r.action)).toEqual(['deleted', 'deleted']);
  });
});

describe('bulk actions of users', () => {
  it('deletes the chosen users through the single delete, refusing your own account with its reason, and exports users without secrets', async () => {
    const emails = [`${TOKEN}.one@example.com`, `${TOKEN}.two@example.com`];
    const ids = [
      await addUser(t.app, admin, emails[0]!, 'a-writer-password-here', [2]),
      await addUser(t.app, admin, emails[1]!, 'a-writer-password-here', [1]),
    ];
    const [me] = await rows()<{ id: number }>`select id from admin_users where email = 'admin@example.com'`;

    // Administrators only
    expect((await post('/api/adminusers/bulk', { action: 'delete', ids }, editor)).statusCode).toBe(403);
    expect((await post('/api/adminusers/bulk/export', { ids }, editor)).statusCode).toBe(403);

    const csv = await post('/api/adminusers/bulk/export', { filter: { search: TOKEN } });
    expect(csv.statusCode, csv.body).toBe(200);
    const table = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    expect(table[0]).toEqual(['Id', 'Email', 'Roles', 'Created (UTC)', 'Last sign-in (UTC)']);
    expect(table.slice(1).map((r) => [r[1], r[2], r[4]])).toEqual([
      [emails[0], 'Editor', ''],
      [emails[1], 'Administrator', ''],
    ]);
    expect(table[1]![3]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(csv.body).not.toMatch(/\$argon|\$2[aby]\$|password|totp/i);

    const res = await post('/api/adminusers/bulk', { action: 'delete', ids: [me!.id, ...ids] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      done: [
        { id: ids[0], title: emails[0] },
        { id: ids[1], title: emails[1] },
      ],
      refused: [{ id: me!.id, title: 'admin@example.com', reason: 'You cannot delete your own account.' }],
    });
    const left = await rows()<{ email: string }>`select email from admin_users where email in ${[...emails, 'admin@example.com']}`;
    expect(left.map((r) => r.email)).toEqual(['admin@example.com']);
    const entries = await rows()<{ action: string; target_email: string }>`
      select action, target_email from audit_log where action = 'user-deleted' and target_email in ${emails} order by id`;
    expect(entries.map((e) => e.target_email)).toEqual(emails);
  });
});

describe('bulk calls refuse what they must', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await post(`${KC}/bulk`, { action: 'publish', ids: [1] }, null)).statusCode).toBe(401);
    expect((await post(`${KC}/bulk/export`, { ids: [1] }, null)).statusCode).toBe(401);
    // an Editor has content, not redirects: the redirects' bulk calls are the single delete's
    expect((await post('/api/admin/redirects/bulk', { action: 'delete', ids: [1] }, editor)).statusCode).toBe(403);
    expect((await post('/api/admin/redirects/bulk/export', { ids: [1] }, editor)).statusCode).toBe(403);
  });

  it('answers 400 with a message: too many ids, an unknown action, no selection or both, a region change without a region', async () => {
    const ids = Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => i + 1);
    const cases: [object, RegExp][] = [
      [{ action: 'publish', ids }, /at most 500/],
      [{ action: 'explode', ids: [1] }, /action must be one of/],
      [{ action: 'archive', ids: [1] }, /action must be one of/],
      [{ action: 'publish' }, /either ids or filter/],
      [{ action: 'publish', ids: [1], filter: {} }, /either ids or filter/],
      [{ action: 'publish', ids: [] }, /at least one row/],
      [{ action: 'region', ids: [1] }, /Choose a region/],
      [{ action: 'region', region: 4, ids: [1] }, /Choose a region/],
    ];
    for (const [body, message] of cases) {
      const res = await post(`${KC}/bulk`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toMatch(message);
    }
    const noRows = await post(`${KC}/bulk`, { action: 'publish', ids: [1] });
    expect(noRows.statusCode).toBe(200);
  });
});
