import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS } from '#domain/auth/passwords.ts';
import { currentTotp } from '#domain/auth/totp.ts';
import { PERMISSIONS } from '#shared/permissions.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import { addUser, bearer, linkIn, login, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { TEST_ADMIN, TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/setup/fake-smtp.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

const PASSWORD = 'a-long-enough-password';

async function auditActions(t: TestApp, email: string): Promise<string[]> {
  const list = await sqlRows(t.database)<{ action: string }>`select action from audit_log where target_email = ${email} order by id`;
  return list.map((r) => r.action);
}

/** POSTs a JSON body to `url` with `token` as the bearer. */
const postAs = (app: FastifyInstance, token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** Adds a user `email` (an Editor, password PASSWORD) and signs in as them. */
async function newUserSession(app: FastifyInstance, adminToken: string, email: string) {
  await addUser(app, adminToken, email, PASSWORD);
  return signIn(app, email, PASSWORD);
}

describe('sign-in', () => {
  let t: TestApp;
  let admin: { token: string; refreshToken: string };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signIn(t.app);
  });
  afterAll(() => t.close());

  it('answers a 15-minute access token, a refresh token and the email; check-auth reads the user back', async () => {
    const res = await login(t.app, TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: null, data: { email: TEST_ADMIN.email } });
    const claims = decodeJwt(body.data.token);
    expect(claims).toMatchObject({ roles: [1], email: TEST_ADMIN.email });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(body.data.token) });
    expect(me.json()).toEqual({
      success: true,
      message: null,
      data: {
        id: Number(claims.sub),
        email: TEST_ADMIN.email,
        name: null,
        roles: [1],
        permissions: [...PERMISSIONS],
        twoFactorEnabled: false,
      },
    });
  });

  it('stores passwords as argon2id hashes with the configured parameters (19 MiB, 2 passes, 1 lane), never as sent', async () => {
    const email = 'hash.check@example.com';
    await addUser(t.app, admin.token, email, PASSWORD);
    const rows = await sqlRows(t.database)<{
      email: string;
      password_hash: string;
    }>`select email, password_hash from admin_users where email in (${email}, ${TEST_ADMIN.email})`;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_hash, row.email).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
      expect(row.password_hash).not.toContain(PASSWORD);
    }
    expect(ARGON2_OPTIONS).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('stores refresh tokens only as SHA-256 hashes: the database never holds an issued token', async () => {
    const session = await signIn(t.app);
    const refreshed = (
      await t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken: session.refreshToken } })
    ).json().data as { refreshToken: string };
    const rows = await sqlRows(t.database)<
      Record<string, unknown>
    >`select * from refresh_tokens where family_id = ${decodeJwt(session.token).sid as string} order by id`;
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    for (const issued of [session.refreshToken, refreshed.refreshToken]) {
      expect(stored).not.toContain(issued);
      expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(issued).digest('hex'));
    }
  });

  it('gives the same 401 message for a wrong password and an unknown user, and audits both', async () => {
    const wrong = await login(t.app, TEST_ADMIN.email, 'not-the-password');
    const unknown = await login(t.app, 'nobody@example.com', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, data: null, message: AUTH_MESSAGES.loginFailed });
    }
    expect(await auditActions(t, TEST_ADMIN.email)).toContain('sign-in-failed');
    const unknownRows = await sqlRows(t.database)<{
      n: number;
    }>`select count(*)::int as n from audit_log where action = 'sign-in-failed' and target_email is null`;
    expect(unknownRows[0]!.n).toBeGreaterThan(0);
  });

  it('asks for username and password with the spec messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { Username: '', Password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ Username: [AUTH_MESSAGES.usernameRequired], Password: [AUTH_MESSAGES.passwordRequired] });
  });

  it('locks an account for 15 minutes after 5 failures, even for the right password, then lets it in again', async () => {
    const email = 'lock.me@example.com';
    await addUser(t.app, admin.token, email, PASSWORD);
    for (let i = 0; i < 4; i++) expect((await login(t.app, email, 'wrong-password-guess')).statusCode).toBe(401);
    const fifth = await login(t.app, email, 'wrong-password-guess');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe(AUTH_MESSAGES.lockedOut);
    const right = await login(t.app, email, PASSWORD);
    expect(right.statusCode).toBe(429);

    // the username counts in two rows (this client, and every client): the lock is the one that holds a time
    const [lock] = await sqlRows(t.database)<{
      locked_until: string;
    }>`select locked_until from sign_in_failures where username = ${email} order by locked_until desc nulls last limit 1`;
    const minutes = (new Date(lock!.locked_until).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    await sqlRows(t.database)`update sign_in_failures set locked_until = now() - interval '1 second' where username = ${email}`;
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);
    expect(await auditActions(t, email)).toEqual([
      'user-created',
      ...Array(5).fill('sign-in-failed'),
      'account-locked',
      'sign-in-refused-locked',
      'sign-in',
    ]);
  });

  it('answers a known and an unknown username identically at every step of the lockout (no account enumeration)', async () => {
    const known = 'known.target@example.com';
    await addUser(t.app, admin.token, known, PASSWORD);
    const unknown = 'unknown.target@example.com';
    const steps: { known: [number, unknown]; unknown: [number, unknown] }[] = [];
    for (let i = 0; i < 7; i++) {
      const a = await login(t.app, known, 'wrong-password-guess');
      // the unknown name differs in case and spacing: failures count per normalised username
      const b = await login(t.app, i % 2 ? unknown.toUpperCase() : ` ${unknown}`, 'wrong-password-guess');
      steps.push({ known: [a.statusCode, a.json()], unknown: [b.statusCode, b.json()] });
    }
    for (const [i, step] of steps.entries()) expect(step.unknown, `attempt ${i + 1}`).toEqual(step.known);
    expect(steps.map((s) => s.known[0])).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect(steps[4]!.known[1]).toEqual({ success: false, data: null, message: AUTH_MESSAGES.lockedOut });
    expect(steps[0]!.known[1]).toEqual({ success: false, data: null, message: AUTH_MESSAGES.loginFailed });
    // the right password of the locked account gets the same reply as any guess for the unknown name
    const right = await login(t.app, known, PASSWORD);
    const guess = await login(t.app, unknown, PASSWORD);
    expect([right.statusCode, right.json()]).toEqual([guess.statusCode, guess.json()]);
  });

  it('a success resets the failure count', async () => {
    const email = 'forgetful@example.com';
    await addUser(t.app, admin.token, email, PASSWORD);
    for (let i = 0; i < 4; i++) await login(t.app, email, 'wrong-password-guess');
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(t.app, email, 'wrong-password-guess')).statusCode).toBe(401);
  });

  describe('tokens', () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    let userId: string;
    beforeAll(() => {
      userId = decodeJwt(admin.token).sub!;
    });
    const checkAuth = (token?: string) =>
      t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: token === undefined ? {} : bearer(token) });
    const signed = (payload: Record<string, unknown>, secret = key, exp = Math.floor(Date.now() / 1000) + 600) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer('site')
        .setAudience('access')
        .setExpirationTime(exp)
        .sign(secret);

    it('accepts a token signed with the secret for a live session (the control for the cases below)', async () => {
      expect((await checkAuth(await signed({ roles: [1], sid: decodeJwt(admin.token).sid }))).statusCode).toBe(200);
    });

    it.each([
      ['no token', async () => undefined],
      ['garbage', async () => 'not.a.jwt'],
      ['a wrong signature', async () => signed({ roles: [1] }, new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'))],
      [
        'alg none',
        async () =>
          `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: userId, iss: 'site', aud: 'access', roles: [1], exp: Math.floor(Date.now() / 1000) + 600 })}.`,
      ],
      ['an expired token', async () => signed({ roles: [1] }, key, Math.floor(Date.now() / 1000) - 5)],
      [
        'a second-factor challenge used as an access token',
        async () =>
          new SignJWT({ purpose: 'second-factor' })
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject(userId)
            .setIssuer('site')
            .setAudience('challenge')
            .setExpirationTime('5m')
            .sign(key),
      ],
      ['a token without a sign-in session', async () => signed({ roles: [1] })],
      ['a token naming a session that does not exist', async () => signed({ roles: [1], sid: 'made-up-session' })],
      [
        'a token of a deleted user',
        async () =>
          new SignJWT({ roles: [1], sid: decodeJwt(admin.token).sid })
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject('999999')
            .setIssuer('site')
            .setAudience('access')
            .setExpirationTime('5m')
            .sign(key),
      ],
    ])('refuses %s with 401', async (_what, make) => {
      const res = await checkAuth(await make());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, data: null, message: AUTH_MESSAGES.notSignedIn });
    });
  });

  it('rotates refresh tokens; reusing a rotated one revokes its whole family but not other sessions', async () => {
    const session = await signIn(t.app);
    const other = await signIn(t.app);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken: token } });

    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json().data as { token: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(decodeJwt(next.token).sub).toBe(decodeJwt(session.token).sub);

    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(AUTH_MESSAGES.refreshInvalid);
    // The thief's replay ended the session: the legitimate newer token is dead too.
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    const reuse = await sqlRows(t.database)<{ n: number }>`select count(*)::int as n from audit_log where action = 'refresh-token-reuse'`;
    expect(reuse[0]!.n).toBe(1);
  });

  it('logout revokes the session: its refresh token (and any copy of an older one) no longer works; other sessions go on', async () => {
    const session = await signIn(t.app);
    const other = await signIn(t.app);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken: token } });
    const rotated = (await refresh(session.refreshToken)).json().data as { refreshToken: string };
    const logout = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/auth/logout', payload: { refreshToken } });

    const res = await logout(rotated.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: null });
    const after = await refresh(rotated.refreshToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(AUTH_MESSAGES.refreshInvalid);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    // an unknown or already revoked token answers the same, so the call tells nothing
    for (const token of ['made-up-token', rotated.refreshToken])
      expect((await logout(token)).json()).toEqual({ success: true, data: null, message: null });
    const outs = await sqlRows(t.database)<{ n: number }>`select count(*)::int as n from audit_log where action = 'sign-out'`;
    expect(outs[0]!.n).toBe(1);
  });

  it('drops refresh tokens that expired more than a day ago when someone signs in', async () => {
    const session = await signIn(t.app);
    const family = decodeJwt(session.token).sid as string;
    await sqlRows(t.database)`update refresh_tokens set expires_at = now() - interval '25 hours' where family_id = ${family}`;
    await signIn(t.app);
    expect(await sqlRows(t.database)`select id from refresh_tokens where family_id = ${family}`).toEqual([]);
  });

  it('keepalive renews the session and says until when', async () => {
    const session = await signIn(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/session/keepalive', headers: bearer(session.token) });
    expect(res.statusCode).toBe(200);
    const hours = (new Date(res.json().data.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    const [row] = await sqlRows(t.database)<{
      expires_at: string;
    }>`select expires_at from refresh_tokens where family_id = ${decodeJwt(session.token).sid as string} and rotated_at is null`;
    expect(new Date(row!.expires_at).toISOString()).toBe(res.json().data.expiresAt);
  });

  it('changes the password with the current one; the other sessions end, this one continues', async () => {
    const email = 'changer@example.com';
    await addUser(t.app, admin.token, email, PASSWORD);
    const here = await signIn(t.app, email, PASSWORD);
    const elsewhere = await signIn(t.app, email, PASSWORD);
    const change = (CurrentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/update-password',
        headers: bearer(here.token),
        payload: { CurrentPassword, NewPassword: 'another-long-password' },
      });
    const wrong = await change('not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.currentPasswordWrong);
    expect((await change(PASSWORD)).statusCode).toBe(200);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, email, 'another-long-password')).statusCode).toBe(200);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken: token } });
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect(await auditActions(t, email)).toContain('password-changed');
  });

  it('update-userdata asks for the password; a new email waits for its confirmation link', async () => {
    const email = 'old.address@example.com';
    const session = await newUserSession(t.app, admin.token, email);
    const taken = await postAs(t.app, session.token, '/auth/update-userdata', { email: TEST_ADMIN.email, CurrentPassword: PASSWORD });
    expect(taken.statusCode).toBe(409);
    const wrong = await postAs(t.app, session.token, '/auth/update-userdata', {
      email: 'new.address@example.com',
      CurrentPassword: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    const res = await postAs(t.app, session.token, '/auth/update-userdata', {
      email: 'New.Address@example.com',
      CurrentPassword: PASSWORD,
    });
    expect(res.json()).toEqual({
      success: true,
      data: { email, pendingEmail: 'new.address@example.com' },
      message: 'We sent a confirmation link to new.address@example.com. Your email changes when you open it.',
    });
    // not yet: the old address still signs in, the new one does not
    expect((await login(t.app, 'new.address@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('lists the audit log for administrators, newest first, with who and from which IP', async () => {
    const res = await postAs(t.app, admin.token, '/api/admin/audit-log/filter', { start: 0, length: 5 });
    expect(res.statusCode).toBe(200);
    const page = res.json().data as {
      items: { id: number; action: string; actorEmail: string | null; ip: string | null; created: string }[];
      total: number;
    };
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.items[0]!.id).toBeGreaterThan(page.items[4]!.id);
    const signInEntry = (await postAs(t.app, admin.token, '/api/admin/audit-log/filter', { start: 0, length: 200 }))
      .json()
      .data.items.find((i: { action: string }) => i.action === 'sign-in');
    expect(signInEntry).toMatchObject({ ip: '127.0.0.1', actorEmail: expect.any(String) });
  });
});

describe('sign-in rate limit per IP (LOGIN_RATE_LIMIT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 after LOGIN_RATE_LIMIT calls a minute from one IP; other IPs are not affected', async () => {
    for (let i = 0; i < 3; i++) expect((await login(t.app, 'x@example.com', 'guess-guess', '10.0.0.1')).statusCode).toBe(401);
    const limited = await login(t.app, 'x@example.com', 'guess-guess', '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, data: null });
    expect((await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it.each([
    '/auth/login-second-factor',
    '/auth/forgot-password',
    '/auth/email-auth',
    '/auth/one-time-login',
    '/auth/second-factor/setup',
    '/auth/second-factor/enable',
  ])('limits %s too', async (url) => {
    const payload = { challenge: 'x', Code: '123456', Username: 'x@example.com', DomainName: 'localhost', token: 'x' };
    const post = () => t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.0.1.1' });
    for (let i = 0; i < 3; i++) expect((await post()).statusCode).not.toBe(429);
    expect((await post()).statusCode).toBe(429);
  });
});

describe('emailed links', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000', PUBLIC_SITE_URL: 'https://www.example.com' });
    admin = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  // Mail goes out in the background; on a loaded machine a delivery run can miss a new message until
  // the next interval, so the emailed-link tests ask the outbox to run while they wait.
  const deliverNow = () => t.app.services.mail.kick();
  const forgot = (Username: string, DomainName?: string) =>
    t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { Username, DomainName } });

  it('forgot password: always success; a known account gets a 1-hour single-use link that sets the password and ends its sessions', async () => {
    const email = 'reset.me@example.com';
    const session = await newUserSession(t.app, admin.token, email);
    // that sign-in's new-browser notice is delivered first, so it is not counted below
    await t.app.services.mail.idle();
    const before = smtp.messages.length;

    const unknown = await forgot('nobody@example.com', 'localhost:5173');
    expect(unknown.json()).toEqual({ success: true, data: null, message: null });
    const res = await forgot('Reset.Me@example.com', 'localhost:5173');
    expect(res.json()).toEqual({ success: true, data: null, message: null });
    const mails = await smtp.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = mails[before]!;
    expect(mail.to).toEqual([email]);
    const link = linkIn(mail, '/account/reset-password/');
    expect(link).toMatch(/^http:\/\/localhost:5173\/account\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const hash = link.split('/').pop()!;

    const [stored] = await sqlRows(t.database)<{
      token_hash: string;
      minutes: number;
    }>`select token_hash, extract(epoch from expires_at - created)::int / 60 as minutes from email_tokens where user_id = (select id from admin_users where email = ${email})`;
    expect(stored!.token_hash).not.toContain(hash);
    expect(stored!.minutes).toBe(60);

    const check = (PasswordResetHash: string) =>
      t.app.inject({ method: 'POST', url: '/auth/check-reset-hash', payload: { PasswordResetHash } });
    expect((await check(hash)).json()).toEqual({ success: true, data: true, message: null });
    const madeUp = await check('made-up');
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json()).toEqual({ success: false, data: null, message: AUTH_MESSAGES.resetInvalid });

    const reset = (PasswordHash: string) =>
      t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { PasswordHash, PasswordResetHash: hash } });
    const short = await reset('short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Use at least 12 characters.');
    expect((await reset('a-brand-new-password')).json()).toEqual({ success: true, data: null, message: null });
    expect((await login(t.app, email, 'a-brand-new-password')).statusCode).toBe(200);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken: session.refreshToken } })).statusCode,
    ).toBe(401);

    const again = await reset('yet-another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.resetInvalid);
    expect((await check(hash)).statusCode).toBe(404);
    expect(await auditActions(t, email)).toEqual(expect.arrayContaining(['password-reset-requested', 'password-reset']));
  });

  it('points links at the site’s own address when DomainName is not one of its hosts', async () => {
    const before = smtp.messages.length;
    await forgot(TEST_ADMIN.email, 'evil.example.net');
    const mail = await smtp.waitForMatch((m) => m.raw.includes('/account/reset-password/'), before, undefined, deliverNow);
    expect(linkIn(mail, '/account/reset-password/')).toMatch(/^https:\/\/www\.example\.com\/account\/reset-password\//);
  });

  it('an expired reset link is refused', async () => {
    const before = smtp.messages.length;
    await forgot(TEST_ADMIN.email);
    const hash = linkIn(
      await smtp.waitForMatch((m) => m.raw.includes('/account/reset-password/'), before, undefined, deliverNow),
      '/account/reset-password/',
    )
      .split('/')
      .pop()!;
    await sqlRows(t.database)`update email_tokens set expires_at = now() - interval '1 second' where used_at is null`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { PasswordHash: 'a-brand-new-password', PasswordResetHash: hash },
    });
    expect(res.statusCode).toBe(400);
    expect((await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
  });

  it('one-time sign-in: the emailed link signs in once', async () => {
    const before = smtp.messages.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/email-auth',
      payload: { Username: TEST_ADMIN.email, DomainName: 'www.example.com' },
    });
    expect(res.json()).toEqual({ success: true, data: null, message: null });
    const link = linkIn(
      await smtp.waitForMatch((m) => m.raw.includes('/account/one-time-login/'), before, undefined, deliverNow),
      '/account/one-time-login/',
    );
    expect(link).toMatch(/^https:\/\/www\.example\.com\/account\/one-time-login\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/').pop()!;
    const use = () => t.app.inject({ method: 'POST', url: '/auth/one-time-login', payload: { token } });
    const first = await use();
    expect(first.json()).toMatchObject({
      success: true,
      data: { email: TEST_ADMIN.email, token: expect.any(String), refreshToken: expect.any(String) },
    });
    const second = await use();
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(AUTH_MESSAGES.oneTimeInvalid);
  });

  it('one-time sign-in on an account with a second factor asks for the code before it signs in', async () => {
    const email = 'link.and.code@example.com';
    const session = await newUserSession(t.app, admin.token, email);
    const setup = await postAs(t.app, session.token, '/auth/second-factor/setup', { Password: PASSWORD });
    const secret = setup.json().data.secret as string;
    expect((await postAs(t.app, session.token, '/auth/second-factor/enable', { Code: currentTotp(secret) })).statusCode).toBe(200);

    const before = smtp.messages.length;
    await t.app.inject({ method: 'POST', url: '/auth/email-auth', payload: { Username: email, DomainName: 'www.example.com' } });
    const mail = await smtp.waitForMatch(
      (m) => m.to.includes(email) && m.raw.includes('/account/one-time-login/'),
      before,
      undefined,
      deliverNow,
    );
    const token = linkIn(mail, '/account/one-time-login/').split('/').pop()!;
    const first = await t.app.inject({ method: 'POST', url: '/auth/one-time-login', payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: false,
      message: AUTH_MESSAGES.secondFactorPrompt,
      data: { secondFactorRequired: true, challenge: expect.any(String) },
    });
    // the challenge is not a session
    expect((await t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(first.json().data.challenge) })).statusCode).toBe(
      401,
    );
    const second = await t.app.inject({
      method: 'POST',
      url: '/auth/login-second-factor',
      payload: { challenge: first.json().data.challenge, Code: currentTotp(secret, Date.now() + 30_000) },
    });
    expect(second.json()).toMatchObject({ success: true, data: { email, token: expect.any(String), refreshToken: expect.any(String) } });
  });
});

describe('second factor (TOTP)', () => {
  let t: TestApp;
  let admin: { token: string };
  /** an Administrator with a second factor: only such a one may require it for everyone */
  let boss: { token: string };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signIn(t.app);
    const bossEmail = 'boss.with.code@example.com';
    await addUser(t.app, admin.token, bossEmail, PASSWORD, [1]);
    boss = await signIn(t.app, bossEmail, PASSWORD);
    await enrol(boss.token);
  });
  afterAll(() => t.close());

  async function enrol(token: string, Password = PASSWORD) {
    const setup = await t.app.inject({ method: 'POST', url: '/auth/second-factor/setup', headers: bearer(token), payload: { Password } });
    expect(setup.statusCode, setup.body).toBe(200);
    const data = setup.json().data as { secret: string; otpauthUrl: string; qrSvg: string };
    const wrong = await postAs(t.app, token, '/auth/second-factor/enable', { Code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const enable = await postAs(t.app, token, '/auth/second-factor/enable', { Code: currentTotp(data.secret) });
    expect(enable.statusCode, enable.body).toBe(200);
    return { ...data, recoveryCodes: enable.json().data.recoveryCodes as string[] };
  }

  it('enrols with a server-made QR code, then sign-in asks for the code; recovery codes work once', async () => {
    const email = 'two.factor@example.com';
    const session = await newUserSession(t.app, admin.token, email);
    const { secret, otpauthUrl, qrSvg, recoveryCodes } = await enrol(session.token);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*two\.factor%40example\.com.*secret=/);
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [stored] = await sqlRows(t.database)<{ code_hash: string }>`select code_hash from recovery_codes limit 1`;
    expect(recoveryCodes).not.toContain(stored!.code_hash);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(session.token) })).json().data.twoFactorEnabled,
    ).toBe(true);

    const first = await login(t.app, email, PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: false,
      message: AUTH_MESSAGES.secondFactorPrompt,
      data: { secondFactorRequired: true, challenge: expect.any(String) },
    });
    const challenge = first.json().data.challenge as string;
    const second = (Code: string) => t.app.inject({ method: 'POST', url: '/auth/login-second-factor', payload: { challenge, Code } });

    // The code used to enable is spent; the next step's code is accepted (clock drift window), once.
    const nextCode = currentTotp(secret, Date.now() + 30_000);
    const ok = await second(nextCode);
    expect(ok.json()).toMatchObject({ success: true, data: { email, token: expect.any(String) } });
    expect((await second(nextCode)).statusCode).toBe(401);

    const recovery = recoveryCodes[3]!;
    expect((await second(recovery.toUpperCase())).json()).toMatchObject({ success: true });
    const reused = await second(recovery);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(AUTH_MESSAGES.secondFactorWrong);
    expect(await auditActions(t, email)).toEqual(expect.arrayContaining(['second-factor-enabled', 'recovery-code-used']));

    const garbage = await t.app.inject({
      method: 'POST',
      url: '/auth/login-second-factor',
      payload: { challenge: 'forged', Code: nextCode },
    });
    expect(garbage.statusCode).toBe(401);
  });

  it('wrong codes count toward the lockout', async () => {
    const email = 'code.guesser@example.com';
    await addUser(t.app, admin.token, email, PASSWORD);
    await enrol((await signIn(t.app, email, PASSWORD)).token);
    const challenge = (await login(t.app, email, PASSWORD)).json().data.challenge as string;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/auth/login-second-factor', payload: { challenge, Code: '000000' } })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(429);
  });

  it('wrong codes during the enrolment forced at sign-in count toward the lockout', async () => {
    const email = 'enrol.guesser@example.com';
    await addUser(t.app, admin.token, email, PASSWORD);
    const set = (requireSecondFactor: boolean) =>
      withBaseVersion(t.app, '/api/admin/security-settings', { requireSecondFactor }, bearer(boss.token)).then((payload) =>
        t.app.inject({ method: 'POST', url: '/api/admin/security-settings', headers: bearer(boss.token), payload }),
      );
    expect((await set(true)).statusCode).toBe(200);
    try {
      const challenge = (await login(t.app, email, PASSWORD)).json().data.challenge as string;
      const setup = await t.app.inject({ method: 'POST', url: '/auth/second-factor/setup', payload: { challenge } });
      const secret = setup.json().data.secret as string;
      const enable = (Code: string) => t.app.inject({ method: 'POST', url: '/auth/second-factor/enable', payload: { challenge, Code } });
      const replies: [number, string][] = [];
      for (let i = 0; i < 5; i++) {
        const res = await enable('000000');
        replies.push([res.statusCode, res.json().message]);
      }
      expect(replies).toEqual([...Array(4).fill([400, AUTH_MESSAGES.secondFactorWrong]), [429, AUTH_MESSAGES.lockedOut]]);
      // locked: the right code does not complete the sign-in, and the password is refused too
      expect((await enable(currentTotp(secret))).statusCode).toBe(429);
      expect((await login(t.app, email, PASSWORD)).statusCode).toBe(429);
      expect(await auditActions(t, email)).toEqual(expect.arrayContaining(['sign-in-failed', 'account-locked', 'sign-in-refused-locked']));
    } finally {
      await set(false);
      // requiring a second factor ended the sessions of accounts without one, the first admin's too
      admin = await signIn(t.app);
    }
  });

  it('turning it off needs the password', async () => {
    const email = 'turn.off@example.com';
    const session = await newUserSession(t.app, admin.token, email);
    await enrol(session.token);
    const off = (Password: string) =>
      t.app.inject({ method: 'POST', url: '/auth/second-factor/disable', headers: bearer(session.token), payload: { Password } });
    expect((await off('wrong-password-here')).statusCode).toBe(400);
    expect((await off(PASSWORD)).statusCode).toBe(200);
    expect((await login(t.app, email, PASSWORD)).json()).toMatchObject({ success: true });
  });

  it('when the site requires a second factor, an account without one enrols at sign-in with the challenge', async () => {
    const email = 'must.enrol@example.com';
    await addUser(t.app, admin.token, email, PASSWORD);
    const editor = await signIn(t.app, email, PASSWORD);
    const set = (token: string, requireSecondFactor: boolean) =>
      withBaseVersion(t.app, '/api/admin/security-settings', { requireSecondFactor }, bearer(token)).then((payload) =>
        t.app.inject({ method: 'POST', url: '/api/admin/security-settings', headers: bearer(token), payload }),
      );
    expect((await set(editor.token, true)).statusCode).toBe(403);
    // an Administrator without a second factor would end their own session: told to enrol first
    const selfLockout = await set(admin.token, true);
    expect(selfLockout.statusCode).toBe(400);
    expect(selfLockout.json().message).toBe(AUTH_MESSAGES.enrolBeforeRequiring);
    expect((await set(boss.token, true)).json()).toEqual({
      success: true,
      data: { requireSecondFactor: true, version: expect.any(Number) },
      message: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/security-settings', headers: bearer(boss.token) })).json().data).toEqual({
      requireSecondFactor: true,
      version: expect.any(Number),
    });

    try {
      const first = await login(t.app, email, PASSWORD);
      expect(first.json()).toMatchObject({ success: false, data: { secondFactorEnrollmentRequired: true, challenge: expect.any(String) } });
      const challenge = first.json().data.challenge as string;
      // An enrolment challenge is not a sign-in.
      expect((await t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(challenge) })).statusCode).toBe(401);
      const setup = await t.app.inject({ method: 'POST', url: '/auth/second-factor/setup', payload: { challenge } });
      expect(setup.statusCode, setup.body).toBe(200);
      const enable = await t.app.inject({
        method: 'POST',
        url: '/auth/second-factor/enable',
        payload: { challenge, Code: currentTotp(setup.json().data.secret) },
      });
      expect(enable.json()).toMatchObject({
        success: true,
        data: { recoveryCodes: expect.any(Array), token: expect.any(String), refreshToken: expect.any(String), email },
      });
      expect(
        (await t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(enable.json().data.token) })).json().data
          .twoFactorEnabled,
      ).toBe(true);
      const disable = await t.app.inject({
        method: 'POST',
        url: '/auth/second-factor/disable',
        headers: bearer(enable.json().data.token),
        payload: { Password: PASSWORD },
      });
      expect(disable.statusCode).toBe(400);
    } finally {
      await set(boss.token, false);
      admin = await signIn(t.app);
    }
  });
});
