import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures.ts';
import { apiTokens, axeViolations, createUser, linkFromEmail, signInWithForm, uniqueEmail } from './admin-helpers.ts';

const codeFor = (secret: string, laterMs = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + laterMs });

/** On the enrolment step: reads the shown secret, is refused a wrong code, then turns the authenticator on with a right one. */
async function confirmEnrolment(page: Page) {
  const secret = (await page.locator('.enrolment__secret code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is incorrect.' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
}

/** Adds an Editor with `password`, who signs in through the form and lands on My Account; answers the email. */
async function myAccountOfNewEditor(page: Page, label: string, password: string) {
  const admin = await apiTokens(page.request);
  const email = uniqueEmail(label);
  await createUser(page.request, admin.token, email, password);
  await page.goto('/account/login?redirectTo=%2Fsiteadmin%2Faccount');
  await signInWithForm(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  return email;
}

test('my account: turn on the authenticator (QR, 10 recovery codes shown once), then sign in with a recovery code', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await myAccountOfNewEditor(page, 'totp', 'totp-user-password');
  // An Editor's drawer has the content sections and their own account, not users or the audit log.
  const drawer = page.getByRole('navigation', { name: 'Editor' });
  await expect(drawer.getByRole('link', { name: 'My Account' })).toBeAttached();
  await expect(drawer.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(drawer.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  await expect(drawer.getByRole('link', { name: 'Privacy Requests' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  // a signed-in session alone cannot add an authenticator: the password is asked for first
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await password.fill('not-my-password-at-all');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The current password is incorrect.' }).first()).toBeVisible();
  await password.fill('totp-user-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await confirmEnrolment(page);
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = ((await codes.first().textContent()) ?? '').trim();
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(codes).toHaveCount(0);
  await expect(page.getByText('Two-step sign-in is on: signing in asks for a code from your authenticator app.')).toBeVisible();

  // The server side of the logout (a keepalive request) is let finish, so no request is in flight at the end.
  // A keepalive request outlives its page, so its response may never reach the page's events: the request
  // is watched, and the end of the server's work is seen from outside (the refresh token stops working).
  const { refreshToken } = (await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'))) as { refreshToken: string };
  const revoke = page.waitForRequest((r) => r.url().endsWith('/auth/logout') && r.method() === 'POST');
  await drawer.getByRole('link', { name: 'Logout' }).click();
  expect((await revoke).postDataJSON()).toEqual({ refreshToken });
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => (await page.request.post('/auth/refresh-token', { data: { refreshToken } })).status(), {
      message: 'the logged-out refresh token is refused',
    })
    .toBe(401);
  await page.goto('/account/login');
  await signInWithForm(page, email, 'totp-user-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/siteadmin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // An Editor calling a users screen is refused by the server and lands on Access Denied.
  await page.goto('/siteadmin/users');
  await expect(page).toHaveURL(/\/access-denied$/);
});

test('my account: change password asks for matching passwords and the current one', async ({ page }) => {
  const email = await myAccountOfNewEditor(page, 'pw', 'old-password-1234');
  // the Change email panel asks for the current password too
  const panel = page.getByRole('region', { name: 'Change password' });

  await panel.getByLabel('Current Password').fill('old-password-1234');
  await page.getByLabel('New Password', { exact: true }).fill('new-password-5678');
  await page.getByLabel('Confirm New Password').fill('new-password-0000');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();

  await panel.getByLabel('Current Password').fill('wrong-password-1234');
  await page.getByLabel('Confirm New Password').fill('new-password-5678');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The current password is incorrect.' })).toBeVisible();

  await panel.getByLabel('Current Password').fill('old-password-1234');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await apiTokens(page.request, email, 'new-password-5678');
});

test('administrators read the audit log in words, filter it by person, kind and dates, and export it', async ({ page }) => {
  // an Editor's change, so the log has something to say about someone else
  const admin = await apiTokens(page.request);
  const email = uniqueEmail('audited');
  // people by name, the email on hover (ADR 052)
  const name = `Audra Audited ${Date.now()}`;
  await createUser(page.request, admin.token, email, 'audited-user-password', [2], name);
  const editor = await apiTokens(page.request, email, 'audited-user-password');
  const title = `Audited Article ${Date.now()}`;
  const saved = await page.request.post('/api/admin/knowledge-center/add', {
    data: { type: 0, category: 39, region: 2, title, status: 0, metadata: { desc: title }, modules: [] },
    headers: { authorization: `Bearer ${editor.token}` },
  });
  expect(saved.ok()).toBe(true);

  await page.goto('/account/login?redirectTo=%2Fsiteadmin%2Faudit-log');
  await signInWithForm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'What happened' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await expect(filters.getByLabel('Person').getByRole('option', { name: `${name} (${email})` })).toBeAttached();
  await filters.getByLabel('Person').selectOption(email);
  await filters.getByLabel('Kind of action').selectOption({ label: 'Content' });
  const today = new Date().toISOString().slice(0, 10);
  await filters.getByLabel('From').fill(today);
  await filters.getByLabel('To').fill(today);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/person=.*&kind=content&from=.*&to=/);
  // the name shows; the email is its hover title, and read after it by screen readers
  const entry = page.getByRole('cell', { name: `${name} (${email}) created the knowledge item ${title} as a draft` });
  await expect(entry).toBeVisible();
  const person = entry.getByTitle(email);
  await expect(person).toBeVisible();
  await expect(person).toHaveAttribute('title', email);
  await expect(person).toContainText(name);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(entry.getByRole('link', { name: `Open ${title}` })).toHaveAttribute('href', /\/siteadmin\/knowledge-center\/edit\/\d+$/);
  expect(await axeViolations(page)).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString()).toContain(`${name},${email},${name} created the knowledge item ${title} as a draft`);

  // a date range with nothing in it
  await filters.getByLabel('From').fill('2001-01-01');
  await filters.getByLabel('To').fill('2001-01-02');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: 'Security' }).click();
  const setting = page.getByRole('checkbox', { name: /Require two-step sign-in for every account/ });
  await expect(setting).not.toBeChecked();
  // Saved unchanged: switching it on here would force enrolment on the other browser tests running in parallel.
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Security settings saved.')).toBeVisible();
  await expect(setting).not.toBeChecked();
});

// Exclusive (tests/e2e/fixtures.ts): while the setting is on, every sign-in on the shared server
// would be asked to enrol, so this test runs with no other test in flight.
test(
  'an Administrator requires a second factor: an account without one enrols at sign-in, then gets in',
  { tag: '@exclusive' },
  async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await apiTokens(page.request);
    const email = uniqueEmail('forced-2fa');
    await createUser(page.request, admin.token, email, 'forced-user-password');
    // Only an Administrator with a second factor may require one (else they would end their own session).
    const bossEmail = uniqueEmail('boss-2fa');
    await createUser(page.request, admin.token, bossEmail, 'boss-user-password', [1]);
    const boss = await apiTokens(page.request, bossEmail, 'boss-user-password');
    const auth = { authorization: `Bearer ${boss.token}` };
    const setup = (await (
      await page.request.post('/auth/second-factor/setup', { data: { Password: 'boss-user-password' }, headers: auth })
    ).json()) as { data: { secret: string } };
    expect(
      (await page.request.post('/auth/second-factor/enable', { data: { Code: codeFor(setup.data.secret) }, headers: auth })).ok(),
    ).toBe(true);
    // a save names the version it started from (ADR 048)
    const setting = async (requireSecondFactor: boolean) => {
      const { data } = (await (await page.request.get('/api/admin/security-settings', { headers: auth })).json()) as {
        data: { version: number };
      };
      return page.request.post('/api/admin/security-settings', { data: { requireSecondFactor, baseVersion: data.version }, headers: auth });
    };

    try {
      // An Administrator without one is told to set it up first.
      await page.goto('/account/login?redirectTo=%2Fsiteadmin%2Fsecurity');
      await signInWithForm(page);
      const box = page.getByRole('checkbox', { name: /Require two-step sign-in for every account/ });
      await box.check();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Turn on two-step sign-in for your own account first' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);

      // The Administrator with a second factor switches it on in Security.
      await page.goto('/account/login?redirectTo=%2Fsiteadmin%2Fsecurity');
      await signInWithForm(page, bossEmail, 'boss-user-password');
      // the next time step's code (the one that enabled it is spent; the server accepts one step of drift)
      await page.getByLabel('Authentication code').fill(codeFor(setup.data.secret, 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await box.check();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Security settings saved.')).toBeVisible();
      // the sessions of accounts without a second factor ended: the other Administrator's token is refused
      expect((await page.request.get('/auth/check-auth', { headers: { authorization: `Bearer ${admin.token}` } })).status()).toBe(401);
      await page.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);

      // The Editor's password is right, but the site asks them to set up an authenticator first.
      await page.goto('/account/login');
      await signInWithForm(page, email, 'forced-user-password');
      await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
      await expect(page.getByText('Your site requires a second factor. Set up an authenticator app to continue.')).toBeVisible();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // Not signed in yet: the challenge is not a session.
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'))).toMatchObject({ isAuthenticated: false });

      await confirmEnrolment(page);

      await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in is on' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'I have saved these codes, continue' }).click();
      await expect(page).toHaveURL(/\/siteadmin$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const { token } = (await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'))) as { token: string };
      const me = await page.request.get('/auth/check-auth', { headers: { authorization: `Bearer ${token}` } });
      expect(((await me.json()) as { data: { email: string; twoFactorEnabled: boolean } }).data).toMatchObject({
        email,
        twoFactorEnabled: true,
      });
    } finally {
      expect((await setting(false)).ok()).toBe(true);
    }
  },
);

test('my account: change email sends a confirmation link to the new address, tells the old one, and the link makes the change', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = await myAccountOfNewEditor(page, 'moving', 'moving-user-password');
  const next = uniqueEmail('moved');
  const panel = page.getByRole('region', { name: 'Change email' });
  await expect(panel.getByLabel('New Email')).toHaveValue('');
  expect(await axeViolations(page)).toEqual([]);

  await panel.getByLabel('New Email').fill(next);
  await panel.getByLabel('Current Password').fill('not-my-password-at-all');
  await panel.getByRole('button', { name: 'Change Email' }).click();
  await expect(panel.getByRole('alert').filter({ hasText: 'The current password is incorrect.' })).toBeVisible();

  await panel.getByLabel('New Email').fill(next);
  await panel.getByLabel('Current Password').fill('moving-user-password');
  await panel.getByRole('button', { name: 'Change Email' }).click();
  await expect(panel.getByRole('status')).toHaveText(`We sent a confirmation link to ${next}. Your email changes when you open it.`);
  // nothing changed yet; the old address was told
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  await linkFromEmail(
    email,
    new RegExp(`change the email address of your site administration account to ${next.replace(/[.+]/g, '\\$&')}`),
  );

  const link = await linkFromEmail(next, /https?:\/\/[^\s"<>]+\/account\/confirm-email\/[A-Za-z0-9_-]+/);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Email Address' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your email address has been changed. Sign in with it from now on.');
  expect(await axeViolations(page)).toEqual([]);
  await apiTokens(page.request, next, 'moving-user-password');
  // the old address is told again once the change is made
  await linkFromEmail(email, new RegExp(`was changed to ${next.replace(/[.+]/g, '\\$&')}`));
  // a used link says so
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('alert')).toHaveText('This confirmation link is invalid or has expired.');
});
