import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMS_MESSAGES } from '#shared/validation/forms-admin.ts';
import { bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

interface Item {
  id: number;
  name: string;
  type: number;
  created: string;
  phone: string;
  zipCode: string;
  data: { name: string; value: string }[];
  archived: boolean;
  captcha: string;
}

/** Submissions with known names, types, dates and verification, inserted directly (the public form is tested elsewhere). */
const ROWS = [
  { name: 'Avery Stone', email: 'avery@farm.example', type: 0, created: '2026-03-01T10:00:00Z', captcha: 'verified', zip: '50010' },
  { name: 'blake Rivers', email: 'blake@coop.example', type: 1, created: '2026-03-02T10:00:00Z', captcha: 'missing', zip: '68510' },
  { name: 'Casey Field', email: 'casey@farm.example', type: 0, created: '2026-03-03T10:00:00Z', captcha: 'unavailable', zip: 'N2L 3G1' },
  { name: 'Drew Meadows', email: 'drew@grain.example', type: 1, created: '2026-03-04T10:00:00Z', captcha: 'not-configured', zip: '61820' },
  { name: 'Emery 100%_Oats', email: 'emery@oats.example', type: 0, created: '2026-03-05T10:00:00Z', captcha: 'verified', zip: '57104' },
];

describe('form submissions admin API', () => {
  let t: TestApp;
  let token: string;
  const queries: string[] = [];
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({}, { onQuery: (q) => queries.push(q) });
    token = (await signIn(t.app)).token;
    const run = sqlRows(t.database);
    await run`delete from mail_outbox`;
    await run`delete from form_submissions`;
    for (const r of ROWS) {
      const data = JSON.stringify({ Region: 'USA', Role: 'Grower', Zipcode: r.zip });
      const [row] = await run<{
        id: number;
      }>`insert into form_submissions (type, name, email, phone, data, message, zipcode, captcha, created)
        values (${r.type}, ${r.name}, ${r.email}, '+1 515 555 0100', ${data}, 'Hello', 'stored-copy', ${r.captcha}, ${r.created}) returning id`;
      ids[r.name] = row!.id;
    }
  });
  afterAll(() => t.close());

  const filter = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/forms/filter', headers: bearer(token), payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Item[]; total: number; start: number; updated: unknown };
  };
  const names = (items: Item[]) => items.map((i) => i.name);

  it('lists newest first by default (order 4, status -1) with the ZipCode from the data JSON, and echoes the updated marker', async () => {
    const page = await filter({ start: 0, length: 20, order: 4, status: -1, updated: 'tick-7' });
    expect(names(page.items)).toEqual(['Emery 100%_Oats', 'Drew Meadows', 'Casey Field', 'blake Rivers', 'Avery Stone']);
    expect(page.total).toBe(5);
    expect(page.updated).toBe('tick-7');
    expect(page.items[2]).toMatchObject({
      type: 0,
      phone: '+1 515 555 0100',
      zipCode: 'N2L 3G1',
      created: '2026-03-03T10:00:00.000Z',
      archived: false,
    });
    expect(page.items[2]!.data).toEqual([
      { name: 'Region', value: 'USA' },
      { name: 'Role', value: 'Grower' },
      { name: 'Zipcode', value: 'N2L 3G1' },
    ]);
    expect(names((await filter({})).items)).toEqual(names(page.items));
  });

  it('sorts by name (any case), type and created in both directions', async () => {
    expect(names((await filter({ order: 0 })).items)).toEqual([
      'Avery Stone',
      'blake Rivers',
      'Casey Field',
      'Drew Meadows',
      'Emery 100%_Oats',
    ]);
    expect(names((await filter({ order: 1 })).items)).toEqual([
      'Emery 100%_Oats',
      'Drew Meadows',
      'Casey Field',
      'blake Rivers',
      'Avery Stone',
    ]);
    expect((await filter({ order: 2 })).items.map((i) => i.type)).toEqual([0, 0, 0, 1, 1]);
    expect((await filter({ order: 3 })).items.map((i) => i.type)).toEqual([1, 1, 0, 0, 0]);
    expect(names((await filter({ order: 5 })).items)[0]).toBe('Avery Stone');
  });

  it('pages with start and length (Load More) and keeps the total', async () => {
    const first = await filter({ start: 0, length: 2, order: 5 });
    const second = await filter({ start: 2, length: 2, order: 5 });
    const third = await filter({ start: 4, length: 2, order: 5 });
    expect([first.items, second.items, third.items].map(names)).toEqual([
      ['Avery Stone', 'blake Rivers'],
      ['Casey Field', 'Drew Meadows'],
      ['Emery 100%_Oats'],
    ]);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect(second.start).toBe(2);
  });

  it('filters by type, date range, verification and a search in name or email (wildcards taken literally)', async () => {
    expect(names((await filter({ type: 1, order: 0 })).items)).toEqual(['blake Rivers', 'Drew Meadows']);
    expect(names((await filter({ type: 0, order: 0 })).items)).toEqual(['Avery Stone', 'Casey Field', 'Emery 100%_Oats']);
    expect(names((await filter({ createdFrom: '2026-03-02T00:00:00Z', createdTo: '2026-03-04T00:00:00Z', order: 5 })).items)).toEqual([
      'blake Rivers',
      'Casey Field',
    ]);
    expect(names((await filter({ verification: 'unverified', order: 5 })).items)).toEqual(['blake Rivers', 'Casey Field']);
    expect(names((await filter({ verification: 'verified', order: 5 })).items)).toEqual(['Avery Stone', 'Emery 100%_Oats']);
    expect(names((await filter({ verification: 'not-checked' })).items)).toEqual(['Drew Meadows']);
    expect(names((await filter({ search: 'RIVERS' })).items)).toEqual(['blake Rivers']);
    expect(names((await filter({ search: 'farm.example', order: 0 })).items)).toEqual(['Avery Stone', 'Casey Field']);
    expect(names((await filter({ search: '100%_' })).items)).toEqual(['Emery 100%_Oats']);
    expect((await filter({ search: '%' })).total).toBe(1);
  });

  it('refuses a bad filter with a 400 envelope', async () => {
    const reversed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms/filter',
      headers: bearer(token),
      payload: { createdFrom: '2026-03-04T00:00:00Z', createdTo: '2026-03-01T00:00:00Z' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ success: false, data: null, message: expect.stringContaining(FORMS_MESSAGES.badRange) });
    const badOrder = await t.app.inject({ method: 'POST', url: '/api/admin/forms/filter', headers: bearer(token), payload: { order: 10 } });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().success).toBe(false);
  });

  it('archive: the row leaves the list, stays in the database, and the archived filter lists it', async () => {
    const id = ids['Drew Meadows']!;
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/forms/archive/${id}`, headers: bearer(token) });
    expect(res.json()).toEqual({ success: true, data: null, message: null });
    expect(names((await filter({})).items)).not.toContain('Drew Meadows');
    expect((await filter({})).total).toBe(4);
    const archived = await filter({ status: 1 });
    expect(archived.items.map((i) => [i.name, i.archived])).toEqual([['Drew Meadows', true]]);
    expect((await filter({ status: 2 })).total).toBe(5);
    const [row] = await sqlRows(t.database)<{
      status: number;
      archived_at: Date | null;
    }>`select status, archived_at from form_submissions where id = ${id}`;
    expect(row!.status).toBe(1);
    expect(row!.archived_at).not.toBeNull();

    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/forms/archive/999999', headers: bearer(token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, data: null, message: FORMS_MESSAGES.notFound });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/forms/archive/abc', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the current view as CSV in its order, with formula cells neutralised', async () => {
    const run = sqlRows(t.database);
    const data = JSON.stringify({ Zipcode: '@SUM(A1)', Note: '-2+3' });
    await run`insert into form_submissions (type, name, email, phone, data, message, zipcode, captcha, created)
      values (0, '=HYPERLINK("http://evil.example","x")', 'evil@x.example', '+1 555 0100', ${data}, ${'\tcmd'}, '', 'verified', '2026-03-06T10:00:00Z')`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms/export',
      headers: bearer(token),
      payload: { order: 5, verification: 'verified', timeZone: 'America/Chicago' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // a byte-order mark first, so a spreadsheet reads the file as UTF-8
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="form-submissions-\d{4}-\d\d-\d\d\.csv"$/);
    const records = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(records.map((r) => r.Name)).toEqual(['Avery Stone', 'Emery 100%_Oats', `'=HYPERLINK("http://evil.example","x")`]);
    const evil = records[2]!;
    expect(evil).toMatchObject({
      Type: 'Contact',
      Phone: `'+1 555 0100`,
      ZipCode: `'@SUM(A1)`,
      Message: `'\tcmd`,
      Verification: 'verified',
      Archived: 'no',
    });
    expect(evil.Data).toBe('Zipcode: @SUM(A1); Note: -2+3');
    expect(records[0]).toMatchObject({
      Id: String(ids['Avery Stone']),
      Email: 'avery@farm.example',
      'Created (UTC)': '2026-03-01T10:00:00.000Z',
      // the editor's local time beside it (Chicago is UTC-6 in March before the change to daylight time)
      'Created (America/Chicago)': '2026-03-01 04:00:00',
      ZipCode: '50010',
    });
    // an unknown time zone is a 400 with a message, never a 500
    const badZone = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms/export',
      headers: bearer(token),
      payload: { timeZone: 'Mars/Olympus' },
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toContain('time zone');
    // Archived rows follow the status filter like the list.
    const all = parse(
      (await t.app.inject({ method: 'POST', url: '/api/admin/forms/export', headers: bearer(token), payload: { status: 2, order: 0 } }))
        .body,
      { columns: true, bom: true },
    ) as Record<string, string>[];
    expect(all.find((r) => r.Name === 'Drew Meadows')?.Archived).toBe('yes');
  });

  it('streams 25,000 rows in keyset batches of 1,000 and reads only what the consumer takes', async () => {
    const run = sqlRows(t.database);
    await run`insert into form_submissions (type, name, email, phone, data, zipcode, captcha, created)
      select g % 2, 'Bulk ' || lpad(g::text, 6, '0'), 'bulk' || g || '@example.com', '555', '{"Zipcode":"50010"}', '50010', 'not-configured',
        timestamptz '2026-01-01T00:00:00Z' + (g % 500) * interval '1 minute'
      from generate_series(1, 25000) as g`;
    const isBatch = (q: string) => /from "form_submissions"/.test(q) && /limit/i.test(q);

    // A consumer that stops early costs one batch query, not the whole table.
    queries.length = 0;
    let taken = 0;
    for await (const row of t.app.services.leads.exportRows({ order: 4, status: -1, type: -1, verification: 'all', search: 'bulk' })) {
      expect(row.name).toMatch(/^Bulk /);
      if (++taken === 10) break;
    }
    expect(queries.filter(isBatch)).toHaveLength(1);

    queries.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms/export',
      headers: bearer(token),
      payload: { search: 'bulk', order: 4 },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(
      'Id,Name,Type,Created (UTC),Email,Phone,ZipCode,Message,Verification,Archived,Status,Assigned to,Routing,Privacy text version,Data,Product selector',
    );
    expect(lines).toHaveLength(25_001);
    // Many rows share a created time: keyset paging on (created, id) must still return each row exactly once.
    const exportedIds = new Set(lines.slice(1).map((l) => l.split(',')[0]));
    expect(exportedIds.size).toBe(25_000);
    const batches = queries.filter(isBatch);
    // 1,000 rows a query (EXPORT_BATCH_SIZE): memory holds one batch, whatever the size of the view.
    expect(batches.length).toBeGreaterThanOrEqual(25);
    expect(batches.length).toBeLessThanOrEqual(26);
    expect(queries.some((q) => /offset/i.test(q) && /from "form_submissions"/.test(q))).toBe(false);
  }, 60_000);

  it('answers 20 rows by default when there are more, and Load More (start 20, then 40) brings the next ones, each once', async () => {
    const run = sqlRows(t.database);
    await run`insert into form_submissions (type, name, email, phone, data, message, zipcode, captcha, created)
      select 0, 'Paging Lead ' || lpad(g::text, 2, '0'), 'paging' || g || '@example.com', '555', '{"Zipcode":"50010"}', '', '50010', 'verified',
        timestamptz '2027-01-01T00:00:00Z' + g * interval '1 minute'
      from generate_series(1, 45) as g`;
    // the default view, as the screen first asks for it without a length
    const first = await filter({});
    expect(first.items).toHaveLength(20);
    expect(first.total).toBeGreaterThan(20);

    const search = 'Paging Lead';
    const pages = [await filter({ search }), await filter({ search, start: 20 }), await filter({ search, start: 40 })];
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => [p.start, p.total])).toEqual([
      [0, 45],
      [20, 45],
      [40, 45],
    ]);
    // newest first, each row exactly once across the pages
    const expected = Array.from({ length: 45 }, (_, i) => `Paging Lead ${String(45 - i).padStart(2, '0')}`);
    expect(pages.flatMap((p) => names(p.items))).toEqual(expected);
  });
});
