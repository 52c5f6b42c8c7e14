import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMS_MESSAGES } from '#shared/validation/forms-admin.ts';
import { displayName } from '#shared/people.ts';
import { TEST_ADMIN } from '#tests/setup/constants.ts';
import { addUser, bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** The audit log names people by name (ADR 052): the test administrator has none, so one made from the email. */
const ADMIN_NAME = displayName(TEST_ADMIN);

/** A lead's life in the admin: status, assignee and notes, with history and audit; the list; the dashboard. */

interface Detail {
  lead: {
    id: number;
    name: string;
    leadStatus: string;
    assignee: { type: 'rep' | 'user'; id: number; name: string } | null;
  };
  history: {
    kind: string;
    from: string | null;
    to: string | null;
    note: string | null;
    actor: string | null;
    actorName: string | null;
    created: string;
  }[];
}

describe("a lead's life in the admin", () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let editorId: number;
  let run: ReturnType<typeof sqlRows>;
  const reps: Record<'ann' | 'bob', number> = { ann: 0, bob: 0 };
  const leads: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' });
    run = sqlRows(t.database);
    admin = (await signIn(t.app)).token;
    editorId = await addUser(t.app, admin, 'lead.editor@example.com', 'Lead-Editor-Passw0rd!', [2]);
    editor = (await signIn(t.app, 'lead.editor@example.com', 'Lead-Editor-Passw0rd!')).token;
    await run`delete from mail_outbox`;
    await run`delete from form_submissions`;
    await run`delete from reps`;
    for (const [key, name] of [
      ['ann', 'Ann Agronomist'],
      ['bob', 'Bob Builder'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/reps/add',
        headers: bearer(admin),
        payload: { name, email: `${key}@reps.example.com`, states: key === 'ann' ? 'IA' : 'NE' },
      });
      expect(res.statusCode, res.body).toBe(200);
      reps[key] = res.json().data.id;
    }
    // leads with known names and arrival times (the public form and routing are tested in lead-routing)
    for (const [name, region, hoursAgo] of [
      ['Cara Corn', 2, 50],
      ['Dale Dairy', 2, 30],
      ['Erin Edible', 3, 20],
      ['Finn Field', 4, 10],
    ] as const) {
      const [row] = await run<{ id: number }>`insert into form_submissions (type, name, email, data, region_id, created)
        values (0, ${name}, 'lead@example.com', '{"Region":"USA"}', ${region}, now() - make_interval(hours => ${hoursAgo})) returning id`;
      leads[name] = row!.id;
    }
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token = admin) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const detail = async (id: number) => (await get(`/api/admin/forms/${id}`)).json().data as Detail;
  const auditSummaries = async () =>
    (
      (await post('/api/admin/audit-log/filter', { category: 'leads', start: 0, length: 100 })).json().data.items as { summary: string }[]
    ).map((e) => e.summary);

  it('changes the status with who and when in its history, and says so in the audit log', async () => {
    const id = leads['Cara Corn']!;
    const before = Date.now();
    const res = await post(`/api/admin/forms/${id}/status`, { status: 'contacted' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as Detail;
    expect(d.lead.leadStatus).toBe('contacted');
    expect(d.history).toEqual([
      {
        id: expect.any(Number),
        kind: 'status',
        from: 'new',
        to: 'contacted',
        note: null,
        actor: TEST_ADMIN.email,
        actorName: ADMIN_NAME,
        created: expect.any(String),
      },
    ]);
    expect(Date.parse(d.history[0]!.created)).toBeGreaterThanOrEqual(before - 1000);
    // the same status again changes nothing
    await post(`/api/admin/forms/${id}/status`, { status: 'contacted' });
    await post(`/api/admin/forms/${id}/status`, { status: 'won' });
    expect((await detail(id)).history.map((h) => [h.from, h.to])).toEqual([
      ['new', 'contacted'],
      ['contacted', 'won'],
    ]);
    const summaries = await auditSummaries();
    expect(summaries).toContain(`${ADMIN_NAME} changed the status of the lead from Cara Corn from New to Contacted`);
    expect(summaries).toContain(`${ADMIN_NAME} changed the status of the lead from Cara Corn from Contacted to Won`);
    expect(summaries.filter((s) => s.includes('from New to Contacted'))).toHaveLength(1);
  });

  it('assigns to a rep (who is emailed), to a user who may read leads, and to nobody; each in history and audit', async () => {
    const id = leads['Dale Dairy']!;
    const toRep = await post(`/api/admin/forms/${id}/assignee`, { assignee: { type: 'rep', id: reps.ann } });
    expect(toRep.statusCode, toRep.body).toBe(200);
    expect((toRep.json().data as Detail).lead.assignee).toEqual({ type: 'rep', id: reps.ann, name: 'Ann Agronomist' });
    const mail = await run<{ kind: string; to_addresses: string[]; text: string }>`
      select kind, to_addresses, text from mail_outbox where form_submission_id = ${id}`;
    expect(mail.map((m) => [m.kind, m.to_addresses])).toEqual([['lead-assigned', ['ann@reps.example.com']]]);
    expect(mail[0]!.text).toContain(`${TEST_ADMIN.email} assigned this contact lead to you in the site administration.`);

    const [adminUser] = await run<{ id: number }>`select id from admin_users where email = ${TEST_ADMIN.email}`;
    const toUser = await post(`/api/admin/forms/${id}/assignee`, { assignee: { type: 'user', id: adminUser!.id } });
    expect((toUser.json().data as Detail).lead.assignee).toEqual({ type: 'user', id: adminUser!.id, name: TEST_ADMIN.email });
    const none = await post(`/api/admin/forms/${id}/assignee`, { assignee: null });
    const d = none.json().data as Detail;
    expect(d.lead.assignee).toBeNull();
    expect(d.history.map((h) => [h.kind, h.from, h.to, h.actor])).toEqual([
      ['assigned', null, 'rep Ann Agronomist', TEST_ADMIN.email],
      ['assigned', 'rep Ann Agronomist', TEST_ADMIN.email, TEST_ADMIN.email],
      ['assigned', TEST_ADMIN.email, null, TEST_ADMIN.email],
    ]);
    const summaries = await auditSummaries();
    expect(summaries).toContain(`${ADMIN_NAME} assigned the lead from Dale Dairy to rep Ann Agronomist`);
    expect(summaries).toContain(`${ADMIN_NAME} assigned the lead from Dale Dairy to ${TEST_ADMIN.email} (it was with rep Ann Agronomist)`);
    expect(summaries).toContain(`${ADMIN_NAME} unassigned the lead from Dale Dairy (it was with ${TEST_ADMIN.email})`);
  });

  it('refuses an assignee who cannot take leads, and a lead that does not exist, with clear 4xx', async () => {
    const id = leads['Dale Dairy']!;
    const editorUser = await post(`/api/admin/forms/${id}/assignee`, { assignee: { type: 'user', id: editorId } });
    expect(editorUser.statusCode).toBe(422);
    expect(editorUser.json().message).toBe(FORMS_MESSAGES.userCannotWorkLeads);
    const noRep = await post(`/api/admin/forms/${id}/assignee`, { assignee: { type: 'rep', id: 999999 } });
    expect(noRep.statusCode).toBe(422);
    expect(noRep.json().message).toBe(FORMS_MESSAGES.repNotFound);
    const badBody = await post(`/api/admin/forms/${id}/assignee`, { assignee: { type: 'team', id: 1 } });
    expect(badBody.statusCode).toBe(400);
    const badStatus = await post(`/api/admin/forms/${id}/status`, { status: 'maybe' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().success).toBe(false);
    const missing = await post('/api/admin/forms/999999/status', { status: 'won' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(FORMS_MESSAGES.notFound);
    expect((await get('/api/admin/forms/999999')).statusCode).toBe(404);
    expect((await get('/api/admin/forms/abc')).statusCode).toBe(400);
  });

  it('only someone who may read leads changes them: 401 without a token, 403 for an Editor', async () => {
    const id = leads['Erin Edible']!;
    const calls = [
      { method: 'POST' as const, url: `/api/admin/forms/${id}/status`, payload: { status: 'won' } },
      { method: 'POST' as const, url: `/api/admin/forms/${id}/assignee`, payload: { assignee: { type: 'rep', id: reps.bob } } },
      { method: 'POST' as const, url: `/api/admin/forms/${id}/notes`, payload: { note: 'hi' } },
      { method: 'GET' as const, url: `/api/admin/forms/${id}` },
      { method: 'GET' as const, url: '/api/admin/forms/assignees' },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.app.inject({ ...call, headers: bearer(editor) })).statusCode, call.url).toBe(403);
    }
    const d = await detail(id);
    expect(d.lead.leadStatus).toBe('new');
    expect(d.lead.assignee).toBeNull();
    expect(d.history).toEqual([]);
  });

  it('adds notes with who and when; an empty note is a 400 with its message', async () => {
    const id = leads['Erin Edible']!;
    const empty = await post(`/api/admin/forms/${id}/notes`, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(FORMS_MESSAGES.noteRequired);
    const res = await post(`/api/admin/forms/${id}/notes`, { note: 'Called, left a voicemail.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Detail).history).toEqual([
      expect.objectContaining({ kind: 'note', note: 'Called, left a voicemail.', actor: TEST_ADMIN.email }),
    ]);
    expect(await auditSummaries()).toContain(`${ADMIN_NAME} added a note to the lead from Erin Edible`);

    // the history names people as the audit log does: by the name they gave, the email beside it
    const named = await post('/auth/update-name', { name: 'Avery Admin' });
    expect(named.statusCode, named.body).toBe(200);
    try {
      const again = await post(`/api/admin/forms/${id}/notes`, { note: 'Sent the quote.' });
      expect((again.json().data as Detail).history.map((h) => [h.note, h.actor, h.actorName])).toEqual([
        ['Called, left a voicemail.', TEST_ADMIN.email, 'Avery Admin'],
        ['Sent the quote.', TEST_ADMIN.email, 'Avery Admin'],
      ]);
    } finally {
      await post('/auth/update-name', { name: '' });
    }
    expect((await detail(id)).history.map((h) => h.actorName)).toEqual([ADMIN_NAME, ADMIN_NAME]);
  });

  it('lists whom a lead can be given to: active reps and users who may read leads (not Editors)', async () => {
    const res = await get('/api/admin/forms/assignees');
    expect(res.statusCode).toBe(200);
    const { reps: repList, users } = res.json().data as { reps: { name: string }[]; users: { email: string }[] };
    expect(repList.map((r) => r.name)).toEqual(['Ann Agronomist', 'Bob Builder']);
    expect(users.map((u) => u.email)).toContain(TEST_ADMIN.email);
    expect(users.map((u) => u.email)).not.toContain('lead.editor@example.com');
  });

  it('filters and sorts the list by status and assignee, and the CSV carries both', async () => {
    await post(`/api/admin/forms/${leads['Finn Field']!}/assignee`, { assignee: { type: 'rep', id: reps.bob } });
    await post(`/api/admin/forms/${leads['Erin Edible']!}/assignee`, { assignee: { type: 'rep', id: reps.ann } });
    const filter = async (body: object) => {
      const res = await post('/api/admin/forms/filter', body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as { name: string }[]).map((i) => i.name);
    };
    expect(await filter({ leadStatus: 'won' })).toEqual(['Cara Corn']);
    expect(await filter({ leadStatus: 'new', order: 5 })).toEqual(['Dale Dairy', 'Erin Edible', 'Finn Field']);
    expect(await filter({ assignee: 'unassigned', order: 5 })).toEqual(['Cara Corn', 'Dale Dairy']);
    expect(await filter({ assignee: 'assigned', order: 5 })).toEqual(['Erin Edible', 'Finn Field']);
    expect(await filter({ assignee: `rep:${reps.bob}` })).toEqual(['Finn Field']);
    // status in its order (New first, ties by id in the same direction), and the reverse
    expect(await filter({ order: 6 })).toEqual(['Dale Dairy', 'Erin Edible', 'Finn Field', 'Cara Corn']);
    expect(await filter({ order: 7 })).toEqual(['Cara Corn', 'Finn Field', 'Erin Edible', 'Dale Dairy']);
    // assignee A-Z, unassigned first
    expect(await filter({ order: 8 })).toEqual(['Cara Corn', 'Dale Dairy', 'Erin Edible', 'Finn Field']);
    expect(await filter({ order: 9 })).toEqual(['Finn Field', 'Erin Edible', 'Dale Dairy', 'Cara Corn']);
    const bad = await post('/api/admin/forms/filter', { assignee: 'rep:abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(FORMS_MESSAGES.badAssigneeFilter);
    expect((await post('/api/admin/forms/filter', { leadStatus: 'maybe' })).statusCode).toBe(400);

    const csv = await post('/api/admin/forms/export', { order: 8 });
    expect(csv.statusCode).toBe(200);
    const records = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(records.map((r) => [r.Name, r.Status, r['Assigned to']])).toEqual([
      ['Cara Corn', 'Won', ''],
      ['Dale Dairy', 'New', ''],
      ['Erin Edible', 'New', 'Ann Agronomist (rep)'],
      ['Finn Field', 'New', 'Bob Builder (rep)'],
    ]);
    // the export is paged by the same sort (keyset): one row a batch gives the same rows
    const rows: string[] = [];
    for await (const f of t.app.services.leads.exportRows(
      { order: 9, status: -1, type: -1, verification: 'all', search: '', leadStatus: 'new' },
      1,
    ))
      rows.push(f.name);
    expect(rows).toEqual(['Finn Field', 'Erin Edible', 'Dale Dairy']);
  });

  it('the dashboard: new and unassigned leads, the oldest still New, the median time to the first status change per region', async () => {
    await run`delete from lead_activity`;
    await run`update form_submissions set lead_status = 'new', assigned_rep_id = null, assigned_user_id = null`;
    // U.S.: three leads answered after 10, 30 and 50 minutes (median 30), one after 5 minutes but 40 days ago (outside)
    const us: [string, number, number][] = [
      ['US one', 2, 10],
      ['US two', 3, 30],
      ['US three', 4, 50],
    ];
    for (const [name, daysAgo, minutes] of us) {
      const [row] = await run<{ id: number }>`insert into form_submissions (type, name, email, data, region_id, created, lead_status)
        values (0, ${name}, 'x@example.com', '{}', 2, now() - make_interval(days => ${daysAgo}), 'won') returning id`;
      await run`insert into lead_activity (submission_id, kind, from_value, to_value, created)
        values (${row!.id}, 'status', 'new', 'contacted', now() - make_interval(days => ${daysAgo}) + make_interval(mins => ${minutes}))`;
      // a later change does not count: only the first
      await run`insert into lead_activity (submission_id, kind, from_value, to_value, created)
        values (${row!.id}, 'status', 'contacted', 'won', now() - make_interval(days => ${daysAgo}) + make_interval(hours => 20))`;
    }
    const [old] = await run<{ id: number }>`insert into form_submissions (type, name, email, data, region_id, created, lead_status)
      values (0, 'US old', 'x@example.com', '{}', 2, now() - make_interval(days => 40), 'lost') returning id`;
    await run`insert into lead_activity (submission_id, kind, from_value, to_value, created)
      values (${old!.id}, 'status', 'new', 'lost', now() - make_interval(days => 40) + make_interval(mins => 5))`;
    // Canada: one answered after 2 hours
    const [ca] = await run<{ id: number }>`insert into form_submissions (type, name, email, data, region_id, created, lead_status)
      values (0, 'CA one', 'x@example.com', '{}', 3, now() - make_interval(days => 1), 'qualified') returning id`;
    await run`insert into lead_activity (submission_id, kind, from_value, to_value, created)
      values (${ca!.id}, 'status', 'new', 'qualified', now() - make_interval(days => 1) + make_interval(hours => 2))`;
    // the four leads of the start are New; Dale is assigned; Erin archived (left out)
    await run`update form_submissions set assigned_rep_id = ${reps.ann} where id = ${leads['Dale Dairy']!}`;
    await run`update form_submissions set status = 1 where id = ${leads['Erin Edible']!}`;

    const res = await get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const figures = res.json().data.leads;
    expect(figures.new).toBe(3);
    // New, Contacted or Qualified, not archived, nobody on it: Cara, Finn, CA one (Dale is assigned; won and lost leads are done)
    expect(figures.unassigned).toBe(3);
    expect(figures.oldestNew).toMatchObject({ id: leads['Cara Corn'], name: 'Cara Corn', regionId: 2 });
    const byRegion = Object.fromEntries((figures.regions as { regionId: number }[]).map((r) => [r.regionId, r]));
    expect(byRegion[2]).toEqual({ regionId: 2, new: 2, unassigned: 1, arrived: 5, answered: 3, medianSeconds: 1800 });
    expect(byRegion[3]).toEqual({ regionId: 3, new: 0, unassigned: 1, arrived: 2, answered: 1, medianSeconds: 7200 });
    expect(byRegion[4]).toEqual({ regionId: 4, new: 1, unassigned: 1, arrived: 1, answered: 0, medianSeconds: null });

    // an Editor sees no lead figures at all
    expect((await get('/api/admin/dashboard', editor)).json().data.leads).toBeNull();
  });
});
