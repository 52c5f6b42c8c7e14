import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';
import { multipart, pdf } from '#tests/setup/multipart.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * ADR 052: the audit log reads like a person wrote it. People by name (the email
 * kept beside it and in the export), a save by the fields it changed, a role change by the roles
 * before and after, and opening, exporting, archiving and erasing leads recorded.
 */
let t: TestApp;
let admin: string;
let writer: string;
let writerId: number;
const WRITER = 'w.q.writer@example.com';
const WRITER_NAME = 'Wendy Quill';
const PASSWORD = 'a-long-writer-password-here';

const post = async (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: await withBaseVersion(t.app, url, payload, bearer(token)) });
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

type Part = { text: string } | { person: { name: string; email: string } };
type Entry = {
  id: number;
  action: string;
  summary: string;
  parts: Part[];
  actor: { name: string; email: string } | null;
  subjectLink: string | null;
};
async function entries(filter: object = {}): Promise<Entry[]> {
  const res = await post('/api/admin/audit-log/filter', { start: 0, length: 200, ...filter });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Entry[];
}
const summaries = async (filter: object = {}) => (await entries(filter)).map((e) => e.summary);

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  admin = (await signIn(t.app)).token;
  const added = await post('/api/adminusers/add', { name: `  ${WRITER_NAME} `, email: WRITER, password: PASSWORD, userRoles: [2] });
  expect(added.statusCode, added.body).toBe(200);
  expect(added.json().data).toMatchObject({ name: WRITER_NAME, email: WRITER });
  writerId = added.json().data.id as number;
  writer = (await signIn(t.app, WRITER, PASSWORD)).token;
});
afterAll(() => t.close());

describe('people by name', () => {
  it('names the one acting and the one acted on by name, with the email in the parts and the export', async () => {
    const mine = (await entries({ actor: WRITER })).find((e) => e.action === 'sign-in')!;
    expect(mine.summary).toBe(`${WRITER_NAME} signed in`);
    expect(mine.actor).toEqual({ name: WRITER_NAME, email: WRITER });
    expect(mine.parts).toEqual([{ person: { name: WRITER_NAME, email: WRITER } }, { text: ' signed in' }]);
    // the administrator has no name: one made from the email; the new user by the name given
    const created = (await entries()).find((e) => e.action === 'user-created')!;
    expect(created.summary).toBe(`Admin added the user ${WRITER_NAME} as Editor`);
    expect(created.parts).toEqual([
      { person: { name: 'Admin', email: 'admin@example.com' } },
      { text: ' added the user ' },
      { person: { name: WRITER_NAME, email: WRITER } },
      { text: ' as Editor' },
    ]);
    expect((await get('/api/admin/audit-log/people')).json().data).toEqual(expect.arrayContaining([{ name: WRITER_NAME, email: WRITER }]));

    const csv = await post('/api/admin/audit-log/export', { actor: WRITER });
    const [header, ...records] = parse(csv.body) as string[][];
    expect(header!.slice(0, 4)).toEqual(['When (UTC)', 'Name', 'Email', 'What happened']);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r[1] === WRITER_NAME && r[2] === WRITER)).toBe(true);
  });

  it('names no person for a sign-in as a username that is no account (the username is not kept)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { Username: 'nobody.here@example.com', Password: 'not-the-password-at-all' },
    });
    expect(res.statusCode).toBe(401);
    const failed = (await entries({ category: 'sign-in' })).find((e) => e.action === 'sign-in-failed')!;
    expect(failed.summary).toBe('A sign-in as an unknown username failed');
    expect(failed.parts).toEqual([{ text: 'A sign-in as an unknown username failed' }]);
  });

  it('names the same person in the presence notice and in a refused save (409)', async () => {
    const item = '/siteadmin/knowledge-center/edit/1';
    await post('/api/admin/presence/heartbeat', { item, tab: 'tab-writer-1' }, writer);
    const seen = await post('/api/admin/presence/heartbeat', { item, tab: 'tab-admin-1' });
    expect(seen.json().data.others).toEqual([WRITER_NAME]);

    // the writer (an Editor) saves a retailer after the administrator opened it
    const made = (await post('/api/admin/retailers/add', { name: 'Conflict Agronomy', postalCode: '50010' })).json().data;
    const { version, updated: _u, created: _c, ...fields } = (await get(`/api/admin/retailers/get/${made.id}`)).json().data;
    const theirs = await post('/api/admin/retailers/edit', { ...fields, phone: '(515) 555-0111' }, writer);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/retailers/edit',
      headers: bearer(admin),
      payload: { ...fields, phone: '(515) 555-0122', baseVersion: version },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.savedBy).toEqual({ id: writerId, name: WRITER_NAME, email: WRITER });
    expect(refused.json().message).toMatch(new RegExp(`^${WRITER_NAME} \\(${WRITER.replace(/\./g, '\\.')}\\) saved this`));
  });

  it('a name given later names the person in every entry; a blank one goes back to the name made from the email', async () => {
    const user = (await get(`/api/adminusers/get/${writerId}`)).json().data;
    const renamed = await post('/api/adminusers/edit', { id: writerId, name: 'Wendy Q. Writer', email: WRITER, userRoles: user.userRoles });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await entries({ actor: WRITER }))[0]!.summary).toMatch(/^Wendy Q\. Writer /);
    expect((await summaries())[0]).toBe('Admin changed Name of the user Wendy Q. Writer');

    const again = (await get(`/api/adminusers/get/${writerId}`)).json().data;
    await post('/api/adminusers/edit', { id: writerId, name: '', email: WRITER, userRoles: again.userRoles });
    expect((await get(`/api/adminusers/get/${writerId}`)).json().data.name).toBeNull();
    expect((await summaries())[0]).toBe('Admin changed Name of the user W Q Writer');
    // an edit that leaves the name out keeps it
    const last = (await get(`/api/adminusers/get/${writerId}`)).json().data;
    await post('/api/adminusers/edit', { id: writerId, name: WRITER_NAME, email: WRITER, userRoles: last.userRoles });
    const kept = (await get(`/api/adminusers/get/${writerId}`)).json().data;
    await post('/api/adminusers/edit', { id: writerId, email: WRITER, userRoles: kept.userRoles });
    expect((await get(`/api/adminusers/get/${writerId}`)).json().data.name).toBe(WRITER_NAME);
    expect((await summaries())[0]).toBe(`Admin saved the user ${WRITER_NAME} without changes`);

    const long = await post('/api/adminusers/edit', { id: writerId, name: 'x'.repeat(101), email: WRITER, userRoles: kept.userRoles });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ name: ['Use at most 100 characters.'] });
  });
});

describe("My Account: one's own name", () => {
  it('is set and cleared by the signed-in user, read back by check-auth, and said as "changed their Name"', async () => {
    const me = (token: string) => get('/auth/check-auth', token).then((r) => r.json().data as { name: string | null; email: string });
    expect(await me(writer)).toMatchObject({ name: WRITER_NAME, email: WRITER });
    const set = await post('/auth/update-name', { name: ' Wendy the Writer ' }, writer);
    expect(set.json()).toEqual({ success: true, data: { name: 'Wendy the Writer' }, message: 'Your name has been saved.' });
    expect((await me(writer)).name).toBe('Wendy the Writer');
    expect((await summaries({ actor: WRITER }))[0]).toBe('Wendy the Writer changed their Name');
    // the same name again changes nothing and records nothing
    const before = (await entries()).length;
    await post('/auth/update-name', { name: 'Wendy the Writer' }, writer);
    expect((await entries()).length).toBe(before);
    // refused: too long (400 with the message), or without a session (401)
    const long = await post('/auth/update-name', { name: 'x'.repeat(101) }, writer);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ name: ['Use at most 100 characters.'] });
    expect((await t.app.inject({ method: 'POST', url: '/auth/update-name', payload: { name: 'Nobody' } })).statusCode).toBe(401);
    // back to the name this file expects
    await post('/auth/update-name', { name: WRITER_NAME }, writer);
    expect((await me(writer)).name).toBe(WRITER_NAME);
    await post('/auth/update-name', { name: '' }, admin);
    expect((await me(admin)).name).toBeNull();
  });
});

describe('a role change says the roles before and after', () => {
  it('Editor to Administrator and back, with a new password said too', async () => {
    await post('/api/adminusers/edit', { id: writerId, name: WRITER_NAME, email: WRITER, userRoles: [1] });
    expect((await summaries())[0]).toBe(`Admin changed roles of ${WRITER_NAME} from Editor to Administrator`);
    await post('/api/adminusers/edit', {
      id: writerId,
      name: WRITER_NAME,
      email: WRITER,
      userRoles: [1, 2],
      password: 'another-long-password-for-her',
    });
    expect((await summaries())[0]).toBe(
      `Admin changed roles of ${WRITER_NAME} from Administrator to Administrator and Editor and set a new password`,
    );
    await post('/api/adminusers/edit', { id: writerId, name: WRITER_NAME, email: WRITER, userRoles: [2] });
    expect((await summaries())[0]).toBe(`Admin changed roles of ${WRITER_NAME} from Administrator and Editor to Editor`);
    writer = (await signIn(t.app, WRITER, 'another-long-password-for-her')).token;
  });
});

describe("a save names the fields it changed, by the form's labels", () => {
  it('a knowledge item: only the fields whose values changed, and none for a save that changed nothing', async () => {
    const item = {
      type: 0,
      category: 39,
      region: 2,
      title: 'Named Fields Plan',
      status: 1,
      metadata: { desc: 'Plan' },
      modules: [],
      publishDate: '2026-04-01T00:00:00Z',
    };
    const made = (await post('/api/admin/knowledge-center/add', item, writer)).json().data;
    const base = { ...item, id: made.baseId, slug: made.slug };
    await post(
      '/api/admin/knowledge-center/add',
      { ...base, title: 'Named Fields Plan, Revised', modules: [{ type: 2, content: '<p>Hello</p>' }] },
      writer,
    );
    await post(
      '/api/admin/knowledge-center/add',
      { ...base, title: 'Named Fields Plan, Revised', modules: [{ type: 2, content: '<p>Hello</p>' }] },
      writer,
    );
    await post(
      '/api/admin/knowledge-center/add',
      {
        ...base,
        title: 'Named Fields Plan, Later',
        modules: [{ type: 2, content: '<p>Hello</p>' }],
        publishDate: '2026-05-01T00:00:00Z',
        publishAt: '2099-01-01T12:00:00Z',
      },
      writer,
    );
    const mine = (await entries({ actor: WRITER }))
      .filter((e) => e.subjectLink === `/siteadmin/knowledge-center/edit/${made.baseId}`)
      .map((e) => e.summary)
      .reverse();
    expect(mine).toEqual([
      `${WRITER_NAME} created the knowledge item Named Fields Plan`,
      `${WRITER_NAME} saved Title and Modules of the knowledge item Named Fields Plan, Revised`,
      `${WRITER_NAME} saved the knowledge item Named Fields Plan, Revised without changes`,
      `${WRITER_NAME} scheduled a new version of the knowledge item Named Fields Plan, Later for January 1, 2099 at 12:00 PM UTC, changing Title, Date and Publish at`,
    ]);
    const [stored] = await sqlRows(t.database)<{ detail: { fields: string[] } }>`
      select detail from audit_log where action = 'saved' and subject_kind = 'knowledge' and subject_id = ${String(made.baseId)} order by id limit 1`;
    expect(stored!.detail.fields).toEqual(['title', 'modules']);
  });

  it('documents, redirects, reps, retailers and the site settings, each by its own labels', async () => {
    const upload = multipart(
      [
        { name: 'title', value: 'Named Statement' },
        { name: 'kind', value: 'statement' },
        { name: 'altText', value: '' },
        { name: 'regionIds', value: '2' },
        { name: 'file', value: pdf('named'), fileName: 'named.pdf' },
      ],
      bearer(admin),
    );
    const doc = (await t.app.inject({ method: 'POST', url: '/api/admin/documents/add', ...upload })).json().data;
    const docSaved = await post('/api/admin/documents/edit', {
      id: doc.id,
      title: 'Named Statement 2026',
      kind: doc.kind,
      altText: doc.altText,
      regionIds: [2, 3],
      productKey: doc.productKey,
    });
    expect(docSaved.statusCode, docSaved.body).toBe(200);

    const redirect = (await post('/api/admin/redirects/add', { fromPath: '/named-old', toPath: '/about' })).json().data;
    await post('/api/admin/redirects/edit', {
      id: redirect.id,
      fromPath: '/named-old',
      toPath: '/about',
      statusCode: 302,
      keepQuery: redirect.keepQuery,
    });

    const retailer = (
      await post('/api/admin/retailers/add', { name: 'Named Agronomy', postalCode: '50010', phone: '(515) 555-0100' })
    ).json().data;
    const current = (await get(`/api/admin/retailers/get/${retailer.id}`)).json().data;
    const { version: _v, updated: _u, created: _c, ...fields } = current;
    await post('/api/admin/retailers/edit', { ...fields, phone: '(515) 555-0101', website: 'https://named.example' });

    const settings = (await get('/api/admin/settings/get')).json().data.settings;
    await post('/api/admin/settings/edit', { ...settings, careersUrl: 'https://careers.example.com/named' });

    const all = await summaries();
    expect(all).toEqual(
      expect.arrayContaining([
        'Admin saved Title and Regions of the document Named Statement 2026',
        'Admin saved Type of the redirect /named-old → /about',
        'Admin saved Phone and Website of the retailer Named Agronomy',
        'Admin changed Careers address of the site settings',
      ]),
    );
  });
});

describe('leads: opening, exporting, archiving and erasing are recorded', () => {
  it("records each opening of a lead's View, each export with its count, the archive and the erasure", async () => {
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: {
        name: 'Opal Opened',
        email: 'opal.opened@example.com',
        phone: '',
        data: JSON.stringify({ Region: 'USA', Role: 'Grower' }),
        message: 'hello',
        reCaptchaToken: '',
      },
    });
    const id = lead.json().data.id as number;
    const leadsOnly = () => summaries({ category: 'leads' });

    expect((await get(`/api/admin/forms/${id}`)).statusCode).toBe(200);
    expect((await get(`/api/admin/forms/${id}`)).statusCode).toBe(200);
    expect((await leadsOnly()).filter((s) => s === 'Admin opened the lead from Opal Opened')).toHaveLength(2);
    const opened = (await entries({ category: 'leads' }))[0]!;
    expect(opened).toMatchObject({ action: 'opened', subjectLink: '/siteadmin/forms' });
    // an unknown lead is a 404 and opens nothing
    expect((await get('/api/admin/forms/99999999')).statusCode).toBe(404);
    expect((await leadsOnly()).filter((s) => s.startsWith('Admin opened'))).toHaveLength(2);

    await post('/api/admin/forms/export', { search: 'Opal Opened' });
    await vi.waitFor(async () => expect(await leadsOnly()).toContain('Admin exported 1 lead as CSV'));

    expect((await get(`/api/admin/forms/archive/${id}`)).statusCode).toBe(200);
    expect(await leadsOnly()).toContain('Admin archived the lead from Opal Opened');

    const erased = await post('/api/admin/privacy/erase', { email: 'opal.opened@example.com', confirmCount: 1 });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await leadsOnly()).toContain('Admin erased everything stored about opal.opened@example.com: 1 lead');
  });
});
