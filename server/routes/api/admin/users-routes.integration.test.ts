import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '#shared/validation/users.ts';
import { addUser, bearer, linkIn, login, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { TEST_ADMIN } from '#tests/setup/constants.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/setup/fake-smtp.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

const PASSWORD = 'a-long-enough-password';

describe('users API', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let admin: { token: string };
  let adminId: number;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });
    admin = await signIn(t.app);
    adminId = (await t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(admin.token) })).json().data.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const get = (url: string, token = admin.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  // an edit sends the version it started from, read first as an editor does (ADR 048)
  const post = async (url: string, payload: object, token = admin.token) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: await withBaseVersion(t.app, url, payload, bearer(token)) });

  it('lists the roles: Administrator and Editor', async () => {
    expect((await get('/api/adminusers/get-roles')).json()).toEqual({
      success: true,
      message: null,
      data: [
        { id: 1, name: 'Administrator' },
        { id: 2, name: 'Editor' },
      ],
    });
  });

  it('adds a user with a password; the list shows it with no last login until it signs in', async () => {
    const res = await post('/api/adminusers/add', { email: 'Pat.Lee@example.com', password: PASSWORD, userRoles: [2] });
    expect(res.json()).toMatchObject({
      success: true,
      data: { email: 'pat.lee@example.com', lastLogin: null, userRoles: [2], twoFactorEnabled: false },
    });
    const id = res.json().data.id as number;
    const find = async () =>
      ((await get('/api/adminusers/get-all')).json().data as { id: number; lastLogin: string | null }[]).find((u) => u.id === id);
    expect(await find()).toEqual({ id, name: null, email: 'pat.lee@example.com', lastLogin: null, userRoles: [2] });
    await signIn(t.app, 'pat.lee@example.com', PASSWORD);
    expect((await find())!.lastLogin).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await get(`/api/adminusers/get/${id}`)).json().data).toMatchObject({ id, email: 'pat.lee@example.com', userRoles: [2] });
  });

  it('refuses a duplicate email (any case) with 409, and a bad email or short password with the form messages', async () => {
    const dup = await post('/api/adminusers/add', { email: TEST_ADMIN.email.toUpperCase(), password: PASSWORD, userRoles: [1] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ success: false, data: null, message: USER_MESSAGES.duplicateEmail });
    const bad = await post('/api/adminusers/add', { email: 'not-an-email', password: '', userRoles: [2] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: [USER_MESSAGES.emailInvalid] });
    const short = await post('/api/adminusers/add', { email: 'short@example.com', password: 'short', userRoles: [2] });
    expect(short.json().errors).toEqual({ password: [USER_MESSAGES.passwordTooShort] });
    const noRole = await post('/api/adminusers/add', { email: 'norole@example.com', userRoles: [] });
    expect(noRole.json().errors).toEqual({ userRoles: [USER_MESSAGES.roleRequired] });
    const unknownRole = await post('/api/adminusers/add', { email: 'norole@example.com', userRoles: [42] });
    expect(unknownRole.statusCode).toBe(400);
  });

  it('a blank password on add assigns a random one and emails a set-password link that works', async () => {
    // notices of earlier tests (sign-ins, changes an administrator made) are delivered first, so they are not counted below
    await t.app.services.mail.idle();
    const before = smtp.messages.length;
    const res = await post('/api/adminusers/add', { email: 'new.hire@example.com', password: '', userRoles: [2] });
    expect(res.statusCode).toBe(200);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.to).toEqual(['new.hire@example.com']);
    const hash = linkIn(mail, '/account/reset-password/').split('/').pop()!;
    const set = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { PasswordHash: 'my-own-password', PasswordResetHash: hash },
    });
    expect(set.json().success).toBe(true);
    expect((await login(t.app, 'new.hire@example.com', 'my-own-password')).statusCode).toBe(200);
  });

  it('edit: a blank password keeps it, a new one replaces it, roles change, the email cannot', async () => {
    const id = await addUser(t.app, admin.token, 'edit.me@example.com', PASSWORD, [2]);
    const before = await signIn(t.app, 'edit.me@example.com', PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(before.token) })).json().data.permissions).toEqual(
      ['content'],
    );

    const keep = await post('/api/adminusers/edit', { id, email: 'edit.me@example.com', password: '', userRoles: [1, 2] });
    expect(keep.json().data.userRoles).toEqual([1, 2]);
    expect((await login(t.app, 'edit.me@example.com', PASSWORD)).statusCode).toBe(200);
    // Roles are read per request: the existing token now carries the new permissions.
    expect((await t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(before.token) })).json().data.roles).toEqual([
      1, 2,
    ]);

    const renamed = await post('/api/adminusers/edit', { id, email: 'someone.else@example.com', userRoles: [2] });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(USER_MESSAGES.emailCannotChange);
    expect((await get(`/api/adminusers/get/${id}`)).json().data.email).toBe('edit.me@example.com');

    const change = await post('/api/adminusers/edit', {
      id,
      email: 'EDIT.ME@example.com',
      password: 'a-replaced-password',
      userRoles: [2],
    });
    expect(change.statusCode).toBe(200);
    expect((await login(t.app, 'edit.me@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, 'edit.me@example.com', 'a-replaced-password')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken: before.refreshToken } })).statusCode,
    ).toBe(401);

    expect((await post('/api/adminusers/edit', { id: 999999, email: 'x@example.com', userRoles: [2] })).statusCode).toBe(404);
  });

  it('an administrator cannot delete their own account or demote the last administrator', async () => {
    const self = await get(`/api/adminusers/delete/${adminId}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(USER_MESSAGES.cannotDeleteSelf);
    const admins = await sqlRows(t.database)<{ user_id: number }>`select user_id from user_roles where site_role_id = 1`;
    // the account as read now, with the version the step-down starts from (ADR 048)
    const stepDown = async (id: number) => {
      const user = await t.app.services.users.get(id);
      return { id, email: user.email, baseVersion: user.version };
    };
    // Other administrators made by earlier tests step down first, so the seed admin is the last one.
    for (const { user_id } of admins) {
      if (user_id !== adminId)
        await t.app.services.users.edit(
          { id: adminId, email: TEST_ADMIN.email, roles: [1], twoFactorEnabled: false, sessionId: null, exp: 0 },
          { ...(await stepDown(user_id)), password: undefined, userRoles: [2] },
          { ip: null },
        );
    }
    const demote = await post('/api/adminusers/edit', { id: adminId, email: TEST_ADMIN.email, userRoles: [2] });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe(USER_MESSAGES.cannotRemoveLastAdmin);
  });

  it('refuses to delete the last administrator, whoever asks', async () => {
    const someone = { id: 999999, email: 'robot@example.com', roles: [1], twoFactorEnabled: false, sessionId: null, exp: 0 };
    await expect(t.app.services.users.delete(someone, adminId, { ip: null })).rejects.toThrow(USER_MESSAGES.cannotDeleteLastAdmin);
  });

  it('deletes a user: gone from the list, sessions ended, audited', async () => {
    const id = await addUser(t.app, admin.token, 'leaving@example.com', PASSWORD);
    const session = await signIn(t.app, 'leaving@example.com', PASSWORD);
    expect((await get(`/api/adminusers/delete/${id}`)).json()).toEqual({ success: true, data: null, message: null });
    expect((await get(`/api/adminusers/get/${id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(session.token) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken: session.refreshToken } })).statusCode,
    ).toBe(401);
    expect((await get(`/api/adminusers/delete/${id}`)).statusCode).toBe(404);
    const entries = await sqlRows(t.database)<{
      action: string;
      actor_email: string;
    }>`select action, actor_email from audit_log where target_email = 'leaving@example.com' order by id`;
    expect(entries.map((e) => e.action)).toEqual(['user-created', 'sign-in', 'user-deleted']);
    expect(entries.at(-1)!.actor_email).toBe(TEST_ADMIN.email);
  });

  it('create-user (auth/create-user) adds a user like adminusers/add, for administrators only', async () => {
    const res = await post('/auth/create-user', { email: 'via.auth@example.com', password: PASSWORD, userRoles: [2] });
    expect(res.json()).toMatchObject({ success: true, data: { email: 'via.auth@example.com' } });
    const editor = await signIn(t.app, 'via.auth@example.com', PASSWORD);
    const denied = await post('/auth/create-user', { email: 'sneaky@example.com', password: PASSWORD, userRoles: [1] }, editor.token);
    expect(denied.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/create-user', payload: { email: 'x@example.com', userRoles: [1] } })).statusCode,
    ).toBe(401);
  });
});
