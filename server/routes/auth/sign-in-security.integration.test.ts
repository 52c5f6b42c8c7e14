import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '#domain/auth/password-policy.ts';
import { currentTotp } from '#domain/auth/totp.ts';
import { PURGED_TEXT } from '#domain/mail/mail-repository.ts';
import { AUTH_MESSAGES, lockedOutFor } from '#shared/validation/auth.ts';
import { addUser, bearer, linkIn, login, mailText, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/setup/fake-smtp.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

/**
 * Sign-in, sessions and account secrets held to OWASP ASVS level 2: each test is an attack on them, run against the real
 * app on a real database, and checks it no longer works.
 */
const PASSWORD = 'a-long-enough-password';
const WRONG = 'wrong-password-guess';

let smtp: FakeSmtp;
let t: TestApp;
let admin: { token: string; refreshToken: string };
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '100000', PUBLIC_SITE_URL: 'https://www.example.com' });
  admin = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const rows = () => sqlRows(t.database);
const deliverNow = () => t.app.services.mail.kick();
const mailTo = (to: string, contains: string, since: number) =>
  smtp.waitForMatch((m) => m.to.includes(to) && mailText(m).includes(contains), since, undefined, deliverNow);
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken } });
const checkAuth = (token: string) => t.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(token) });
let n = 0;
async function newUser(roles = [2]) {
  const email = `person.${++n}.${Date.now()}@example.com`;
  const id = await addUser(t.app, admin.token, email, PASSWORD, roles);
  return { email, id };
}
async function enrol(token: string) {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/auth/second-factor/setup',
    headers: bearer(token),
    payload: { Password: PASSWORD },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().data.secret as string;
  const enable = await t.app.inject({
    method: 'POST',
    url: '/auth/second-factor/enable',
    headers: bearer(token),
    payload: { Code: currentTotp(secret) },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { secret, recoveryCodes: enable.json().data.recoveryCodes as string[] };
}
const auditCount = async (action: string, email: string) =>
  (await rows()<{ n: number }>`select count(*)::int as n from audit_log where action = ${action} and target_email = ${email}`)[0]!.n;

describe('1. lockout race: the attempt is reserved before the password is checked', () => {
  it('12 wrong passwords sent at once: at most 5 are checked, the rest are refused unchecked', async () => {
    const { email } = await newUser();
    const replies = await Promise.all(Array.from({ length: 12 }, () => login(t.app, email, WRONG, '10.21.1.1')));
    expect(await auditCount('sign-in-failed', email)).toBe(5);
    expect(replies.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(4);
    expect(replies.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(8);
    // and the lock holds for the right password from that client
    expect((await login(t.app, email, PASSWORD, '10.21.1.1')).statusCode).toBe(429);
  });
});

describe('2. nobody can keep an administrator locked out', () => {
  it('7 failures from one client, then the right password from another client signs in', async () => {
    const { email } = await newUser([1]);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(t.app, email, WRONG, '10.22.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect((await login(t.app, email, PASSWORD, '10.22.0.2')).statusCode).toBe(200);
    // the guessing client stays locked out, even with the right password
    const there = await login(t.app, email, PASSWORD, '10.22.0.1');
    expect([there.statusCode, there.json().message]).toEqual([429, AUTH_MESSAGES.lockedOut]);
  });

  it('an IPv6 client is one client for its whole /64: new addresses in it do not get new guesses', async () => {
    const { email } = await newUser();
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await login(t.app, email, WRONG, `2001:db8:21:2::${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await login(t.app, email, PASSWORD, '2001:db8:21:2:ffff::9')).statusCode).toBe(429);
    expect((await login(t.app, email, PASSWORD, '2001:db8:21:3::1')).statusCode).toBe(200);
  });

  it('failures from many clients lock the username everywhere at a much higher count, for longer each time', async () => {
    const { email } = await newUser([1]);
    // 10 clients x 5 failures: every client locked, and the 50th failure locks the name everywhere
    for (let c = 0; c < 10; c++) await Promise.all(Array.from({ length: 5 }, () => login(t.app, email, WRONG, `10.23.${c}.1`)));
    const fresh = await login(t.app, email, PASSWORD, '10.23.99.1');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().message).toBe(lockedOutFor(15 * 60_000));
    const [first] = await rows()<{
      minutes: number;
      lock_count: number;
    }>`select (extract(epoch from locked_until - now()) / 60)::float8 as minutes, lock_count from sign_in_failures where username = ${email} and client = ''`;
    expect(first!.minutes).toBeGreaterThan(14);
    expect(first!.minutes).toBeLessThanOrEqual(15);
    // the next lock (after this one ran out) lasts twice as long
    await rows()`update sign_in_failures set locked_until = now() - interval '1 second' where username = ${email}`;
    for (let c = 0; c < 10; c++) await Promise.all(Array.from({ length: 5 }, () => login(t.app, email, WRONG, `10.24.${c}.1`)));
    const [second] = await rows()<{
      minutes: number;
      lock_count: number;
    }>`select (extract(epoch from locked_until - now()) / 60)::float8 as minutes, lock_count from sign_in_failures where username = ${email} and client = ''`;
    expect(second!.lock_count).toBe(2);
    expect(second!.minutes).toBeGreaterThan(29);
    expect(second!.minutes).toBeLessThanOrEqual(30);
    expect(await auditCount('username-locked', email)).toBe(2);
  });

  it('a correct emailed link gets past a lock of the whole username, followed by the second factor when the account has one', async () => {
    const withCode = await newUser([1]);
    const { secret } = await enrol((await signIn(t.app, withCode.email, PASSWORD)).token);
    const plain = await newUser([1]);
    for (const u of [withCode, plain]) {
      await rows()`insert into sign_in_failures (username, client, failed_attempts, locked_until, lock_count) values (${u.email}, '', 0, now() + interval '1 hour', 1)
        on conflict (username, client) do update set locked_until = now() + interval '1 hour', lock_count = 1`;
      expect((await login(t.app, u.email, PASSWORD, '10.25.0.1')).statusCode).toBe(429);
    }
    const linkFor = async (email: string) => {
      const before = smtp.messages.length;
      await t.app.inject({ method: 'POST', url: '/auth/email-auth', payload: { Username: email, DomainName: 'www.example.com' } });
      return linkIn(await mailTo(email, '/account/one-time-login/', before), '/account/one-time-login/')
        .split('/')
        .pop()!;
    };
    const oneTime = (token: string) =>
      t.app.inject({ method: 'POST', url: '/auth/one-time-login', payload: { token }, remoteAddress: '10.25.0.1' });

    // without a second factor the link alone signs in: the mailbox could reset the password and lift the lock anyway
    const linkAlone = await oneTime(await linkFor(plain.email));
    expect(linkAlone.json(), linkAlone.body).toMatchObject({ success: true, data: { email: plain.email } });

    const first = await oneTime(await linkFor(withCode.email));
    expect(first.json()).toMatchObject({ success: false, data: { secondFactorRequired: true } });
    const done = await t.app.inject({
      method: 'POST',
      url: '/auth/login-second-factor',
      payload: { challenge: first.json().data.challenge, Code: currentTotp(secret, Date.now() + 30_000) },
      remoteAddress: '10.25.0.1',
    });
    expect(done.json(), done.body).toMatchObject({ success: true, data: { email: withCode.email } });
    // a password challenge (not an emailed link) does not pass that lock
    await rows()`update sign_in_failures set locked_until = null where username = ${withCode.email} and client = ''`;
    const challenge = (await login(t.app, withCode.email, PASSWORD, '10.25.0.2')).json().data.challenge as string;
    await rows()`update sign_in_failures set locked_until = now() + interval '1 hour' where username = ${withCode.email} and client = ''`;
    const viaPassword = await t.app.inject({
      method: 'POST',
      url: '/auth/login-second-factor',
      payload: { challenge, Code: currentTotp(secret, Date.now() + 60_000) },
      remoteAddress: '10.25.0.2',
    });
    expect(viaPassword.statusCode).toBe(429);
  });
});

describe('3. access tokens stop working when their session ends', () => {
  it('logout: the old access token gets 401 at once', async () => {
    const session = await signIn(t.app);
    expect((await checkAuth(session.token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/auth/logout', payload: { refreshToken: session.refreshToken } });
    expect((await checkAuth(session.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/adminusers/get-all', headers: bearer(session.token) })).statusCode).toBe(401);
  });

  it('refresh-token reuse: every access token of that session gets 401', async () => {
    const session = await signIn(t.app);
    const next = (await refresh(session.refreshToken)).json().data as { token: string; refreshToken: string };
    expect((await checkAuth(next.token)).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await checkAuth(next.token)).statusCode).toBe(401);
    expect((await checkAuth(session.token)).statusCode).toBe(401);
  });

  it('password change: the other sessions’ access tokens get 401, this one goes on', async () => {
    const { email } = await newUser();
    const here = await signIn(t.app, email, PASSWORD);
    const thief = await signIn(t.app, email, PASSWORD);
    const change = await t.app.inject({
      method: 'POST',
      url: '/auth/update-password',
      headers: bearer(here.token),
      payload: { CurrentPassword: PASSWORD, NewPassword: 'a-different-long-passphrase' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await checkAuth(thief.token)).statusCode).toBe(401);
    expect((await checkAuth(here.token)).statusCode).toBe(200);
  });

  it('a password reset and a password set by an administrator end every session at once', async () => {
    const { email, id } = await newUser();
    const session = await signIn(t.app, email, PASSWORD);
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/adminusers/edit',
      headers: bearer(admin.token),
      payload: { id, email, password: 'an-admin-chosen-passphrase', userRoles: [2], baseVersion: 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await checkAuth(session.token)).statusCode).toBe(401);
  });
});

describe('4. sessions end: absolute lifetime, idle time, and a second factor required', () => {
  it('refresh is refused SESSION_MAX_HOURS (168) after the sign-in however active the session was; its access token too', async () => {
    const session = await signIn(t.app);
    const sid = decodeJwt(session.token).sid as string;
    await rows()`update auth_sessions set signed_in_at = now() - interval '167 hours' where id = ${sid}`;
    // an hour left: the new refresh token ends with the session, not 12 hours later
    const next = (await refresh(session.refreshToken)).json().data as { token: string; refreshToken: string };
    const [row] = await rows()<{
      minutes: number;
    }>`select (extract(epoch from expires_at - now()) / 60)::float8 as minutes from refresh_tokens where token_hash = ${createHash('sha256').update(next.refreshToken).digest('hex')}`;
    expect(row!.minutes).toBeLessThanOrEqual(60);
    const keep = await t.app.inject({ method: 'GET', url: '/api/admin/session/keepalive', headers: bearer(next.token) });
    expect((Date.parse(keep.json().data.expiresAt) - Date.now()) / 60_000).toBeLessThanOrEqual(60);

    await rows()`update auth_sessions set signed_in_at = now() - interval '168 hours 1 minute' where id = ${sid}`;
    const over = await refresh(next.refreshToken);
    expect([over.statusCode, over.json().message]).toEqual([401, AUTH_MESSAGES.sessionExpired]);
    expect((await checkAuth(next.token)).statusCode).toBe(401);
  });

  it('12 hours without a refresh or keepalive end the session', async () => {
    const session = await signIn(t.app);
    await rows()`update refresh_tokens set expires_at = now() - interval '1 second' where family_id = ${decodeJwt(session.token).sid as string}`;
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('turning "require a second factor" on ends the sessions of accounts without one', async () => {
    const boss = await newUser([1]);
    const bossSession = await signIn(t.app, boss.email, PASSWORD);
    await enrol(bossSession.token);
    const without = await newUser();
    const editor = await signIn(t.app, without.email, PASSWORD);
    const set = async (on: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/security-settings',
        headers: bearer(bossSession.token),
        payload: await withBaseVersion(t.app, '/api/admin/security-settings', { requireSecondFactor: on }, bearer(bossSession.token)),
      });
    expect((await set(true)).statusCode).toBe(200);
    try {
      expect((await checkAuth(editor.token)).statusCode).toBe(401);
      expect((await refresh(editor.refreshToken)).statusCode).toBe(401);
      expect((await checkAuth(admin.token)).statusCode).toBe(401);
      expect((await checkAuth(bossSession.token)).statusCode).toBe(200);
    } finally {
      await set(false);
      admin = await signIn(t.app);
    }
  });
});

describe('4b. SESSION_MAX_HOURS is configurable', () => {
  it('a 1-hour limit ends a session signed in 61 minutes ago', async () => {
    const short = await createTestApp({ SESSION_MAX_HOURS: '1' });
    try {
      const session = await signIn(short.app);
      await sqlRows(
        short.database,
      )`update auth_sessions set signed_in_at = now() - interval '61 minutes' where id = ${decodeJwt(session.token).sid as string}`;
      expect((await short.app.inject({ method: 'GET', url: '/auth/check-auth', headers: bearer(session.token) })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('5. enrolling an authenticator with a bearer token asks for the current password', () => {
  it('a stolen access token alone cannot start enrolment', async () => {
    const { email } = await newUser();
    const session = await signIn(t.app, email, PASSWORD);
    const setup = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/auth/second-factor/setup', headers: bearer(session.token), payload });
    const none = await setup({});
    expect([none.statusCode, none.json().message]).toEqual([400, AUTH_MESSAGES.passwordRequired]);
    const wrong = await setup({ Password: WRONG });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, AUTH_MESSAGES.currentPasswordWrong]);
    expect(
      (await rows()<{ totp_secret: string | null }>`select totp_secret from admin_users where email = ${email}`)[0]!.totp_secret,
    ).toBeNull();
    expect((await setup({ Password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('6. live links are not kept in the outbox', () => {
  it('a reset email’s stored text is blanked once it is sent', async () => {
    const { email } = await newUser();
    const before = smtp.messages.length;
    await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { Username: email, DomainName: 'www.example.com' } });
    const token = linkIn(await mailTo(email, '/account/reset-password/', before), '/account/reset-password/')
      .split('/')
      .pop()!;
    await t.app.services.mail.idle();
    const stored = await rows()<{
      text: string;
      sensitive: boolean;
      status: string;
    }>`select text, sensitive, status from mail_outbox where kind = 'password-reset' and ${email} = any(to_addresses)`;
    expect(stored).toEqual([{ text: PURGED_TEXT, sensitive: true, status: 'sent' }]);
    expect(JSON.stringify(await rows()`select * from mail_outbox`)).not.toContain(token);
  });

  it('an unsent auth email older than a day is blanked and given up', async () => {
    await rows()`insert into mail_outbox (kind, to_addresses, subject, text, sensitive, status, next_attempt_at, created) values ('one-time-sign-in', array[${'old@example.com'}], 'old link', 'https://www.example.com/account/one-time-login/old-secret', true, 'pending', now() + interval '1 hour', now() - interval '25 hours')`;
    await t.app.services.mail.purgeStale();
    const [row] = await rows()<{ text: string; status: string }>`select text, status from mail_outbox where subject = 'old link'`;
    expect(row).toEqual({ text: PURGED_TEXT, status: 'failed' });
  });
});

describe('8. secrets at rest', () => {
  it('TOTP secrets are sealed (AES-GCM) and recovery codes argon2id-hashed; neither is in the database in clear', async () => {
    const { email, id } = await newUser();
    const { secret, recoveryCodes } = await enrol((await signIn(t.app, email, PASSWORD)).token);
    const [user] = await rows()<{ totp_secret: string }>`select totp_secret from admin_users where id = ${id}`;
    expect(user!.totp_secret).toMatch(/^v1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(user!.totp_secret).not.toContain(secret);
    const codes = await rows()<{ code_hash: string }>`select code_hash from recovery_codes where user_id = ${id}`;
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c.code_hash).toMatch(/^\$argon2id\$/);
    const unsalted = recoveryCodes.map((c) => createHash('sha256').update(c.replace(/-/g, '')).digest('hex'));
    for (const c of codes) expect(unsalted).not.toContain(c.code_hash);
  });

  it('secrets stored before the change (clear TOTP secret, SHA-256 recovery codes) are upgraded at start and still work', async () => {
    const { email, id } = await newUser();
    const plainSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const code = 'abcde-fghjk';
    await rows()`update admin_users set totp_secret = ${plainSecret}, totp_enabled = true where id = ${id}`;
    await rows()`insert into recovery_codes (user_id, code_hash) values (${id}, ${createHash('sha256').update('abcdefghjk').digest('hex')})`;
    expect(await t.app.services.auth.upgradeStoredSecrets()).toMatchObject({ totpSecrets: 1, recoveryCodes: 1 });
    const [user] = await rows()<{ totp_secret: string }>`select totp_secret from admin_users where id = ${id}`;
    expect(user!.totp_secret.startsWith('v1.')).toBe(true);
    const challenge = (await login(t.app, email, PASSWORD)).json().data.challenge as string;
    const byCode = await t.app.inject({
      method: 'POST',
      url: '/auth/login-second-factor',
      payload: { challenge, Code: currentTotp(plainSecret) },
    });
    expect(byCode.json()).toMatchObject({ success: true });
    const challenge2 = (await login(t.app, email, PASSWORD)).json().data.challenge as string;
    const byRecovery = await t.app.inject({
      method: 'POST',
      url: '/auth/login-second-factor',
      payload: { challenge: challenge2, Code: code.toUpperCase() },
    });
    expect(byRecovery.json()).toMatchObject({ success: true });
    expect(await t.app.services.auth.upgradeStoredSecrets()).toEqual({ totpSecrets: 0, recoveryCodes: 0 });
  });
});

describe('9. common passwords are refused', () => {
  it.each([
    [
      'changing one’s own',
      async (email: string, token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/update-password',
          headers: bearer(token),
          payload: { CurrentPassword: PASSWORD, NewPassword: 'password1234' },
        }),
    ],
    [
      'an administrator setting one',
      async (email: string) => {
        const id = (await rows()<{ id: number }>`select id from admin_users where email = ${email}`)[0]!.id;
        return t.app.inject({
          method: 'POST',
          url: '/api/adminusers/edit',
          headers: bearer(admin.token),
          payload: { id, email, password: 'Password1234!', userRoles: [2], baseVersion: 1 },
        });
      },
    ],
  ])('%s: password1234 and its variations get a clear 400', async (_what, send) => {
    const { email } = await newUser();
    const session = await signIn(t.app, email, PASSWORD);
    const res = await send(email, session.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('a reset link cannot set one either, and a new user cannot be given one', async () => {
    const { email } = await newUser();
    const before = smtp.messages.length;
    await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { Username: email, DomainName: 'www.example.com' } });
    const hash = linkIn(await mailTo(email, '/account/reset-password/', before), '/account/reset-password/')
      .split('/')
      .pop()!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { PasswordHash: 'qwertyuiop12', PasswordResetHash: hash },
    });
    expect([reset.statusCode, reset.json().message]).toEqual([400, COMMON_PASSWORD_MESSAGE]);
    // the link is not used up by a refused password
    expect((await t.app.inject({ method: 'POST', url: '/auth/check-reset-hash', payload: { PasswordResetHash: hash } })).statusCode).toBe(
      200,
    );
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/adminusers/add',
      headers: bearer(admin.token),
      payload: { email: 'weak.one@example.com', password: 'letmein12345', userRoles: [2] },
    });
    expect([add.statusCode, add.json().message]).toEqual([400, COMMON_PASSWORD_MESSAGE]);
  });
});

describe('10. security notifications', () => {
  it('password change, second factor on and off, and a reset are mailed to the account', async () => {
    const { email } = await newUser();
    const session = await signIn(t.app, email, PASSWORD);
    let before = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/auth/update-password',
      headers: bearer(session.token),
      payload: { CurrentPassword: PASSWORD, NewPassword: 'another-long-passphrase-here' },
    });
    expect(mailText(await mailTo(email, 'password of your site administration account was changed', before))).toMatch(
      /When: .*from the address 127\.0\.0\.1/,
    );
    before = smtp.messages.length;
    const session2 = await signIn(t.app, email, 'another-long-passphrase-here');
    const setup = await t.app.inject({
      method: 'POST',
      url: '/auth/second-factor/setup',
      headers: bearer(session2.token),
      payload: { Password: 'another-long-passphrase-here' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/auth/second-factor/enable',
      headers: bearer(session2.token),
      payload: { Code: currentTotp(setup.json().data.secret) },
    });
    await mailTo(email, 'Two-step sign-in (an authenticator app) was turned on', before);
    before = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/auth/second-factor/disable',
      headers: bearer(session2.token),
      payload: { Password: 'another-long-passphrase-here' },
    });
    await mailTo(email, 'Two-step sign-in was turned off', before);
    before = smtp.messages.length;
    await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { Username: email, DomainName: 'www.example.com' } });
    const hash = linkIn(await mailTo(email, '/account/reset-password/', before), '/account/reset-password/')
      .split('/')
      .pop()!;
    before = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { PasswordHash: 'yet-another-long-passphrase', PasswordResetHash: hash },
    });
    await mailTo(email, 'was reset with an emailed link', before);
  });

  it('an email change needs the link sent to the new address; the old address is told both times', async () => {
    const { email } = await newUser();
    const session = await signIn(t.app, email, PASSWORD);
    const next = `moved.${Date.now()}@example.com`;
    const before = smtp.messages.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/update-userdata',
      headers: bearer(session.token),
      payload: { email: next, CurrentPassword: PASSWORD },
    });
    expect(res.json().data).toEqual({ email, pendingEmail: next });
    await mailTo(email, `change the email address of your site administration account to ${next}`, before);
    const token = linkIn(await mailTo(next, '/account/confirm-email/', before), '/account/confirm-email/')
      .split('/')
      .pop()!;
    expect((await login(t.app, next, PASSWORD)).statusCode).toBe(401);
    const before2 = smtp.messages.length;
    const confirm = await t.app.inject({ method: 'POST', url: '/auth/confirm-email', payload: { token } });
    expect(confirm.json()).toEqual({
      success: true,
      data: { email: next },
      message: 'Your email address has been changed. Sign in with it from now on.',
    });
    await mailTo(email, `was changed to ${next}`, before2);
    expect((await login(t.app, next, PASSWORD)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/auth/confirm-email', payload: { token } });
    expect([again.statusCode, again.json().message]).toEqual([400, AUTH_MESSAGES.emailChangeInvalid]);
  });
});

describe('11. rate limits on the signed-in password checks, per IPv6 /64', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.close());

  const checks = [
    ['/auth/update-password', { CurrentPassword: WRONG, NewPassword: 'another-long-passphrase-here' }],
    ['/auth/update-userdata', { email: 'someone.else@example.com', CurrentPassword: WRONG }],
    ['/auth/second-factor/disable', { Password: WRONG }],
    ['/auth/second-factor/setup', { Password: WRONG }],
  ] as const;
  it.each(checks)(
    '%s answers 429 after LOGIN_RATE_LIMIT calls a minute: a stolen token is no unlimited password oracle',
    async (url, payload) => {
      const signedIn = await limited.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { Username: 'admin@example.com', Password: 'correct-horse-battery-staple' },
        remoteAddress: `10.31.0.${url.length}`,
      });
      const session = signedIn.json().data as { token: string };
      const call = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url, headers: bearer(session.token), payload, remoteAddress });
      // a /64 of its own per call: the wrong passwords also count toward the account's lockout per client
      const lane = checks.findIndex(([u]) => u === url) + 1;
      const prefix = `2001:db8:31:${lane}`;
      for (let i = 1; i <= 3; i++) expect((await call(`${prefix}::${i}`)).statusCode).toBe(400);
      // another address of the same /64 is the same client
      expect((await call(`${prefix}:abcd::1`)).statusCode).toBe(429);
      expect((await call(`2001:db8:32:${lane}::1`)).statusCode).toBe(400);
    },
  );
});

describe('7. link tokens never reach the request log', () => {
  it('reset, sign-in, confirmation and preview tokens are redacted', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('#server/app.ts');
    const logged = await buildApp({
      env: t.env,
      database: t.database,
      jwtSecret: 'test-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
      ui: 'none',
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      for (const path of [
        '/account/reset-password/SECRET-RESET-TOKEN',
        '/account/one-time-login/SECRET-LINK-TOKEN?x=1',
        '/account/confirm-email/SECRET-CONFIRM',
        '/preview/SECRET-PREVIEW',
      ]) {
        await logged.inject({ method: 'GET', url: path });
      }
    } finally {
      await logged.close();
    }
    const log = lines.join('');
    expect(log).toContain('/account/reset-password/[redacted]');
    expect(log).toContain('/account/one-time-login/[redacted]?x=1');
    expect(log).toContain('/preview/[redacted]');
    expect(log).not.toMatch(/SECRET-/);
  });
});

describe('6b. without SMTP, the outbox folder keeps emails with a link for a day at most', () => {
  it('a sign-in link’s .eml file leaves DATA_DIR/outbox after 24 hours; other mail stays', async () => {
    const { mkdir, readdir, utimes, writeFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const local = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    try {
      const outbox = path.join(local.env.DATA_DIR, 'outbox');
      await local.app.inject({
        method: 'POST',
        url: '/auth/email-auth',
        payload: { Username: 'admin@example.com', DomainName: 'localhost' },
      });
      await local.app.services.auth.idle();
      const deadline = Date.now() + 10_000;
      let files: string[] = [];
      while (Date.now() < deadline) {
        local.app.services.mail.kick();
        await local.app.services.mail.idle();
        files = await readdir(outbox).catch(() => []);
        if (files.some((f) => f.endsWith('.link.eml'))) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const link = files.find((f) => f.endsWith('.link.eml'))!;
      expect(link).toBeDefined();
      await mkdir(outbox, { recursive: true });
      await writeFile(path.join(outbox, 'lead-notification.eml'), 'a lead');
      const old = new Date(Date.now() - 25 * 60 * 60_000);
      await utimes(path.join(outbox, 'lead-notification.eml'), old, old);
      // a day old: still there until the purge runs, gone after it
      await local.app.services.mail.purgeStale();
      expect(await readdir(outbox)).toContain(link);
      await utimes(path.join(outbox, link), old, old);
      await local.app.services.mail.purgeStale();
      expect(await readdir(outbox)).toEqual(['lead-notification.eml']);
    } finally {
      await local.close();
    }
  });
});
