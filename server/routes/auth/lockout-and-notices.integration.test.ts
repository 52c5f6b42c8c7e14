import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '#domain/auth/password-policy.ts';
import { currentTotp } from '#domain/auth/totp.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import { addUser, bearer, linkIn, mailText, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from '#tests/setup/fake-smtp.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

/**
 * The lockout's last gaps and the account notices: each test is the attack (or the event), run
 * against the real app on a real database.
 */
const PASSWORD = 'a-long-enough-password';
const WRONG = 'wrong-password-guess';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let smtp: FakeSmtp;
let t: TestApp;
let admin: { token: string };
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
let n = 0;
async function newUser(roles = [1]) {
  const email = `guarded.${++n}.${Date.now()}@example.com`;
  const id = await addUser(t.app, admin.token, email, PASSWORD, roles);
  return { email, id };
}

/** POST /auth/login from `ip`, with the browser's cookie when given. */
function login(email: string, password: string, ip: string, cookie?: string | null, userAgent = FIREFOX) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { Username: email, Password: password },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
  });
}

/** The known-client cookie a reply sets, as a browser would send it back (`known_client=...`). */
function knownClientCookie(res: LightMyRequestResponse): string {
  const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('known_client='));
  expect(set, `no known_client cookie in ${JSON.stringify(res.headers['set-cookie'])}`).toBeDefined();
  return set!.split(';')[0]!;
}

/** Locks the whole username the way an attacker would: 5 wrong passwords from each of 10 IPv4 addresses. */
async function lockFromTenAddresses(email: string, subnet: number) {
  for (let c = 0; c < 10; c++) {
    await Promise.all(Array.from({ length: 5 }, () => login(email, WRONG, `10.${subnet}.${c}.1`)));
  }
  const [row] = await rows()<{
    locked: boolean;
  }>`select locked_until > now() as locked from sign_in_failures where username = ${email} and client = ''`;
  expect(row?.locked).toBe(true);
}

const waitForMail = (to: string, contains: string, since = 0): Promise<ReceivedMail> =>
  smtp.waitForMatch((m) => m.to.includes(to) && mailText(m).includes(contains), since, undefined, deliverNow);

describe('4. a reset with a made-up link is refused before the password is judged', () => {
  const reset = (PasswordHash: string, PasswordResetHash: string, ip = '10.40.0.1') =>
    t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { PasswordHash, PasswordResetHash }, remoteAddress: ip });

  it('a bogus link with a common password answers the invalid-link reply, not the strength verdict', async () => {
    const bogus = await reset('password1234', 'made-up-link-made-up-link-made-up-link-abcde');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual({ success: false, data: null, message: AUTH_MESSAGES.resetInvalid });
    // the same reply for a strong password: the link decides, and nothing tells the two apart
    const strong = await reset('three unrelated words here', 'made-up-link-made-up-link-made-up-link-abcde');
    expect(strong.json()).toEqual(bogus.json());
  });

  it('a real link still gets the strength verdict, and then the password is set', async () => {
    const { email } = await newUser([2]);
    const before = smtp.messages.length;
    await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { Username: email, DomainName: 'www.example.com' } });
    const hash = linkIn(await waitForMail(email, '/account/reset-password/', before), '/account/reset-password/')
      .split('/')
      .pop()!;
    const common = await reset('password1234', hash);
    expect([common.statusCode, common.json().message]).toEqual([400, COMMON_PASSWORD_MESSAGE]);
    expect((await reset('three unrelated words here', hash)).json()).toEqual({ success: true, data: null, message: null });
  });

  it('POST /auth/reset-password answers 429 after LOGIN_RATE_LIMIT calls a minute from one client', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const call = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/auth/reset-password',
          payload: { PasswordHash: 'three unrelated words here', PasswordResetHash: 'made-up-link-made-up-link-made-up-link-abcde' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await call('10.41.0.1')).statusCode).toBe(400);
      const over = await call('10.41.0.1');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ success: false, data: null });
      expect((await call('10.41.0.2')).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});

describe('6. a lock of the whole username does not keep the owner out', () => {
  it('right password + the known-client cookie signs in; without it (or with another account’s) it is refused; a wrong password with it still counts', async () => {
    const owner = await newUser();
    const other = await newUser();
    // the owner signed in from this browser before; so did somebody else, on their own account
    const cookie = knownClientCookie(await login(owner.email, PASSWORD, '10.42.99.1'));
    const othersCookie = knownClientCookie(await login(other.email, PASSWORD, '10.42.99.2'));

    await lockFromTenAddresses(owner.email, 42);

    const noCookie = await login(owner.email, PASSWORD, '10.42.98.1');
    expect(noCookie.statusCode).toBe(429);
    expect((await login(owner.email, PASSWORD, '10.42.98.1', othersCookie)).statusCode).toBe(429);
    expect((await login(owner.email, PASSWORD, '10.42.98.1', `${cookie}x`)).statusCode).toBe(429);

    const withCookie = await login(owner.email, PASSWORD, '10.42.98.1', cookie);
    expect(withCookie.json(), withCookie.body).toMatchObject({ success: true, data: { email: owner.email } });
    // the lock still holds for everybody else
    expect((await login(owner.email, PASSWORD, '10.42.97.1')).statusCode).toBe(429);

    // a wrong password with the cookie is a failure like any other: counted for that client, 5 lock it
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(owner.email, WRONG, '10.42.96.1', cookie)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await login(owner.email, PASSWORD, '10.42.96.1', cookie);
    expect([locked.statusCode, locked.json().message]).toEqual([429, AUTH_MESSAGES.lockedOut]);
  });

  it('the emailed sign-in link signs in while the username is locked, and that browser is known from then on', async () => {
    const owner = await newUser();
    await lockFromTenAddresses(owner.email, 43);
    expect((await login(owner.email, PASSWORD, '10.43.99.1')).statusCode).toBe(429);

    const before = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/auth/email-auth',
      payload: { Username: owner.email, DomainName: 'www.example.com' },
      remoteAddress: '10.43.99.1',
    });
    const token = linkIn(await waitForMail(owner.email, '/account/one-time-login/', before), '/account/one-time-login/')
      .split('/')
      .pop()!;
    const viaLink = await t.app.inject({
      method: 'POST',
      url: '/auth/one-time-login',
      payload: { token },
      remoteAddress: '10.43.99.1',
      headers: { 'user-agent': FIREFOX },
    });
    expect(viaLink.json(), viaLink.body).toMatchObject({ success: true, data: { email: owner.email } });

    // the browser the link signed in is a known client: the password works there during the lock
    const again = await login(owner.email, PASSWORD, '10.43.99.1', knownClientCookie(viaLink));
    expect(again.json(), again.body).toMatchObject({ success: true });
  });

  it('the emailed sign-in link also gets the owner past their own browser’s lock (5 wrong passwords from there)', async () => {
    const owner = await newUser();
    const ip = '10.45.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(owner.email, WRONG, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await login(owner.email, PASSWORD, ip)).statusCode).toBe(429);

    const linkFrom = async (from: string) => {
      const before = smtp.messages.length;
      const asked = await t.app.inject({
        method: 'POST',
        url: '/auth/email-auth',
        payload: { Username: owner.email, DomainName: 'www.example.com' },
        remoteAddress: from,
      });
      // the same answer as for an unknown address
      expect(asked.json()).toEqual({ success: true, data: null, message: null });
      return linkIn(await waitForMail(owner.email, '/account/one-time-login/', before), '/account/one-time-login/')
        .split('/')
        .pop()!;
    };
    const viaLink = await t.app.inject({
      method: 'POST',
      url: '/auth/one-time-login',
      payload: { token: await linkFrom(ip) },
      remoteAddress: ip,
      headers: { 'user-agent': FIREFOX },
    });
    expect(viaLink.json(), viaLink.body).toMatchObject({ success: true, data: { email: owner.email } });
    // the completed sign-in forgot this browser's failures: the password works there again
    expect((await login(owner.email, PASSWORD, ip)).json()).toMatchObject({ success: true });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/email-auth',
      payload: { Username: `nobody.${Date.now()}@example.com`, DomainName: 'www.example.com' },
      remoteAddress: ip,
    });
    expect(unknown.json()).toEqual({ success: true, data: null, message: null });
  });

  it('with a second factor, a browser locked by wrong codes is refused the link until the lock ends; the link is not used up', async () => {
    const owner = await newUser();
    const session = await signIn(t.app, owner.email, PASSWORD);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/auth/second-factor/setup',
      headers: bearer(session.token),
      payload: { Password: PASSWORD },
    });
    const secret = setup.json().data.secret as string;
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/auth/second-factor/enable',
      headers: bearer(session.token),
      payload: { Code: currentTotp(secret) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const ip = '10.46.0.1';
    for (let i = 0; i < 5; i++) await login(owner.email, WRONG, ip);
    const before = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/auth/email-auth',
      payload: { Username: owner.email, DomainName: 'www.example.com' },
      remoteAddress: ip,
    });
    const token = linkIn(await waitForMail(owner.email, '/account/one-time-login/', before), '/account/one-time-login/')
      .split('/')
      .pop()!;
    const use = () => t.app.inject({ method: 'POST', url: '/auth/one-time-login', payload: { token }, remoteAddress: ip });
    // the link proves the mailbox, not the authenticator: the codes that follow keep this browser's lock
    const refused = await use();
    expect([refused.statusCode, refused.json().message]).toEqual([429, AUTH_MESSAGES.lockedOut]);
    await rows()`update sign_in_failures set locked_until = now() - interval '1 second' where username = ${owner.email} and client <> ''`;
    const later = await use();
    expect(later.json(), later.body).toMatchObject({ success: false, data: { secondFactorRequired: true } });
  });
});

describe('6b. a wrong current password while signed in counts toward the account’s lockout', () => {
  const checks = [
    ['/auth/update-password', (p: string) => ({ CurrentPassword: p, NewPassword: 'another unrelated passphrase' })],
    ['/auth/update-userdata', (p: string) => ({ email: `moved.${Date.now()}@example.com`, CurrentPassword: p })],
    ['/auth/second-factor/disable', (p: string) => ({ Password: p })],
  ] as const;

  it.each(checks)('%s: 5 wrong passwords lock the account for that client, sign-in included', async (url, body) => {
    const { email } = await newUser([2]);
    const ip = `10.44.${checks.findIndex(([u]) => u === url)}.1`;
    const session = await signIn(t.app, email, PASSWORD);
    const call = (password: string) =>
      t.app.inject({ method: 'POST', url, headers: bearer(session.token), payload: body(password), remoteAddress: ip });

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(WRONG);
      expect(res.json().message).toBe(AUTH_MESSAGES.currentPasswordWrong);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400]);
    // the same counts as login: for that client and for the username everywhere
    const counts = await rows()<{ client: string; failed_attempts: number }>`
      select client, failed_attempts from sign_in_failures where username = ${email} order by client`;
    expect(counts).toEqual([
      { client: '', failed_attempts: 4 },
      { client: ip, failed_attempts: 4 },
    ]);

    const fifth = await call(WRONG);
    expect([fifth.statusCode, fifth.json().message]).toEqual([429, AUTH_MESSAGES.lockedOut]);
    // locked: the right password is refused there too, on this call and at the login
    expect((await call(PASSWORD)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '10.44.200.1')).statusCode).toBe(200);
  });

  it('the right current password gives its reservation back: it never counts as a failure', async () => {
    const { email } = await newUser([2]);
    const session = await signIn(t.app, email, PASSWORD);
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/update-userdata',
        headers: bearer(session.token),
        payload: { email, CurrentPassword: PASSWORD },
        remoteAddress: '10.45.0.1',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const counts = await rows()<{
      n: number;
    }>`select coalesce(sum(failed_attempts), 0)::int as n from sign_in_failures where username = ${email}`;
    expect(counts[0]!.n).toBe(0);
  });
});

describe('7. the account hears of new browsers and of what an administrator changes', () => {
  it('a sign-in from a new browser is emailed once; signing in again with its cookie sends nothing', async () => {
    const { email } = await newUser([2]);
    const before = smtp.messages.length;
    const first = await login(email, PASSWORD, '10.46.0.1');
    expect(first.statusCode).toBe(200);
    const setCookie = [first.headers['set-cookie']].flat().find((c) => c?.startsWith('known_client='))!;
    expect(setCookie).toMatch(/; Path=\/auth; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure$/);

    const notice = await waitForMail(email, 'New sign-in to your account', before);
    const text = mailText(notice);
    expect(text).toContain('Browser: Firefox on Linux');
    expect(text).toContain('from the address 10.46.0.1');
    // no secret in it: neither token nor the cookie
    expect(text).not.toContain(first.json().data.token);
    expect(text).not.toContain(first.json().data.refreshToken);
    expect(text).not.toContain(knownClientCookie(first).split('=')[1]);

    const second = await login(email, PASSWORD, '10.46.0.2', knownClientCookie(first));
    expect(second.statusCode).toBe(200);
    await t.app.services.mail.idle();
    const notices = smtp.messages.filter((m) => m.to.includes(email) && mailText(m).includes('New sign-in to your account'));
    expect(notices).toHaveLength(1);

    // another browser is new again
    const since = smtp.messages.length;
    await login(
      email,
      PASSWORD,
      '10.46.0.3',
      null,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    );
    expect(mailText(await waitForMail(email, 'New sign-in to your account', since))).toContain('Browser: Chrome on Windows');
  });

  it('an Administrator setting a user’s password or roles emails that user (roles before and after)', async () => {
    const { email, id } = await newUser([2]);
    // an edit sends the version it started from, read first as the screen does (ADR 048)
    const edit = async (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/adminusers/edit',
        headers: bearer(admin.token),
        payload: await withBaseVersion(t.app, '/api/adminusers/edit', { id, email, ...payload }, bearer(admin.token)),
      });

    let before = smtp.messages.length;
    expect((await edit({ password: 'a-password-set-by-the-admin', userRoles: [2] })).statusCode).toBe(200);
    const passwordNotice = mailText(await waitForMail(email, 'an administrator changed your password', before));
    expect(passwordNotice).toContain('An administrator (admin@example.com) set a new password');
    expect(passwordNotice).not.toContain('a-password-set-by-the-admin');

    before = smtp.messages.length;
    expect((await edit({ password: '', userRoles: [1, 2] })).statusCode).toBe(200);
    const rolesNotice = mailText(await waitForMail(email, 'an administrator changed your roles', before));
    expect(rolesNotice).toContain('Before: Editor');
    expect(rolesNotice).toContain('After: Administrator, Editor');

    // a save that changes neither sends nothing
    before = smtp.messages.length;
    expect((await edit({ password: '', userRoles: [2, 1] })).statusCode).toBe(200);
    await t.app.services.mail.idle();
    expect(smtp.messages.slice(before).filter((m) => m.to.includes(email))).toEqual([]);
  });
});
