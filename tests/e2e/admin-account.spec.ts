import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures.ts';
import { apiTokens, axeViolations, createUser, signInWithForm, uniqueEmail } from './admin-helpers.ts';

const codeFor = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

test('my account: turn on the authenticator (QR, 10 recovery codes shown once), then sign in with a recovery code', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await apiTokens(page.request);
  const email = uniqueEmail('totp');
  await createUser(page.request, admin.token, email, 'totp-user-password');

  await page.goto('/account/login?redirectTo=%2Fsiteadmin%2Faccount');
  await signInWithForm(page, email, 'totp-user-password');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  // An Editor's drawer has the content sections and their own account, not users or the audit log.
  const drawer = page.getByRole('navigation', { name: 'Editor' });
  await expect(drawer.getByRole('link', { name: 'My Account' })).toBeAttached();
  await expect(drawer.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(drawer.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const secret = (await page.locator('.enrolment__secret code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is incorrect.' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = ((await codes.first().textContent()) ?? '').trim();
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(codes).toHaveCount(0);
  await expect(page.getByText('Two-step sign-in is on: signing in asks for a code from your authenticator app.')).toBeVisible();

  // the server side of the logout (a keepalive request) is let finish, so no request is in flight at the end
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/auth/logout')), drawer.getByRole('link', { name: 'Logout' }).click()]);
  await expect(page).toHaveURL(/\/$/);
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
  const admin = await apiTokens(page.request);
  const email = uniqueEmail('pw');
  await createUser(page.request, admin.token, email, 'old-password-1234');
  await page.goto('/account/login?redirectTo=%2Fsiteadmin%2Faccount');
  await signInWithForm(page, email, 'old-password-1234');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  await page.getByLabel('Current Password').fill('old-password-1234');
  await page.getByLabel('New Password', { exact: true }).fill('new-password-5678');
  await page.getByLabel('Confirm New Password').fill('new-password-0000');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();

  await page.getByLabel('Current Password').fill('wrong-password-1234');
  await page.getByLabel('Confirm New Password').fill('new-password-5678');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The current password is incorrect.' })).toBeVisible();

  await page.getByLabel('Current Password').fill('old-password-1234');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await apiTokens(page.request, email, 'new-password-5678');
});

test('administrators read the audit log and the security setting', async ({ page }) => {
  await page.goto('/account/login?redirectTo=%2Fsiteadmin%2Faudit-log');
  await signInWithForm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'When' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

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
test('an Administrator requires a second factor: an account without one enrols at sign-in, then gets in', { tag: '@exclusive' }, async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await apiTokens(page.request);
  const email = uniqueEmail('forced-2fa');
  await createUser(page.request, admin.token, email, 'forced-user-password');
  const setting = (requireSecondFactor: boolean) =>
    page.request.post('/api/admin/security-settings', { data: { requireSecondFactor }, headers: { authorization: `Bearer ${admin.token}` } });

  try {
    // The Administrator switches it on in Security.
    await page.goto('/account/login?redirectTo=%2Fsiteadmin%2Fsecurity');
    await signInWithForm(page);
    const box = page.getByRole('checkbox', { name: /Require two-step sign-in for every account/ });
    await box.check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Security settings saved.')).toBeVisible();
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

    const secret = (await page.locator('.enrolment__secret code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The code is incorrect.' })).toBeVisible();
    await page.getByLabel('6-digit code').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in is on' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'I have saved these codes, continue' }).click();
    await expect(page).toHaveURL(/\/siteadmin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const { token } = (await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'))) as { token: string };
    const me = await page.request.get('/auth/check-auth', { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { data: { email: string; twoFactorEnabled: boolean } }).data).toMatchObject({ email, twoFactorEnabled: true });
  } finally {
    expect((await setting(false)).ok()).toBe(true);
  }
});
