import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSentence } from '#domain/audit/audit-service.ts';
import { REGION_CA, REGION_US } from '#shared/regions.ts';
import { addUser, bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

/** ADR 044: the privacy text's versions stored with leads, lead retention per region, access and erasure requests. */

let t: TestApp;
let admin: string;
let editor: string;
let run: ReturnType<typeof sqlRows>;
let keyNo = 0;

function lead(email: string, region = 'USA', extra: Record<string, unknown> = {}) {
  return {
    name: `Privacy ${email}`,
    email,
    phone: '+1 (515) 555-0199',
    data: JSON.stringify({
      Region: region,
      Role: 'Grower',
      State: region === 'USA' ? 'Iowa' : region === 'Canada' ? 'Ontario' : '',
      Zipcode: region === 'USA' ? '50010' : region === 'Canada' ? 'K1A 0B1' : '',
    }),
    message: 'Please call me about seed treatments.',
    reCaptchaToken: '',
    idempotencyKey: `privacy-key-${String(++keyNo).padStart(4, '0')}-${'x'.repeat(20)}`,
    ...extra,
  };
}

async function submit(payload: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: number } }).data.id;
}

const one = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async (table: string, where: string) =>
  Number((await one<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(where)}`))[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ FORM_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT: '1000' });
  run = sqlRows(t.database);
  admin = (await signIn(t.app)).token;
  await addUser(t.app, admin, 'privacy.editor@example.com', 'Privacy-Editor-Passw0rd!', [2]);
  editor = (await signIn(t.app, 'privacy.editor@example.com', 'Privacy-Editor-Passw0rd!')).token;
});
afterAll(() => t.close());

describe('the privacy text beside the form, in versions', () => {
  it('stores the version each visitor saw, a stale one from a cached page included; an unknown id is not stored', async () => {
    const save = async (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/privacy/text',
        headers: bearer(admin),
        payload: await withBaseVersion(t.app, '/api/admin/privacy/text', { text }, bearer(admin)),
      });
    const first = await save('We use your details only to answer your request.');
    expect(first.statusCode, first.body).toBe(200);
    const v1 = first.json().data.id as number;
    // saving the same text again is no new version
    expect((await save('We use your details only to answer your request.')).json().data.id).toBe(v1);

    const withV1 = await submit(lead('consent.one@example.com', 'USA', { privacyVersion: v1 }));
    const second = await save('We use your details to answer your request and keep them for two years.');
    const v2 = second.json().data.id as number;
    expect(v2).toBeGreaterThan(v1);
    const current = await t.app.inject({ method: 'GET', url: '/api/admin/privacy/text', headers: bearer(admin) });
    expect(current.json().data).toMatchObject({ id: v2, text: 'We use your details to answer your request and keep them for two years.' });

    // a page cached before the edit still posts v1: that is what its visitor saw
    const stale = await submit(lead('consent.two@example.com', 'USA', { privacyVersion: String(v1) }));
    const fresh = await submit(lead('consent.three@example.com', 'USA', { privacyVersion: v2 }));
    const unknown = await submit(lead('consent.four@example.com', 'USA', { privacyVersion: v2 + 1000 }));
    const stored = await one<{ id: number; privacy_text_id: number | null }>(
      sql`select id, privacy_text_id from form_submissions where id in (${withV1}, ${stale}, ${fresh}, ${unknown}) order by id`,
    );
    expect(stored.map((r) => r.privacy_text_id)).toEqual([v1, v1, v2, null]);

    // the admin's View names the version and its words
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/forms/${stale}`, headers: bearer(admin) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.privacyText).toMatchObject({ id: v1, text: 'We use your details only to answer your request.' });

    // the no-JavaScript form posts the hidden field: the page's action stores it too
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: lead('consent.five@example.com', 'USA', { privacyVersion: 'abc' }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is an Administrator call: 401 without a session, 403 for an Editor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/privacy/text' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/privacy/text', headers: bearer(editor) })).statusCode).toBe(403);
    for (const url of ['/api/admin/privacy/count', '/api/admin/privacy/export', '/api/admin/privacy/erase']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(editor),
        payload: { email: 'a@example.com', confirmCount: 0 },
      });
      expect(res.statusCode, url).toBe(403);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/export',
      headers: bearer(admin),
      payload: { email: 'not an address' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('lead retention per region', () => {
  it('is off by default; on, it deletes only the old leads of that region with their emails, deliveries and history, audited', async () => {
    const usOld = await submit(lead('retention.us.old@example.com', 'USA'));
    const usNew = await submit(lead('retention.us.new@example.com', 'USA'));
    const caOld = await submit(lead('retention.ca.old@example.com', 'Canada'));
    await run`update form_submissions set created = now() - interval '40 days' where id in (${usOld}, ${caOld})`;
    // a note and a webhook delivery on the old US lead, beside its notification email
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/admin/forms/${usOld}/notes`,
      headers: bearer(admin),
      payload: { note: 'Called back.' },
    });
    expect(note.statusCode, note.body).toBe(200);
    await run`insert into webhook_deliveries (message_id, url, event_type, payload, form_submission_id, retry_until)
      values ('msg_retention_1', 'https://crm.example.com/hook', 'lead.created', '{}', ${usOld}, now())`;
    expect(await count('mail_outbox', `form_submission_id = ${usOld}`)).toBeGreaterThan(0);

    // off by default: nothing goes
    const off = await t.app.services.retention.runOnce(new Date());
    expect(off.ran).toBe(true);
    expect(off.leads).toEqual([]);
    expect(await count('form_submissions', `id in (${usOld}, ${usNew}, ${caOld})`)).toBe(3);

    await t.app.services.settings.update({ leadRetentionDays: { us: 30, ca: null, int: null } });
    const on = await t.app.services.retention.runOnce(new Date());
    expect(on.leads).toEqual([{ regionId: REGION_US, days: 30, count: 1 }]);
    expect(await count('form_submissions', `id = ${usOld}`)).toBe(0);
    expect(await count('form_submissions', `id in (${usNew}, ${caOld})`)).toBe(2);
    expect(await count('mail_outbox', `form_submission_id = ${usOld}`)).toBe(0);
    expect(await count('webhook_deliveries', `form_submission_id = ${usOld}`)).toBe(0);
    expect(await count('lead_activity', `submission_id = ${usOld}`)).toBe(0);
    const audit = await one<{ subject_title: string; detail: { count: number; days: number; regionId: number } }>(
      sql`select subject_title, detail from audit_log where action = 'leads-expired' order by id`,
    );
    expect(audit).toEqual([{ subject_title: 'U.S.', detail: { count: 1, days: 30, regionId: REGION_US } }]);
    expect(
      auditSentence({
        action: 'leads-expired',
        actorEmail: null,
        targetEmail: null,
        subjectKind: 'lead',
        subjectTitle: 'U.S.',
        detail: audit[0]!.detail,
      }),
    ).toBe('The site deleted 1 lead of U.S. older than 30 days');

    // Canada on too: its old lead goes, counted in its own entry
    await t.app.services.settings.update({ leadRetentionDays: { us: 30, ca: 35, int: null } });
    const both = await t.app.services.retention.runOnce(new Date());
    expect(both.leads).toEqual([
      { regionId: REGION_US, days: 30, count: 0 },
      { regionId: REGION_CA, days: 35, count: 1 },
    ]);
    expect(await count('form_submissions', `id = ${caOld}`)).toBe(0);
    expect(await count('form_submissions', `id = ${usNew}`)).toBe(1);
    await t.app.services.settings.update({ leadRetentionDays: { us: null, ca: null, int: null } });
  });
});

describe('access and erasure requests for one email address', () => {
  it('exports every lead, email, delivery and note of the address, and erases them all, audited', async () => {
    const a = await submit(lead('Jane.Doe@Example.com', 'USA'));
    const b = await submit(lead('jane.doe@example.com', 'Canada'));
    const other = await submit(lead('someone.else@example.com', 'USA'));
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/forms/${a}/notes`,
      headers: bearer(admin),
      payload: { note: 'Wants a visit in March.' },
    });
    await run`insert into webhook_deliveries (message_id, url, event_type, payload, form_submission_id, retry_until)
      values ('msg_erasure_1', 'https://crm.example.com/hook', 'lead.created', '{"email":"jane.doe@example.com"}', ${b}, now())`;

    const counted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/count',
      headers: bearer(admin),
      payload: { email: ' JANE.DOE@example.com ' },
    });
    expect(counted.json().data).toEqual({ email: 'jane.doe@example.com', count: 2 });

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/export',
      headers: bearer(admin),
      payload: { email: 'jane.doe@example.com' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json().data as {
      leads: { id: number; email: string }[];
      emails: { formSubmissionId: number; subject: string }[];
      webhookDeliveries: { messageId: string }[];
      activity: { submissionId: number; note: string | null }[];
    };
    expect(data.leads.map((l) => l.id)).toEqual([a, b]);
    expect(data.emails.length).toBeGreaterThanOrEqual(2);
    expect(new Set(data.emails.map((m) => m.formSubmissionId))).toEqual(new Set([a, b]));
    expect(data.webhookDeliveries.map((w) => w.messageId)).toEqual(['msg_erasure_1']);
    expect(data.activity.map((x) => x.note)).toContain('Wants a visit in March.');
    expect(JSON.stringify(data)).not.toContain('someone.else@example.com');

    // the confirmation names the count: a stale count is refused, nothing deleted
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      headers: bearer(admin),
      payload: { email: 'jane.doe@example.com', confirmCount: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(await count('form_submissions', `id in (${a}, ${b})`)).toBe(2);

    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      headers: bearer(admin),
      payload: { email: 'jane.doe@example.com', confirmCount: 2 },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toEqual({ email: 'jane.doe@example.com', count: 2 });
    expect(await count('form_submissions', `lower(email) = 'jane.doe@example.com'`)).toBe(0);
    expect(await count('mail_outbox', `form_submission_id in (${a}, ${b})`)).toBe(0);
    expect(await count('webhook_deliveries', `form_submission_id in (${a}, ${b})`)).toBe(0);
    expect(await count('lead_activity', `submission_id in (${a}, ${b})`)).toBe(0);
    expect(await count('form_submissions', `id = ${other}`)).toBe(1);

    const audit = await one<{ action: string; target_email: string; detail: { count: number } }>(
      sql`select action, target_email, detail from audit_log where action in ('privacy-exported', 'privacy-erased') order by id`,
    );
    expect(audit).toEqual([
      { action: 'privacy-exported', target_email: 'jane.doe@example.com', detail: { count: 2 } },
      { action: 'privacy-erased', target_email: 'jane.doe@example.com', detail: { count: 2 } },
    ]);
  });
});

describe('the rep-contact form, the CSV export and the versions list carry the privacy text version', () => {
  const saveText = async (text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/text',
      headers: bearer(admin),
      payload: await withBaseVersion(t.app, '/api/admin/privacy/text', { text }, bearer(admin)),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  it('stores the version the rep-contact form showed, as the contact form does; an unknown id is not stored, a non-number is a 400', async () => {
    const version = await saveText('Your message goes to the rep you chose and our regional team; see our privacy policy.');
    const rep = (await t.app.inject('/api/finder/search?label=Reps&zip=50010')).json().data.results[0] as { id: number };
    expect(rep?.id).toBeGreaterThan(0);
    const send = (email: string, extra: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/forms/contact-rep',
        payload: {
          name: 'Rep Privacy',
          email,
          phone: '515-555-0123',
          message: 'Call me',
          targetType: 'rep',
          targetId: rep.id,
          zip: '50010',
          label: 'Reps',
          ...extra,
        },
      });
    const shown = await send('rep.privacy.one@example.com', { privacyVersion: String(version) });
    expect(shown.statusCode, shown.body).toBe(200);
    const unknown = await send('rep.privacy.two@example.com', { privacyVersion: version + 1000 });
    const none = await send('rep.privacy.three@example.com', {});
    const ids = [shown, unknown, none].map((r) => r.json().data.id as number);
    const stored = await one<{ id: number; type: number; privacy_text_id: number | null }>(
      sql`select id, type, privacy_text_id from form_submissions where id in (${ids[0]}, ${ids[1]}, ${ids[2]}) order by id`,
    );
    expect(stored).toEqual([
      { id: ids[0], type: 1, privacy_text_id: version },
      { id: ids[1], type: 1, privacy_text_id: null },
      { id: ids[2], type: 1, privacy_text_id: null },
    ]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/forms/${ids[0]}`, headers: bearer(admin) });
    expect(detail.json().data.privacyText).toMatchObject({ id: version });
    expect(detail.json().data.lead.privacyTextId).toBe(version);

    const bad = await send('rep.privacy.four@example.com', { privacyVersion: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ privacyVersion: ['The privacy text version must be a number.'] });
  });

  it('puts the version in the forms CSV export, blank for a lead sent without one', async () => {
    const version = await saveText('We keep your request to answer it, and delete it when our retention period ends.');
    const withText = await submit(lead('csv.privacy.with@example.com', 'USA', { privacyVersion: version }));
    const without = await submit(lead('csv.privacy.without@example.com', 'USA'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms/export',
      headers: bearer(admin),
      payload: { search: 'csv.privacy', order: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const records = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    const byId = new Map(records.map((r) => [Number(r.Id), r]));
    expect(byId.get(withText)?.['Privacy text version']).toBe(String(version));
    expect(byId.get(without)?.['Privacy text version']).toBe('');
  });

  it('lists every version newest first, with who saved it and how many leads name it; Administrators only', async () => {
    const older = await saveText('Version list: the first words.');
    await submit(lead('versions.one@example.com', 'USA', { privacyVersion: older }));
    await submit(lead('versions.two@example.com', 'Canada', { privacyVersion: older }));
    const newer = await saveText('Version list: the second words.');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/privacy/text/versions', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { id: number; text: string; createdBy: string | null; leads: number; created: string }[];
    expect(list.map((v) => v.id)).toEqual([...list.map((v) => v.id)].sort((a, b) => b - a));
    expect(list[0]).toMatchObject({ id: newer, text: 'Version list: the second words.', leads: 0, createdBy: 'admin@example.com' });
    expect(list.find((v) => v.id === older)).toMatchObject({ text: 'Version list: the first words.', leads: 2 });
    expect(Number.isNaN(Date.parse(list[0]!.created))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/privacy/text/versions', headers: bearer(editor) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/privacy/text/versions' })).statusCode).toBe(401);
  });
});

describe('lead retention in the site settings API', () => {
  const get = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/settings/get', headers: bearer(admin) })).json().data;
  // a save sends the version it started from, read first as the screen does (ADR 048)
  const save = async (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/settings/edit',
      headers: bearer(admin),
      payload: await withBaseVersion(t.app, '/api/admin/settings/edit', body, bearer(admin)),
    });

  it('is off (null) by default, saved per region, kept when a caller leaves it out, checked, and audited with the days before and after', async () => {
    const start = await get();
    expect(start.settings.leadRetentionDays).toEqual({ us: null, ca: null, int: null });
    const on = await save({ ...start.settings, leadRetentionDays: { us: 365, ca: 730, int: null } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.settings.leadRetentionDays).toEqual({ us: 365, ca: 730, int: null });
    expect((await t.app.services.settings.get()).leadRetentionDays).toEqual({ us: 365, ca: 730, int: null });

    // a caller that does not know the field (written before it) leaves the days as they are
    const { leadRetentionDays: _days, ...older } = start.settings;
    expect((await save(older)).json().data.settings.leadRetentionDays).toEqual({ us: 365, ca: 730, int: null });

    for (const days of [0, 3651, 1.5, 'many']) {
      const bad = await save({ ...start.settings, leadRetentionDays: { us: days, ca: null, int: null } });
      expect(bad.statusCode, String(days)).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('Enter a whole number of days from 1 to 3650');
    }
    expect((await t.app.services.settings.get()).leadRetentionDays).toEqual({ us: 365, ca: 730, int: null });

    const off = await save({ ...start.settings, leadRetentionDays: { us: null, ca: null, int: null } });
    expect(off.json().data.settings.leadRetentionDays).toEqual({ us: null, ca: null, int: null });
    const audit = await one<{ detail: { fields: string[]; leadRetentionDays?: unknown } }>(
      sql`select detail from audit_log where action = 'changed' and subject_kind = 'settings' and detail->'fields' ? 'leadRetentionDays' order by id`,
    );
    expect(audit.map((a) => a.detail.leadRetentionDays)).toEqual([
      { before: { us: null, ca: null, int: null }, after: { us: 365, ca: 730, int: null } },
      { before: { us: 365, ca: 730, int: null }, after: { us: null, ca: null, int: null } },
    ]);
  });
});
