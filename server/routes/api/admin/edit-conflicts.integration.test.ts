import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { multipart, pdf } from '#tests/setup/multipart.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { generateWebhookSecret } from '#shared/webhooks.ts';

/**
 * No save overwrites another (ADR 048): every save of an existing record names the version it
 * started from; a save from a version someone else has saved over since is refused with 409, who
 * saved, when and the fields that differ, and writes nothing; "save mine anyway" (overwrite) is a
 * deliberate second save that the audit log records; racing saves from one version: one wins.
 */

const ANA = { email: 'ana.lopez@example.com', password: 'ana-lopez-password-1', name: 'Ana Lopez' };

let t: TestApp;
let admin: string;
let ana: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', WEBHOOK_ALLOW_PRIVATE: 'true' });
  admin = (await signIn(t.app)).token;
  await addUser(t.app, admin, ANA.email, ANA.password, [1]);
  ana = (await signIn(t.app, ANA.email, ANA.password)).token;
});
afterAll(() => t.close());

type Reply = { statusCode: number; body: string; json: () => { success: boolean; data: unknown; message: string; errors?: unknown } };
const get = (url: string, tok = admin) => t.app.inject({ method: 'GET', url, headers: bearer(tok) });
const post = (url: string, payload: object, tok = admin) => t.app.inject({ method: 'POST', url, headers: bearer(tok), payload });
async function ok<T = Record<string, unknown>>(res: Promise<Reply> | Reply): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as T;
}
interface Conflict {
  baseVersion: number;
  currentVersion: number;
  savedBy: { id: number | null; name: string; email: string | null } | null;
  savedAt: string;
  fields: { field: string; theirs: unknown; yours: unknown }[];
}
async function conflict(res: Promise<Reply> | Reply): Promise<{ message: string; data: Conflict }> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(409);
  const body = r.json();
  expect(body.success).toBe(false);
  return { message: body.message, data: body.data as Conflict };
}
/** The conflict names Ana, a time just now, and the fields with both values. */
function expectAnasConflict(c: { message: string; data: Conflict }, fields: Conflict['fields']) {
  expect(c.data.savedBy).toMatchObject({ name: ANA.name, email: ANA.email });
  expect(Math.abs(Date.parse(c.data.savedAt) - Date.now())).toBeLessThan(60_000);
  expect(c.message).toContain(`${ANA.name} (${ANA.email}) saved this on`);
  expect(c.data.fields).toEqual(fields);
}
async function auditSummaries(): Promise<string[]> {
  const data = await ok<{ items: { summary: string }[] }>(post('/api/admin/audit-log/filter', { start: 0, length: 50 }));
  return data.items.map((i) => i.summary);
}

const PAGES = '/api/admin/pages';
const page = (title: string, extra: object = {}) => ({ title, visibility: 1, regionIds: [2], modules: [], ...extra });

describe('a versioned item (a custom page)', () => {
  it('refuses a save from a version someone saved over since: 409 with who, when and the fields, and nothing written', async () => {
    const created = await ok<{ id: number; versionId: number }>(post(`${PAGES}/add`, page('Spring Trials')));
    // both open version 1; Ana saves first
    const anas = await ok<{ versionId: number }>(
      post(`${PAGES}/add`, page('Spring Trials 2026', { id: created.id, baseVersion: created.versionId }), ana),
    );
    const refused = await conflict(post(`${PAGES}/add`, page('Spring Field Trials', { id: created.id, baseVersion: created.versionId })));
    expectAnasConflict(refused, [{ field: 'title', theirs: 'Spring Trials 2026', yours: 'Spring Field Trials' }]);
    expect(refused.data).toMatchObject({ baseVersion: created.versionId, currentVersion: anas.versionId });
    // nothing was written: Ana's version is still the newest, and there are two versions
    expect(await ok(get(`${PAGES}/get/${created.id}`))).toMatchObject({ title: 'Spring Trials 2026', versionId: anas.versionId });
    expect(await ok<unknown[]>(get(`${PAGES}/get-versions/${created.id}`))).toHaveLength(2);
  });

  it('answers 400 for an edit that does not say which version it started from; a create needs none', async () => {
    const created = await ok<{ id: number }>(post(`${PAGES}/add`, page('Harvest Notes')));
    const res = await post(`${PAGES}/add`, page('Harvest Notes, edited', { id: created.id }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ baseVersion: [expect.stringContaining('Say which version this save started from')] });
  });

  it('saves mine anyway as the newest version with overwrite and the shown version, and the audit log says whose changes', async () => {
    const created = await ok<{ id: number; versionId: number }>(post(`${PAGES}/add`, page('Nitrogen Week')));
    const anas = await ok<{ versionId: number }>(
      post(`${PAGES}/add`, page('Nitrogen Week 2026', { id: created.id, baseVersion: created.versionId }), ana),
    );
    const mine = page('Nitrogen Week (Admin)', { id: created.id });
    const refused = await conflict(post(`${PAGES}/add`, { ...mine, baseVersion: created.versionId }));
    // overwrite names the version the refusal showed; the older one is still refused
    await conflict(post(`${PAGES}/add`, { ...mine, baseVersion: created.versionId, overwrite: true }));
    const saved = await ok<{ versionId: number; title: string }>(
      post(`${PAGES}/add`, { ...mine, baseVersion: refused.data.currentVersion, overwrite: true }),
    );
    expect(saved.title).toBe('Nitrogen Week (Admin)');
    expect(saved.versionId).toBeGreaterThan(anas.versionId);
    const summaries = await auditSummaries();
    expect(summaries.find((s) => s.includes('Nitrogen Week (Admin)'))).toMatch(
      /^Admin saved .+ of the page Nitrogen Week \(Admin\), saved over Ana Lopez's changes of .+ UTC$/,
    );
  });

  it('lets exactly one of two racing saves from the same version win', async () => {
    const created = await ok<{ id: number; versionId: number }>(post(`${PAGES}/add`, page('Race Page')));
    const [a, b] = await Promise.all([
      post(`${PAGES}/add`, page('Race Page A', { id: created.id, baseVersion: created.versionId })),
      post(`${PAGES}/add`, page('Race Page B', { id: created.id, baseVersion: created.versionId }), ana),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Race Page A' : 'Race Page B';
    expect(await ok(get(`${PAGES}/get/${created.id}`))).toMatchObject({ title: winner });
    expect(await ok<unknown[]>(get(`${PAGES}/get-versions/${created.id}`))).toHaveLength(2);
  });

  it('refuses a rollback from a stale view, with the fields it would change back; the newest version rolls back', async () => {
    const v1 = await ok<{ id: number; versionId: number }>(post(`${PAGES}/add`, page('Rollback Base')));
    const v2 = await ok<{ versionId: number }>(
      post(`${PAGES}/add`, page('Rollback Base, second', { id: v1.id, baseVersion: v1.versionId })),
    );
    await ok(post(`${PAGES}/add`, page('Rollback Base, third', { id: v1.id, baseVersion: v2.versionId }), ana));
    const missing = await post(`${PAGES}/rollback/${v1.id}/${v1.versionId}`, {});
    expect(missing.statusCode, missing.body).toBe(400);
    const refused = await conflict(post(`${PAGES}/rollback/${v1.id}/${v1.versionId}`, { baseVersion: v2.versionId }));
    expectAnasConflict(refused, [{ field: 'title', theirs: 'Rollback Base, third', yours: 'Rollback Base' }]);
    const rolled = await ok(post(`${PAGES}/rollback/${v1.id}/${v1.versionId}`, { baseVersion: refused.data.currentVersion }));
    expect(rolled).toMatchObject({ title: 'Rollback Base' });
  });
});

describe('every versioned kind', () => {
  /** An item of each kind to edit, its save body as the editor sends it, and the field a save changes. */
  const kinds: { api: string; load: () => Promise<Record<string, unknown> & { id: number; versionId: number }>; field: string }[] = [
    {
      api: '/api/admin/knowledge-center',
      field: 'title',
      load: () =>
        ok(
          post('/api/admin/knowledge-center/add', {
            type: 0,
            category: 39,
            title: 'Conflict Article',
            modules: [],
            publishDate: '2026-04-01T00:00:00Z',
          }),
        ),
    },
    {
      api: '/api/admin/press-releases',
      field: 'title',
      load: () =>
        ok(post('/api/admin/press-releases/add', { title: 'Conflict Release', modules: [], publishDate: '2026-04-01T00:00:00Z' })),
    },
    { api: PAGES, field: 'title', load: () => ok(post(`${PAGES}/add`, page('Conflict Page'))) },
    {
      api: '/api/admin/products',
      field: 'name',
      load: async () => {
        const list = await ok<{ items: { id: number }[] }>(post('/api/admin/products/filter', {}));
        return ok(get(`/api/admin/products/get/${list.items[0]!.id}`));
      },
    },
    {
      api: '/api/admin/landing-pages',
      field: 'title',
      load: async () => {
        const list = await ok<{ id: number }[]>(post('/api/admin/landing-pages/filter', {}));
        return ok(get(`/api/admin/landing-pages/get/${list[0]!.id}`));
      },
    },
  ];

  it.each(kinds)('$api: a stale save is refused with who, when and the field; the current one saves', async ({ api, load, field }) => {
    const item = await load();
    const { versionId, ...content } = item;
    const theirs = `${String(item[field])} (Ana)`;
    await ok(post(`${api}/add`, { ...content, id: item.id, [field]: theirs, baseVersion: versionId }, ana));
    const refused = await conflict(post(`${api}/add`, { ...content, id: item.id, [field]: 'Mine', baseVersion: versionId }));
    expectAnasConflict(refused, [{ field, theirs, yours: 'Mine' }]);
    const saved = await ok(post(`${api}/add`, { ...content, id: item.id, [field]: 'Mine', baseVersion: refused.data.currentVersion }));
    expect(saved[field]).toBe('Mine');
  });
});

/** A record that is not a versioned item: how to make one, read it, and save it (its edit body, as its form sends it). */
interface RecordKind {
  name: string;
  create(): Promise<{ id: number; version: number }>;
  read(id: number): Promise<Record<string, unknown> & { id: number; version: number }>;
  edit: string;
  /** the edit body of the record as read, with `field` set to a value (no version) */
  body(record: Record<string, unknown>, value: string): object;
  field: string;
}

let redirects = 0;
const records: RecordKind[] = [
  {
    name: 'a redirect',
    create: () => ok(post('/api/admin/redirects/add', { fromPath: `/old-conflict-${++redirects}`, toPath: '/new-home' })),
    read: (id) => ok(get(`/api/admin/redirects/get/${id}`)),
    edit: '/api/admin/redirects/edit',
    body: (r, value) => ({ id: r.id, fromPath: r.fromPath, toPath: value, statusCode: r.statusCode, keepQuery: r.keepQuery }),
    field: 'toPath',
  },
  {
    name: 'a rep',
    create: () => ok(post('/api/admin/reps/add', { name: 'Conflict Rep', email: 'conflict.rep@example.com', states: 'IA' })),
    read: (id) => ok(get(`/api/admin/reps/get/${id}`)),
    edit: '/api/admin/reps/edit',
    body: (r, value) => ({ id: r.id, name: value, title: r.title, email: r.email, phone: r.phone, states: 'IA' }),
    field: 'name',
  },
  {
    name: 'a retailer',
    create: () => ok(post('/api/admin/retailers/add', { name: 'Conflict Retail', postalCode: '50010' })),
    read: (id) => ok(get(`/api/admin/retailers/get/${id}`)),
    edit: '/api/admin/retailers/edit',
    body: (r, value) => ({
      id: r.id,
      name: value,
      address: r.address,
      city: r.city,
      state: r.state,
      postalCode: r.postalCode,
      latitude: r.latitude,
      longitude: r.longitude,
      phone: r.phone,
    }),
    field: 'name',
  },
  {
    name: 'a document',
    create: async () => {
      const parts = [
        { name: 'title', value: 'Conflict Statement' },
        { name: 'kind', value: 'statement' },
        { name: 'altText', value: '' },
        { name: 'regionIds', value: '2' },
        { name: 'file', value: pdf('conflict'), fileName: 'conflict.pdf' },
      ];
      return ok(t.app.inject({ method: 'POST', url: '/api/admin/documents/add', ...multipart(parts, bearer(admin)) }));
    },
    read: (id) => ok(get(`/api/admin/documents/get/${id}`)),
    edit: '/api/admin/documents/edit',
    body: (r, value) => ({ id: r.id, title: value, kind: r.kind, altText: r.altText, regionIds: r.regionIds, productKey: r.productKey }),
    field: 'title',
  },
];

describe.each(records)('$name', (kind) => {
  it('moves its version on with each save and refuses a stale save with who, when and the field', async () => {
    const created = await kind.create();
    const first = await kind.read(created.id);
    const anas = await ok<{ version: number }>(post(kind.edit, { ...kind.body(first, '/anas-value'), baseVersion: first.version }, ana));
    expect(anas.version).toBe(first.version + 1);
    const refused = await conflict(post(kind.edit, { ...kind.body(first, '/my-value'), baseVersion: first.version }));
    expectAnasConflict(refused, [{ field: kind.field, theirs: '/anas-value', yours: '/my-value' }]);
    expect((await kind.read(created.id))[kind.field]).toBe('/anas-value');
    // without a version: 400
    const missing = await post(kind.edit, kind.body(first, '/my-value'));
    expect(missing.statusCode, missing.body).toBe(400);
    // save mine anyway, over the version the refusal showed: saved, and recorded
    const saved = await ok(
      post(kind.edit, { ...kind.body(first, '/my-value'), baseVersion: refused.data.currentVersion, overwrite: true }),
    );
    expect(saved[kind.field]).toBe('/my-value');
    expect((await auditSummaries())[0]).toMatch(/saved over Ana Lopez's changes of .+ UTC$/);
  });

  it('lets exactly one of two racing saves from the same version win', async () => {
    const created = await kind.create();
    const first = await kind.read(created.id);
    const [a, b] = await Promise.all([
      post(kind.edit, { ...kind.body(first, '/race-a'), baseVersion: first.version }),
      post(kind.edit, { ...kind.body(first, '/race-b'), baseVersion: first.version }, ana),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await kind.read(created.id)).version).toBe(first.version + 1);
  });
});

describe('a user', () => {
  it('refuses a stale save of the roles with who, when and the roles both ways', async () => {
    const email = `roles.conflict@example.com`;
    const id = await addUser(t.app, admin, email, 'roles-conflict-password', [2]);
    const user = await ok<{ version: number }>(get(`/api/adminusers/get/${id}`));
    await ok(post('/api/adminusers/edit', { id, email, userRoles: [1, 2], baseVersion: user.version }, ana));
    const refused = await conflict(post('/api/adminusers/edit', { id, email, userRoles: [2], password: '', baseVersion: user.version }));
    expectAnasConflict(refused, [{ field: 'userRoles', theirs: [1, 2], yours: [2] }]);
    expect(await ok(get(`/api/adminusers/get/${id}`))).toMatchObject({ userRoles: [1, 2], version: user.version + 1 });
    expect((await post('/api/adminusers/edit', { id, email, userRoles: [2] })).statusCode).toBe(400);
  });
});

describe('the site settings', () => {
  it('are one record: a stale save is refused with the fields; racing saves from one version, one wins', async () => {
    const loaded = await ok<{ version: number; settings: Record<string, unknown> }>(get('/api/admin/settings/get'));
    const form = { ...loaded.settings };
    await ok(
      post('/api/admin/settings/edit', { ...form, careersUrl: 'https://careers.example.com/ana', baseVersion: loaded.version }, ana),
    );
    const refused = await conflict(
      post('/api/admin/settings/edit', { ...form, careersUrl: 'https://careers.example.com/mine', baseVersion: loaded.version }),
    );
    expectAnasConflict(refused, [
      { field: 'careersUrl', theirs: 'https://careers.example.com/ana', yours: 'https://careers.example.com/mine' },
    ]);
    const now = await ok<{ version: number }>(get('/api/admin/settings/get'));
    const [a, b] = await Promise.all([
      post('/api/admin/settings/edit', { ...form, careersUrl: 'https://careers.example.com/a', baseVersion: now.version }),
      post('/api/admin/settings/edit', { ...form, careersUrl: 'https://careers.example.com/b', baseVersion: now.version }, ana),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('the security settings', () => {
  it('refuse a stale save with who, when and the field; save mine anyway is audited; a fresh save passes', async () => {
    const loaded = await ok<{ version: number; requireSecondFactor: boolean }>(get('/api/admin/security-settings'));
    expect(loaded.requireSecondFactor).toBe(false);
    const url = '/api/admin/security-settings';
    expect((await post(url, { requireSecondFactor: false })).statusCode).toBe(400);
    const anas = await ok<{ version: number }>(post(url, { requireSecondFactor: false, baseVersion: loaded.version }, ana));
    expect(anas.version).toBe(loaded.version + 1);
    const refused = await conflict(post(url, { requireSecondFactor: true, baseVersion: loaded.version }));
    expectAnasConflict(refused, [{ field: 'requireSecondFactor', theirs: false, yours: true }]);
    expect(refused.data).toMatchObject({ baseVersion: loaded.version, currentVersion: anas.version });
    // nothing was written
    expect(await ok(get(url))).toEqual({ requireSecondFactor: false, version: anas.version });
    const mine = await ok<{ version: number }>(post(url, { requireSecondFactor: false, baseVersion: anas.version, overwrite: true }));
    expect(mine.version).toBe(anas.version + 1);
    expect((await auditSummaries())[0]).toMatch(/stopped requiring two-step sign-in, saved over Ana Lopez's changes of /);
    expect(await ok(post(url, { requireSecondFactor: false, baseVersion: mine.version }))).toEqual({
      requireSecondFactor: false,
      version: mine.version + 1,
    });
  });

  it('have a version of their own: a security save does not move the site settings on', async () => {
    const settings = await ok<{ version: number }>(get('/api/admin/settings/get'));
    const security = await ok<{ version: number }>(get('/api/admin/security-settings'));
    await ok(post('/api/admin/security-settings', { requireSecondFactor: false, baseVersion: security.version }));
    expect((await ok<{ version: number }>(get('/api/admin/settings/get'))).version).toBe(settings.version);
  });
});

describe('the privacy text', () => {
  it('refuses a save from a version older than the newest with who, when and the text; save mine anyway is audited', async () => {
    const url = '/api/admin/privacy/text';
    const base = (await ok<{ id: number } | null>(get(url)))?.id ?? 0;
    expect((await post(url, { text: 'No version named.' })).statusCode).toBe(400);
    const anas = await ok<{ id: number }>(post(url, { text: 'We answer within two days.', baseVersion: base }, ana));
    const refused = await conflict(post(url, { text: 'We answer within a week.', baseVersion: base }));
    expectAnasConflict(refused, [{ field: 'text', theirs: 'We answer within two days.', yours: 'We answer within a week.' }]);
    expect(refused.data).toMatchObject({ baseVersion: base, currentVersion: anas.id });
    expect(await ok(get(url))).toMatchObject({ id: anas.id, text: 'We answer within two days.' });
    const mine = await ok<{ id: number; text: string }>(
      post(url, { text: 'We answer within a week.', baseVersion: anas.id, overwrite: true }),
    );
    expect(mine.id).toBeGreaterThan(anas.id);
    expect((await auditSummaries())[0]).toMatch(/saved over Ana Lopez's changes of /);
    // a fresh save from the newest version passes
    const next = await ok<{ id: number }>(post(url, { text: 'We answer within three days.', baseVersion: mine.id }));
    expect(next.id).toBeGreaterThan(mine.id);
  });
});

describe('a webhook endpoint', () => {
  it('refuses a stale edit with who, when and the fields, the secret masked; save mine anyway is audited', async () => {
    const theirSecret = generateWebhookSecret();
    const mySecret = generateWebhookSecret();
    const created = await ok<{ id: number; version: number }>(
      post('/api/admin/integrations/add', {
        url: 'https://127.0.0.1/hooks/guard',
        secret: generateWebhookSecret(),
        events: ['lead.created'],
      }),
    );
    const url = `/api/admin/integrations/edit/${created.id}`;
    const form = { url: 'https://127.0.0.1/hooks/guard', events: ['lead.created'], enabled: true };
    expect((await post(url, { ...form, secret: '' })).statusCode).toBe(400);
    const anas = await ok<{ version: number }>(
      post(url, { ...form, secret: theirSecret, enabled: false, baseVersion: created.version }, ana),
    );
    expect(anas.version).toBe(created.version + 1);
    const refused = await conflict(post(url, { ...form, secret: mySecret, baseVersion: created.version }));
    expectAnasConflict(refused, [
      { field: 'enabled', theirs: false, yours: true },
      { field: 'secret', theirs: `whsec_...${theirSecret.slice(-4)}`, yours: `whsec_...${mySecret.slice(-4)}` },
    ]);
    expect(JSON.stringify(refused)).not.toContain(mySecret);
    expect(JSON.stringify(refused)).not.toContain(theirSecret);
    const mine = await ok<{ version: number; enabled: boolean }>(
      post(url, { ...form, secret: mySecret, baseVersion: anas.version, overwrite: true }),
    );
    expect(mine).toMatchObject({ version: anas.version + 1, enabled: true });
    expect((await auditSummaries())[0]).toMatch(/saved over Ana Lopez's changes of /);
    expect(await ok(post(url, { ...form, secret: '', baseVersion: mine.version }))).toMatchObject({ version: mine.version + 1 });
  });
});

describe('CSV imports', () => {
  it('refuse a redirects row whose redirect was saved after the export, naming who and when; a blank version saves it over', async () => {
    const created = await ok<{ id: number; version: number }>(
      post('/api/admin/redirects/add', { fromPath: '/csv-conflict', toPath: '/csv-first' }),
    );
    const exported = (await get('/api/admin/redirects/export')).body;
    const row = exported.split('\n').find((l) => l.startsWith('/csv-conflict,'))!;
    expect(row.split(',').at(-1)).toBe(String(created.version));
    await ok(
      post(
        '/api/admin/redirects/edit',
        { id: created.id, fromPath: '/csv-conflict', toPath: '/csv-anas', baseVersion: created.version },
        ana,
      ),
    );
    const header = 'fromPath,toPath,statusCode,keepQuery,version';
    const stale = await post('/api/admin/redirects/import', { csv: `${header}\n/csv-conflict,/csv-mine,301,true,${created.version}\n` });
    expect(stale.statusCode, stale.body).toBe(400);
    expect(JSON.stringify(stale.json().errors)).toContain(`Changed since this file was exported: ${ANA.name} (${ANA.email}) saved it on`);
    expect(await ok(get(`/api/admin/redirects/get/${created.id}`))).toMatchObject({ toPath: '/csv-anas' });
    await ok(post('/api/admin/redirects/import', { csv: `${header}\n/csv-conflict,/csv-mine,301,true,\n` }));
    expect(await ok(get(`/api/admin/redirects/get/${created.id}`))).toMatchObject({ toPath: '/csv-mine' });
  });

  it('refuse a reps row whose rep was saved after the export, with the reason, and import the others', async () => {
    const rep = await ok<{ id: number; version: number }>(
      post('/api/admin/reps/add', { name: 'Csv Rep', email: 'csv.rep@example.com', states: 'NE' }),
    );
    const exported = await ok<{ csv: string }>(get('/api/admin/reps/export'));
    expect(exported.csv.split('\n')[0]).toMatch(/,version\r?$/);
    await ok(
      post(
        '/api/admin/reps/edit',
        { id: rep.id, name: 'Csv Rep (Ana)', email: 'csv.rep@example.com', states: 'NE', baseVersion: rep.version },
        ana,
      ),
    );
    const csv = `id,name,email,states,version\n${rep.id},Csv Rep (file),csv.rep@example.com,NE,${rep.version}\n,Csv New Rep,csv.new@example.com,KS,\n`;
    const preview = await ok<{ creates: number; updates: number; errors: { line: number; messages: string[] }[] }>(
      post('/api/admin/reps/import-preview', { csv }),
    );
    expect(preview).toMatchObject({ creates: 1, updates: 0 });
    expect(preview.errors).toEqual([
      {
        line: 2,
        name: 'Csv Rep (file)',
        messages: [expect.stringContaining(`Changed since this file was exported: ${ANA.name} (${ANA.email}) saved it on`)],
      },
    ]);
  });
});
