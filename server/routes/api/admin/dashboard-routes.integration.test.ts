import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '#tests/setup/fake-smtp.ts';
import { addUser, bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { DashboardDto } from '#shared/validation/dashboard.ts';

/** The dashboard's figures and last changes, each for the roles allowed to see it. */
let t: TestApp;
let admin: string;
let editor: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', FORM_RATE_LIMIT: '1000' });
  admin = (await signIn(t.app)).token;
  await addUser(t.app, admin, 'writer@example.com', 'a-writer-password-here', [2]);
  editor = (await signIn(t.app, 'writer@example.com', 'a-writer-password-here')).token;
});
afterAll(() => t.close());

const dashboard = async (token = admin): Promise<DashboardDto> => {
  const res = await t.app.inject({ url: '/api/admin/dashboard', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const lead = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/forms/add',
    payload: {
      name,
      email: 'lead@example.com',
      phone: '',
      data: JSON.stringify({ region: 'USA', role: 'Grower' }),
      message: 'Hi',
      reCaptchaToken: '',
    },
  });
const knowledge = (title: string, extra: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/knowledge-center/add',
    headers: bearer(admin),
    payload: {
      type: 0,
      category: 39,
      region: 2,
      title,
      metadata: { desc: 'Summary' },
      modules: [],
      publishDate: '2026-04-01T00:00:00Z',
      ...extra,
    },
  });

describe('GET /api/admin/dashboard', () => {
  it('answers 401 without a token', async () => {
    expect((await t.app.inject('/api/admin/dashboard')).statusCode).toBe(401);
  });

  it('counts new and unread leads; opening one in the admin makes it read', async () => {
    const before = (await dashboard()).leads!;
    expect((await lead('Dash Board')).json().success).toBe(true);
    const after = (await dashboard()).leads!;
    expect({ recent: after.recent, unread: after.unread }).toEqual({ recent: before.recent + 1, unread: before.unread + 1 });
    // it is also a lead still New (the figures per region are tested in lead-life.integration.test.ts)
    expect(after.new).toBe(before.new + 1);

    const page = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms/filter',
      headers: bearer(admin),
      payload: { search: 'Dash Board' },
    });
    const [row] = page.json().data.items as { id: number; read: boolean }[];
    expect(row!.read).toBe(false);
    expect((await t.app.inject({ url: `/api/admin/forms/read/${row!.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    expect((await dashboard()).leads!.unread).toBe(before.unread);
    // opening it again changes nothing; an unknown lead is a 404
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/forms/read/${row!.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    expect((await dashboard()).leads!.unread).toBe(before.unread);
    expect((await t.app.inject({ url: '/api/admin/forms/read/99999999', headers: bearer(admin) })).statusCode).toBe(404);
  });

  it('counts drafts and scheduled items across the content kinds', async () => {
    const before = (await dashboard()).content!;
    expect((await knowledge('A Draft Note', { status: 0 })).statusCode).toBe(200);
    // published on purpose, its first version scheduled: a create without a status is a draft (ADR 049)
    expect(
      (await knowledge('A Scheduled Note', { status: 1, publishAt: new Date(Date.now() + 86_400_000).toISOString() })).statusCode,
    ).toBe(200);
    expect((await dashboard()).content).toEqual({ drafts: before.drafts + 1, scheduled: before.scheduled + 1 });
  });

  it('lists the last changes in words, newest first, for Administrators', async () => {
    await knowledge('Spring Nitrogen Plan', {});
    const recent = (await dashboard()).recent!;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThanOrEqual(8);
    expect(recent[0]!.summary).toMatch(/Spring Nitrogen Plan/);
  });

  it('shows an Editor the content figures only: no leads, no audit log', async () => {
    const d = await dashboard(editor);
    expect(d.content).not.toBeNull();
    expect(d.leads).toBeNull();
    expect(d.recent).toBeNull();
    expect((await t.app.inject({ url: '/api/admin/forms/read/1', headers: bearer(editor) })).statusCode).toBe(403);
  });
});

describe('lead emails that are not sent', () => {
  it('warns an Administrator while SMTP_URL is not set, with the folder and how many messages are there', async () => {
    const folder = path.join(t.env.DATA_DIR, 'outbox');
    mkdirSync(folder, { recursive: true });
    const before = (await dashboard()).mailNotSent;
    expect(before).toEqual({ folder: path.resolve(t.env.DATA_DIR, 'outbox'), files: expect.any(Number) });
    writeFileSync(path.join(folder, 'a-new-lead.eml'), 'Subject: New lead');
    writeFileSync(path.join(folder, 'another.eml'), 'Subject: New lead');
    expect((await dashboard()).mailNotSent?.files).toBe(before!.files + 2);
    // an Editor (no settings permission) is not told
    expect((await dashboard(editor)).mailNotSent).toBeNull();
  });

  it('says nothing once mail is sent through SMTP', async () => {
    const smtp = await startFakeSmtp();
    const sending = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const token = (await signIn(sending.app)).token;
      const res = await sending.app.inject({ url: '/api/admin/dashboard', headers: bearer(token) });
      expect(res.json().data.mailNotSent).toBeNull();
    } finally {
      await sending.close();
      await smtp.close();
    }
  });
});
