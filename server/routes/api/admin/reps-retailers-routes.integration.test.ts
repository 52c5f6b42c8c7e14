import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '#shared/permissions.ts';
import { importEmailChangeMessage, REP_MESSAGES, RETAILER_MESSAGES } from '#shared/validation/reps-retailers.ts';
import { addUser, bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

let t: TestApp;
let token: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  const admin = await signIn(t.app);
  adminToken = admin.token;
  // Reps and retailers are content: an Editor manages them (a rep's email, where their leads go, needs an Administrator).
  await addUser(t.app, admin.token, 'content.editor@example.com', 'an-editor-password', [ROLE_IDS.editor]);
  token = (await signIn(t.app, 'content.editor@example.com', 'an-editor-password')).token;
});
afterAll(() => t.close());

const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
// an edit sends the version it started from, read first as an editor does (ADR 048)
const post = async (url: string, payload: object, as = token) =>
  t.app.inject({ method: 'POST', url, headers: bearer(as), payload: await withBaseVersion(t.app, url, payload, bearer(as)) });
// Table names cannot be parameters: one fixed statement per table.
async function count(table: 'reps' | 'retailers'): Promise<number> {
  const rows =
    table === 'reps'
      ? await sqlRows(t.database)<{ n: string }>`select count(*)::text as n from reps`
      : await sqlRows(t.database)<{ n: string }>`select count(*)::text as n from retailers`;
  return Number(rows[0]!.n);
}

async function finder(label: 'Reps' | 'Retailers', zip: string) {
  const res = await t.app.inject(`/api/finder/search?label=${label}&zip=${encodeURIComponent(zip)}`);
  return res.json().data as { results: { id: number; name: string; phone?: string; matchedBy?: string }[] };
}

async function waitForJob(kind: 'reps' | 'retailers', id: string) {
  for (let i = 0; i < 200; i++) {
    const job = (await get(`/api/admin/${kind}/import-status/${id}`)).json().data as {
      state: string;
      done: number;
      total: number;
      created: number;
      updated: number;
      message: string | null;
    };
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

describe('retailers', () => {
  it('adds a retailer with blank coordinates at its ZIP centroid (city and state filled too), and the public finder shows it at once', async () => {
    const res = await post('/api/admin/retailers/add', {
      name: 'Zephyr Test Agronomy',
      address: '1 Test Rd',
      postalCode: '50010',
      phone: '(515) 555-0150',
      website: 'https://zephyr.example',
      products: 'AGROTAIN, SUPERU; ANVOL',
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({
      name: 'Zephyr Test Agronomy',
      city: 'Ames',
      state: 'IA',
      postalCode: '50010',
      country: 'US',
      products: ['AGROTAIN', 'SUPERU', 'ANVOL'],
    });
    const [ames] = await sqlRows(t.database)<{
      latitude: number;
      longitude: number;
    }>`select latitude, longitude from postal_codes where country = 'US' and code = '50010'`;
    expect(r.latitude).toBe(ames!.latitude);
    expect(r.longitude).toBe(ames!.longitude);
    expect((await finder('Retailers', '50010')).results.map((x) => x.name)).toContain('Zephyr Test Agronomy');

    const edited = await post('/api/admin/retailers/edit', {
      id: r.id,
      name: 'Zephyr Test Agronomy',
      postalCode: '50010',
      phone: '(515) 555-0199',
      latitude: '41.9',
      longitude: -93.5,
    });
    expect(edited.json().data).toMatchObject({ phone: '(515) 555-0199', latitude: 41.9, longitude: -93.5, city: 'Ames' });
    expect((await finder('Retailers', '50010')).results.find((x) => x.id === r.id)?.phone).toBe('(515) 555-0199');

    expect((await get(`/api/admin/retailers/delete/${r.id}`)).json()).toEqual({ success: true, data: null, message: null });
    expect((await finder('Retailers', '50010')).results.map((x) => x.id)).not.toContain(r.id);
    const gone = await get(`/api/admin/retailers/get/${r.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ success: false, data: null, message: RETAILER_MESSAGES.notFound });
  });

  it('places a Canadian retailer at its FSA centroid and takes the province from it', async () => {
    const r = (await post('/api/admin/retailers/add', { name: 'Prairie FSA Test', postalCode: 's7k 9z9' })).json().data;
    expect(r).toMatchObject({
      postalCode: 'S7K 9Z9',
      country: 'CA',
      state: 'SK',
      city: 'Saskatoon North',
      latitude: 52.16,
      longitude: -106.66,
    });
  });

  it('refuses bad input with the field messages, and an unknown ZIP without coordinates', async () => {
    const bad = await post('/api/admin/retailers/add', {
      name: ' ',
      postalCode: '123',
      website: 'javascript:alert(1)',
      latitude: 95,
      longitude: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, data: null, message: RETAILER_MESSAGES.nameRequired });
    expect(bad.json().errors).toMatchObject({
      name: [RETAILER_MESSAGES.nameRequired],
      postalCode: [RETAILER_MESSAGES.postalInvalid],
      website: [RETAILER_MESSAGES.websiteInvalid],
      latitude: [RETAILER_MESSAGES.latitudeInvalid],
    });
    const pair = await post('/api/admin/retailers/add', { name: 'Half', postalCode: '50010', latitude: 42 });
    expect(pair.json().errors).toEqual({ longitude: [RETAILER_MESSAGES.latLngPair] });
    const unknown = await post('/api/admin/retailers/add', { name: 'Nowhere', postalCode: '00001' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('There is no known location for 00001: enter the latitude and longitude.');
    const placed = await post('/api/admin/retailers/add', { name: 'Somewhere', postalCode: '00001', latitude: 40, longitude: -90 });
    expect(placed.json().data).toMatchObject({ latitude: 40, longitude: -90, country: 'US' });
    expect((await post('/api/admin/retailers/edit', { id: 999999, name: 'X', postalCode: '50010' })).statusCode).toBe(404);
  });

  it('lists retailers in name order with paging and search, and gives the following retailer', async () => {
    const page1 = (await post('/api/admin/retailers/filter', { start: 0, length: 5 })).json().data;
    const page2 = (await post('/api/admin/retailers/filter', { start: 5, length: 5 })).json().data;
    expect(page1.items).toHaveLength(5);
    expect(page1.total).toBeGreaterThan(50);
    const names = [...page1.items, ...page2.items].map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await get(`/api/admin/retailers/get/${page1.items[0].id}`)).json().data.nextId).toBe(page1.items[1].id);
    const found = (await post('/api/admin/retailers/filter', { search: 'saskatoon' })).json().data;
    expect(found.items.map((r: { name: string }) => r.name)).toContain('Saskatoon Farm Supply');
    expect(found.items.every((r: { name: string; city: string }) => /saskatoon/i.test(r.name + r.city))).toBe(true);
    expect((await post('/api/admin/retailers/filter', { search: '100%_' })).json().data).toEqual({ items: [], total: 0 });
  });
});

describe('reps', () => {
  it('adds, edits and deletes a rep with territories; the public finder follows each change', async () => {
    const add = await post(
      '/api/admin/reps/add',
      {
        name: 'Quinn Test',
        title: 'Agronomist',
        email: 'quinn.test@example.com',
        phone: '515-555-0160',
        photo: '/doccenter/00000000-0000-4000-a000-000000000000',
        zips: '50010',
        zipPrefixes: ['511'],
      },
      adminToken,
    );
    expect(add.statusCode, add.body).toBe(200);
    const rep = add.json().data;
    expect(rep).toMatchObject({
      name: 'Quinn Test',
      regionId: 2,
      zips: ['50010'],
      zipPrefixes: ['511'],
      states: [],
      photo: '/doccenter/00000000-0000-4000-a000-000000000000',
    });
    // A ZIP is the most specific rule: Quinn is now the rep for 50010.
    expect((await finder('Reps', '50010')).results.map((r) => r.name)).toEqual(['Quinn Test']);

    const edit = await post('/api/admin/reps/edit', { ...rep, zips: '', zipPrefixes: '', fsas: 'S7K', provinces: 'mb' });
    expect(edit.json().data).toMatchObject({ regionId: 3, zips: [], fsas: ['S7K'], provinces: ['MB'] });
    expect((await finder('Reps', '50010')).results.map((r) => r.name)).not.toContain('Quinn Test');
    expect((await finder('Reps', 'S7K 1A1')).results.map((r) => r.name)).toContain('Quinn Test');

    const list = (await post('/api/admin/reps/filter', { search: 'quinn' })).json().data;
    expect(list).toMatchObject({ total: 1, items: [{ id: rep.id, fsas: ['S7K'] }] });
    expect((await post('/api/admin/reps/filter', { search: 'S7K' })).json().data.items.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Quinn Test', 'Cole Anderson']),
    );

    expect((await get(`/api/admin/reps/delete/${rep.id}`)).statusCode).toBe(200);
    expect((await finder('Reps', 'S7K 1A1')).results.map((r) => r.name)).not.toContain('Quinn Test');
    expect((await get(`/api/admin/reps/delete/${rep.id}`)).json()).toEqual({ success: false, data: null, message: REP_MESSAGES.notFound });
  });

  it('refuses a rep without name, email or territory, with a bad photo, and with bad territory codes', async () => {
    const res = await post('/api/admin/reps/add', { name: '', email: '', photo: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: [REP_MESSAGES.nameRequired],
      email: [REP_MESSAGES.emailRequired],
      photo: [REP_MESSAGES.photoInvalid],
    });
    const bad = await post('/api/admin/reps/add', {
      name: 'X',
      email: 'not-an-email',
      states: 'Iowa',
      zips: '5001',
      fsas: 'S7',
      provinces: 'ZZ',
      zipPrefixes: '50010',
    });
    expect(bad.json().errors).toEqual({
      email: [REP_MESSAGES.emailInvalid],
      states: ['"IOWA" is not a U.S. state code (two letters, such as IA).'],
      provinces: ['"ZZ" is not a Canadian province or territory code (such as SK).'],
      zipPrefixes: ['"50010" is not a ZIP prefix (1 to 4 digits, such as 500).'],
      zips: ['"5001" is not a 5-digit ZIP code.'],
      fsas: ['"S7" is not an FSA (the first three characters of a postal code, such as S7K).'],
    });
    const none = await post('/api/admin/reps/add', { name: 'X', email: 'x@example.com' });
    expect(none.json()).toMatchObject({ message: REP_MESSAGES.territoryRequired, errors: { states: [REP_MESSAGES.territoryRequired] } });
    expect(
      (await post('/api/admin/reps/add', { name: 'X', email: 'x@example.com', photo: '//evil.example/x.png', states: 'IA' })).json().errors,
    ).toEqual({ photo: [REP_MESSAGES.photoInvalid] });
  });
});

describe("a rep's email is where their leads go: only someone who may read leads sets it", () => {
  let lena: Record<string, unknown> & { id: number; email: string };
  let omar: Record<string, unknown> & { id: number; email: string };
  beforeAll(async () => {
    lena = (
      await post(
        '/api/admin/reps/add',
        { name: 'Lena Leads', title: 'Agronomist', email: 'lena.leads@example.com', states: 'IA' },
        adminToken,
      )
    ).json().data;
    omar = (await post('/api/admin/reps/add', { name: 'Omar Other', email: 'omar.other@example.com', states: 'NE' }, adminToken)).json()
      .data;
  });
  async function stored(id: number) {
    const [row] = await sqlRows(t.database)<{ email: string; title: string }>`select email, title from reps where id = ${id}`;
    return row;
  }
  async function auditSummaries(): Promise<string[]> {
    const res = await post('/api/admin/audit-log/filter', { start: 0, length: 200, category: 'reps-retailers' }, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { summary: string }[]).map((e) => e.summary);
  }

  it('an Editor changing the email through the edit API gets 403 and the email stays; the other fields still save', async () => {
    const refused = await post('/api/admin/reps/edit', { ...lena, title: 'Field Agronomist', email: 'attacker@evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      data: null,
      message: REP_MESSAGES.emailNeedsLeads,
      errors: { email: [REP_MESSAGES.emailNeedsLeads] },
    });
    expect(await stored(lena.id)).toEqual({ email: 'lena.leads@example.com', title: 'Agronomist' });

    const saved = await post('/api/admin/reps/edit', { ...lena, title: 'Field Agronomist' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ title: 'Field Agronomist', email: 'lena.leads@example.com' });
    // the fields the save changed, by the form's labels (ADR 052)
    expect(await auditSummaries()).toContain('Content Editor saved Title of the rep Lena Leads');

    // a new rep is a new destination: refused as well, and nothing is added
    const add = await post('/api/admin/reps/add', { name: 'Eve Elsewhere', email: 'eve@evil.example', states: 'IA' });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(REP_MESSAGES.addNeedsLeads);
    expect((await post('/api/admin/reps/filter', { search: 'Eve Elsewhere' })).json().data.total).toBe(0);
  });

  it('an Administrator changes the email, and the audit entry says from which address to which', async () => {
    const res = await post('/api/admin/reps/edit', { ...lena, email: 'lena.fields@example.com' }, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.email).toBe('lena.fields@example.com');
    expect((await stored(lena.id))?.email).toBe('lena.fields@example.com');
    // this save also puts back the title the Editor changed (it starts from the rep as first read)
    expect(await auditSummaries()).toContain(
      'Admin saved Title of the rep Lena Leads and changed their email from lena.leads@example.com to lena.fields@example.com',
    );
    const [entry] = await sqlRows(t.database)<{ detail: unknown }>`
      select detail from audit_log where subject_kind = 'rep' and subject_id = ${String(lena.id)} order by id desc limit 1`;
    expect(entry!.detail).toEqual({
      email: { before: 'lena.leads@example.com', after: 'lena.fields@example.com' },
      fields: ['title', 'email'],
    });
    lena = res.json().data;
  });

  it("an Editor's CSV import refuses the rows that add a rep or change an email, with the reason, and imports the others", async () => {
    const csv = [
      'id,name,email,states',
      `${lena.id},Lena Leads,elsewhere@evil.example,IA`,
      ',New Person,new.person@example.com,NE',
      `${omar.id},Omar Other,${omar.email},KS`,
    ].join('\n');
    const changeReason = importEmailChangeMessage(lena.email, 'elsewhere@evil.example');
    const preview = (await post('/api/admin/reps/import-preview', { csv })).json().data;
    expect(preview).toMatchObject({ total: 3, creates: 0, updates: 1, moreErrors: 0 });
    expect(preview.errors).toEqual([
      { line: 2, name: 'Lena Leads', messages: [changeReason] },
      { line: 3, name: 'New Person', messages: [REP_MESSAGES.importNewRepNeedsLeads] },
    ]);
    expect((await post('/api/admin/reps/import', { csv })).json().message).toBe(
      '2 rows have errors, so nothing was imported. Preview the file to see them.',
    );
    const job = await waitForJob('reps', (await post('/api/admin/reps/import', { csv, skipInvalid: true })).json().data.id);
    expect(job).toMatchObject({ state: 'done', created: 0, updated: 1 });
    expect((await stored(lena.id))?.email).toBe(lena.email);
    expect((await get(`/api/admin/reps/get/${omar.id}`)).json().data).toMatchObject({ email: omar.email, states: ['KS'] });
    expect((await post('/api/admin/reps/filter', { search: 'New Person' })).json().data.total).toBe(0);
    // the refused rows download with their reason, to hand to an Administrator
    const skipped = (await post('/api/admin/reps/import-skipped', { csv })).json().data;
    expect(skipped.rows).toBe(2);
    expect(skipped.csv).toContain(REP_MESSAGES.importNewRepNeedsLeads);
    expect(skipped.csv).toContain(`elsewhere@evil.example`);
  });

  it("an Administrator's CSV import changes an email, recorded with the address before and after", async () => {
    const csv = ['id,name,email,states', `${omar.id},Omar Other,omar.fields@example.com,KS`].join('\n');
    expect((await post('/api/admin/reps/import-preview', { csv }, adminToken)).json().data).toMatchObject({ updates: 1, errors: [] });
    const job = await waitForJob('reps', (await post('/api/admin/reps/import', { csv }, adminToken)).json().data.id);
    expect(job).toMatchObject({ state: 'done', updated: 1 });
    expect((await stored(omar.id))?.email).toBe('omar.fields@example.com');
    expect(await auditSummaries()).toEqual(
      expect.arrayContaining([
        'Admin saved the rep Omar Other from a CSV file and changed their email from omar.other@example.com to omar.fields@example.com',
        'Admin imported 1 rep from a CSV file (0 new, 1 updated)',
      ]),
    );
  });
});

describe('CSV import and export', () => {
  const RETAILERS_CSV = [
    'Name,Address,City,State,ZIP,Latitude,Longitude,Phone,Website,Products',
    'Csv Alpha Co-op,10 Elevator Rd,,,50010,,,515-555-0170,https://alpha.example,"AGROTAIN; SUPERU"',
    '"Csv Beta, Inc.",20 Main St,Regina,SK,S4P 3Y2,50.44,-104.6,,,ANVOL',
  ].join('\n');

  it('previews a valid retailers file without writing, then imports it with progress; the finder finds the rows', async () => {
    const before = await count('retailers');
    const preview = await post('/api/admin/retailers/import-preview', { csv: RETAILERS_CSV });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      total: 2,
      creates: 2,
      updates: 0,
      errors: [],
      moreErrors: 0,
      sample: [
        { line: 2, name: 'Csv Alpha Co-op', detail: '10 Elevator Rd, Ames, IA 50010' },
        { line: 3, name: 'Csv Beta, Inc.', detail: '20 Main St, Regina, SK S4P 3Y2' },
      ],
    });
    expect(await count('retailers')).toBe(before);

    const start = await post('/api/admin/retailers/import', { csv: RETAILERS_CSV });
    expect(start.json().data).toMatchObject({ state: 'running', total: 2 });
    const job = await waitForJob('retailers', start.json().data.id);
    expect(job).toMatchObject({ state: 'done', done: 2, total: 2, created: 2, updated: 0, message: null });
    expect(await count('retailers')).toBe(before + 2);
    expect((await finder('Retailers', '50010')).results.map((r) => r.name)).toContain('Csv Alpha Co-op');
    expect((await finder('Retailers', 'S4P 3Y2')).results.map((r) => r.name)).toContain('Csv Beta, Inc.');
  });

  it('reports each invalid row by line and imports nothing from a file with any invalid row', async () => {
    const csv = [
      'name,postal_code,latitude,longitude,website',
      'Good Row,50010,,,',
      ',50010,,,',
      'Bad Zip,ABCDE,,,',
      'Unknown Zip,00001,,,',
      '"Multi',
      'line",50010,,,ftp://x.example',
      'Half,50010,42,,',
    ].join('\r\n');
    const preview = (await post('/api/admin/retailers/import-preview', { csv })).json().data;
    expect(preview).toMatchObject({ total: 6, creates: 1, updates: 0, moreErrors: 0 });
    expect(preview.errors).toEqual([
      { line: 3, name: '', messages: [RETAILER_MESSAGES.nameRequired] },
      { line: 4, name: 'Bad Zip', messages: [RETAILER_MESSAGES.postalInvalid] },
      { line: 5, name: 'Unknown Zip', messages: ['There is no known location for 00001: enter the latitude and longitude.'] },
      { line: 6, name: 'Multi\nline', messages: [RETAILER_MESSAGES.websiteInvalid] },
      { line: 8, name: 'Half', messages: [RETAILER_MESSAGES.latLngPair] },
    ]);
    const before = await count('retailers');
    const refused = await post('/api/admin/retailers/import', { csv });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      data: null,
      message: '5 rows have errors, so nothing was imported. Preview the file to see them.',
    });
    expect(await count('retailers')).toBe(before);
  });

  it('checks state and province codes against the ZIP or postal code, and phone numbers', async () => {
    const csv = [
      'name,state,postal_code,phone',
      'Right State,IA,50010,515-555-0170',
      'No Such State,ZZ,50010,',
      'Wrong Province,AB,S7K 1A1,',
      'Province For A Zip,SK,50010,',
      'Bad Phone,IA,50010,12',
    ].join('\n');
    const preview = (await post('/api/admin/retailers/import-preview', { csv })).json().data;
    expect(preview.errors.map((e: { name: string }) => e.name)).toEqual([
      'No Such State',
      'Wrong Province',
      'Province For A Zip',
      'Bad Phone',
    ]);
    expect(preview.errors[0].messages).toEqual(['"ZZ" is not a U.S. state code (such as IA) for the ZIP code 50010.']);
    expect(preview.errors[1].messages).toEqual(['"AB" is not the province of the postal code S7K 1A1 (SK).']);
    expect(preview.errors[3].messages[0]).toMatch(/^"12" is not a phone number/);
    // the add form's check is the same
    const add = await post('/api/admin/retailers/add', { name: 'Phone Form', postalCode: '50010', phone: 'call me' });
    expect(add.statusCode).toBe(400);
    expect(add.json().errors.phone[0]).toMatch(/^"call me" is not a phone number/);
    const rep = await post('/api/admin/reps/add', { name: 'Territory Rep', email: 'territory@example.com', states: 'IA, XX' });
    expect(rep.statusCode).toBe(400);
    expect(rep.json().errors.states).toEqual(['"XX" is not a U.S. state code (two letters, such as IA).']);
  });

  it('imports the valid rows of a file with problems when asked, skipping those, which download as CSV to fix', async () => {
    const csv = ['name,postal_code,phone', 'Skip Alpha,50010,', 'Skip Bad,ABCDE,', 'Skip Beta,50011,', ',50010,'].join('\n');
    const before = await count('retailers');
    // refused whole unless asked
    expect((await post('/api/admin/retailers/import', { csv })).statusCode).toBe(400);
    const job = await waitForJob('retailers', (await post('/api/admin/retailers/import', { csv, skipInvalid: true })).json().data.id);
    expect(job).toMatchObject({ state: 'done', created: 2, updated: 0 });
    expect(await count('retailers')).toBe(before + 2);
    const skipped = (await post('/api/admin/retailers/import-skipped', { csv })).json().data;
    expect(skipped).toMatchObject({ filename: 'retailers-skipped-rows.csv', rows: 2 });
    const lines = skipped.csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,name,address,city,state,postalCode,.*,Problems$/);
    expect(lines[1]).toContain('Skip Bad');
    expect(lines[1]).toContain(RETAILER_MESSAGES.postalInvalid);
    expect(lines).toHaveLength(3);
    // a file where no row can be imported says so
    expect((await post('/api/admin/retailers/import', { csv: 'name,postal_code\n,50010', skipInvalid: true })).json().message).toBe(
      'No row of the file can be imported: every row has a problem.',
    );
  });

  it('refuses files that are not usable CSV with a message', async () => {
    const noName = await post('/api/admin/reps/import-preview', { csv: 'title,phone\nx,y' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/^The header row needs the columns name, email/);
    const broken = await post('/api/admin/retailers/import-preview', { csv: 'name,zip\n"unclosed,50010' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file could not be read as CSV: /);
    expect((await post('/api/admin/retailers/import-preview', { csv: 'name,zip\n' })).json().message).toBe(
      'The file has a header row but no rows.',
    );
    expect((await post('/api/admin/retailers/import', { csv: '' })).json().message).toBe('Choose a CSV file.');
  });

  it('imports reps with ids as updates and without as additions (as an Administrator); unknown and repeated ids are row errors', async () => {
    const megan = (await post('/api/admin/reps/filter', { search: 'Megan Alvarez' }, adminToken)).json().data.items[0];
    const good = [
      'id,name,title,email,phone,states,provinces,zip_prefixes,zips,fsas',
      `${megan.id},Megan Alvarez,Senior Territory Manager,${megan.email},,,,500 501,,`,
      ',Nadia New,Agronomist,nadia@example.com,,NE KS,,,,',
    ].join('\n');
    const bad = [
      'id,name,email,states',
      '999999,Ghost,ghost@example.com,IA',
      `${megan.id},Twice,a@example.com,IA`,
      `${megan.id},Thrice,b@example.com,IA`,
      'abc,Bad Id,c@example.com,IA',
    ].join('\n');
    const badPreview = (await post('/api/admin/reps/import-preview', { csv: bad }, adminToken)).json().data;
    expect(badPreview.errors).toEqual([
      { line: 2, name: 'Ghost', messages: ['There is no rep with id 999999: leave id blank to add a new rep.'] },
      { line: 4, name: 'Thrice', messages: [`The id ${megan.id} is also on line 3.`] },
      { line: 5, name: 'Bad Id', messages: ['"abc" is not a valid id: leave id blank to add a new row.'] },
    ]);
    expect((await post('/api/admin/reps/import-preview', { csv: good }, adminToken)).json().data).toMatchObject({
      total: 2,
      creates: 1,
      updates: 1,
      errors: [],
    });
    const job = await waitForJob('reps', (await post('/api/admin/reps/import', { csv: good }, adminToken)).json().data.id);
    expect(job).toMatchObject({ state: 'done', created: 1, updated: 1 });
    expect((await get(`/api/admin/reps/get/${megan.id}`)).json().data).toMatchObject({
      title: 'Senior Territory Manager',
      zipPrefixes: ['500', '501'],
    });
    expect((await finder('Reps', '68847')).results.map((r) => r.name)).toContain('Nadia New');
  });

  it('exports every retailer as CSV that imports again unchanged, with formula cells neutralised', async () => {
    const evil = (
      await post('/api/admin/retailers/add', {
        name: '=HYPERLINK("http://evil.example","x")',
        postalCode: '50010',
        phone: '+1 515 555 0100',
        products: '@SUM(A1)',
      })
    ).json().data;
    const res = await get('/api/admin/retailers/export');
    expect(res.statusCode).toBe(200);
    const { filename, csv, rows } = res.json().data;
    expect(filename).toMatch(/^retailers-\d{4}-\d\d-\d\d\.csv$/);
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(rows);
    expect(rows).toBe(await count('retailers'));
    expect(csv.split('\r\n')[0]).toBe('id,name,address,city,state,postal_code,latitude,longitude,phone,website,products,version');
    const row = records.find((r) => r.id === String(evil.id))!;
    expect(row).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","x")`,
      phone: "'+1 515 555 0100",
      products: "'@SUM(A1)",
      postal_code: '50010',
    });
    expect(Number(row.longitude)).toBe(evil.longitude);
    expect(row.longitude!.startsWith('-')).toBe(true);
    for (const r of records)
      for (const cell of Object.values(r)) expect(/^[=+@]/.test(cell) || (/^-/.test(cell) && Number.isNaN(Number(cell)))).toBe(false);

    // Round trip: the export imports as updates of the same rows, values unchanged.
    const preview = (await post('/api/admin/retailers/import-preview', { csv })).json().data;
    expect(preview).toMatchObject({ creates: 0, updates: rows, errors: [] });
    const job = await waitForJob('retailers', (await post('/api/admin/retailers/import', { csv })).json().data.id);
    expect(job).toMatchObject({ state: 'done', updated: rows });
    expect((await get(`/api/admin/retailers/get/${evil.id}`)).json().data).toMatchObject({
      name: evil.name,
      phone: evil.phone,
      products: ['@SUM(A1)'],
      latitude: evil.latitude,
    });
  });

  it('exports reps with their territories', async () => {
    const { csv } = (await get('/api/admin/reps/export')).json().data;
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records.find((r) => r.name === 'Cole Anderson')).toMatchObject({
      fsas: 'S7K S7H S7N S0K',
      states: '',
      email: 'cole.anderson@northfieldag.example',
    });
    expect(records).toHaveLength(await count('reps'));
  });

  it('an unknown import job answers 404 with a message', async () => {
    const res = await get('/api/admin/reps/import-status/00000000-0000-4000-a000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Import not found/);
  });
});
