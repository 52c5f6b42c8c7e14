import { SPEC_SECTIONS } from '../setup/constants.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, apiTokens, axeViolations, createUser, linkFromEmail, signInQuickly, signInWithForm, uniqueEmail } from './admin-helpers.ts';

test.describe('login', () => {
  test('empty fields: both messages, both fields highlighted; a wrong password shows the server message', async ({ page }) => {
    // two full axe scans: near 30 s on a loaded 2-core machine
    test.setTimeout(60_000);
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Site Administration Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/account/forgot-password');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Please enter your username.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);

    // Only the password missing: its message alone, yet both fields stay highlighted (spec section 5).
    await page.getByLabel('Username').fill('nobody@example.com');
    await expect(page.getByText('Please enter your username.')).toHaveCount(0);
    await expect(page.locator('.field--invalid')).toHaveCount(2);

    await page.getByLabel('Password').fill('not-the-password');
    // the answer is held until the busy state has been seen, so the check never races a fast server
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer();
    await expect(page.getByRole('alert')).toHaveText('The username or password is incorrect.');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'))).toMatchObject({
      isAuthenticated: false,
      loading: false,
    });
  });

  test('signs in to the dashboard, keeps the session in local storage "root", and logs out to /', async ({ page }) => {
    await page.goto('/account/login');
    await signInWithForm(page);
    await expect(page).toHaveURL(/\/siteadmin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const tiles = page.getByRole('list', { name: 'Sections' }).getByRole('listitem');
    await expect(tiles).toHaveText(SPEC_SECTIONS.map((t) => new RegExp(`^${t.replace(/[/&]/g, '\\$&')}`)));
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'));
    expect(stored).toMatchObject({ isAuthenticated: true, loading: false, email: ADMIN.email, revalidatingToken: false });
    expect(stored.token).toEqual(expect.any(String));
    expect(stored.refreshToken).toEqual(expect.any(String));

    const drawer = page.getByRole('navigation', { name: 'Administrator' });
    await expect(drawer.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/siteadmin/users');
    await expect(drawer.getByRole('link', { name: 'Logout' })).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);

    // a tile opens its section's list
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Product Labels/ })
      .click();
    await expect(page).toHaveURL(/\/siteadmin\/product-labels$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Product Labels/SDSs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Label/SDS' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/siteadmin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    // Logout also asks the server to end the session: the refresh token it held stops working.
    const { refreshToken } = (await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'))) as { refreshToken: string };
    const revoke = page.waitForRequest((r) => r.url().endsWith('/auth/logout') && r.method() === 'POST');
    await drawer.getByRole('link', { name: 'Logout' }).click();
    expect((await revoke).postDataJSON()).toEqual({ refreshToken });
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'))).toMatchObject({
      isAuthenticated: false,
      token: null,
      refreshToken: null,
      email: null,
    });
    await expect
      .poll(async () => (await page.request.post('/auth/refresh-token', { data: { refreshToken } })).status(), {
        message: 'the logged-out refresh token is refused',
      })
      .toBe(401);

    await page.goto('/siteadmin');
    await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Fsiteadmin$/);
  });

  test('an admin page opened while signed out returns there after sign-in', async ({ page }) => {
    await page.goto('/siteadmin/users');
    await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Fsiteadmin%2Fusers$/);
    await signInWithForm(page);
    await expect(page).toHaveURL(/\/siteadmin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });

  test('admin pages are sent uncached and not indexed, without the public shell', async ({ request }) => {
    const res = await request.get('/siteadmin/users');
    expect(res.headers()['cache-control']).toBe('no-store');
    expect(res.headers()['x-robots-tag']).toContain('noindex');
    const html = await res.text();
    expect(html).not.toContain('site-header');
    expect(html).toContain('Loading Site Administration...');
  });
});

test.describe('forgot and reset password', () => {
  test('the emailed link resets the password, and the new one signs in', async ({ page }) => {
    test.setTimeout(60_000);
    const admin = await apiTokens(page.request);
    const email = uniqueEmail('reset');
    await createUser(page.request, admin.token, email, 'first-password-123');

    await page.goto('/account/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/account/login');
    await page.getByLabel('Email').fill(email);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(
      page.getByText('An email containing password reset information has been sent to your inbox. Please verify.'),
    ).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/account\/login$/, { timeout: 10_000 });
    // back to login after 5000 ms (allowing for the moment between showing the text and seeing it)
    expect(Date.now() - shownAt).toBeGreaterThan(4_000);

    const link = await linkFromEmail(email, /https?:\/\/[^\s"<>]+\/account\/reset-password\/[A-Za-z0-9_-]+/);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    const reset = page.getByRole('button', { name: 'Reset Password' });
    await expect(reset).toBeDisabled();
    await page.getByLabel('New Password').fill('second-password-456');
    await expect(reset).toBeDisabled();
    await page.getByLabel('Confirm Password').fill('second-password-789');
    await reset.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
    await page.getByLabel('Confirm Password').fill('second-password-456');
    await reset.click();
    await expect(page).toHaveURL(/\/account\/login\?notice=password-reset$/);

    await signInWithForm(page, email, 'second-password-456');
    await expect(page).toHaveURL(/\/siteadmin$/);
    // An Editor sees the content tiles only.
    await expect(page.getByRole('main').getByRole('link', { name: /^Users/ })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: /^Products/ })).toBeVisible();

    // The link is single use: opening it again (signed out) leads to login.
    await page.goto('/account/logout');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(new URL(link).pathname);
    await expect(page).toHaveURL(/\/account\/login\?notice=reset-invalid$/);
    await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  });

  test('an invalid reset hash leads to login', async ({ page }) => {
    await page.goto('/account/reset-password/not-a-real-hash');
    await expect(page).toHaveURL(/\/account\/login\?notice=reset-invalid$/);
  });
});

test('a one-time sign-in link from email signs in once', async ({ page }) => {
  const admin = await apiTokens(page.request);
  const email = uniqueEmail('link');
  await createUser(page.request, admin.token, email, 'link-user-password');
  // Without DomainName the link points at PUBLIC_SITE_URL, this server.
  const res = await page.request.post('/auth/email-auth', { data: { Username: email } });
  expect(res.ok()).toBe(true);
  const link = await linkFromEmail(email, /https?:\/\/[^\s"<>]+\/account\/one-time-login\/[A-Za-z0-9_-]+/);

  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/siteadmin$/);
  await expect(page.getByRole('paragraph').filter({ hasText: email })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'))).toMatchObject({ isAuthenticated: true, email });

  await page.goto('/account/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/account\/login\?notice=link-invalid$/);
  await expect(page.getByText('This sign-in link is invalid or has expired.')).toBeVisible();
});

test('the sign-in page emails a sign-in link, which signs in even after the password locked this browser out', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await apiTokens(page.request);
  const email = uniqueEmail('locked');
  await createUser(page.request, admin.token, email, 'locked-user-password');
  // five wrong passwords from this browser's address lock the username here
  for (let i = 0; i < 5; i++) await page.request.post('/auth/login', { data: { Username: email, Password: 'not-the-password-at-all' } });
  await page.goto('/account/login');
  await signInWithForm(page, email, 'locked-user-password');
  await expect(page.getByRole('alert')).toHaveText('Too many failed sign-in attempts. Try again in 15 minutes.');

  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email me a sign-in link' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  const sent = 'If an account uses that address, we sent it a sign-in link. Open it within 15 minutes; it works once.';
  await expect(page.getByRole('status')).toHaveText(sent);

  const link = await linkFromEmail(email, /https?:\/\/[^\s"<>]+\/account\/one-time-login\/[A-Za-z0-9_-]+/);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/siteadmin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // an address without an account gets the same answer
  await page.goto('/account/logout');
  await page.goto('/account/login');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status')).toHaveText(sent);
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site Administration Login' })).toBeVisible();
});

test.describe('API client', () => {
  test('a token expiring in under 10 seconds is refreshed once before the calls, and the rotated tokens are stored', async ({ page }) => {
    const tokens = await signInQuickly(page);
    // The browser's clock runs 14 min 55 s ahead, so the 15-minute token has 5 s left. Once the refresh
    // is on its way the clock is set right again, so the new token looks as fresh as it is.
    await page.clock.install({ time: Date.now() + (15 * 60 - 5) * 1000 });
    await page.route('**/auth/refresh-token', async (route) => {
      await page.clock.setSystemTime(Date.now());
      await route.continue();
    });
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/auth/') || url.pathname.startsWith('/api/'))
        calls.push(`${url.pathname} ${r.headers()['authorization'] ?? ''}`);
    });
    await page.goto('/siteadmin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const refreshes = calls.filter((c) => c.startsWith('/auth/refresh-token'));
    expect(refreshes).toHaveLength(1);
    expect(calls[0]).toMatch(/^\/auth\/refresh-token/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'));
    expect(stored.token).not.toBe(tokens.token);
    expect(stored.refreshToken).not.toBe(tokens.refreshToken);
    for (const call of calls.slice(1)) expect(call).toContain(`Bearer ${stored.token}`);
  });

  test('a session the server no longer accepts ends at login, with the way back kept', async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem(
        'root',
        JSON.stringify({
          isAuthenticated: true,
          loading: false,
          revalidatingToken: false,
          email: 'admin@example.com',
          token: 'not.a-valid.token',
          refreshToken: 'revoked',
        }),
      );
    });
    await page.goto('/siteadmin/users');
    await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Fsiteadmin%2Fusers$/);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').isAuthenticated)).toBe(false);
  });
});

test.describe('session timeout', () => {
  test('the modal appears after the delay: Yes keeps the session alive, No logs out', async ({ page }) => {
    await page.addInitScript(() => {
      window.__adminSessionPromptMs = 1_500;
    });
    await signInQuickly(page);
    await page.goto('/siteadmin');
    const dialog = page.getByRole('dialog', { name: 'Session Timeout' });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await expect(dialog).toContainText('Your session is about to time out. Would you like to stay logged into your account?');
    expect(await axeViolations(page)).toEqual([]);

    const [keepalive] = await Promise.all([
      page.waitForResponse('**/api/admin/session/keepalive'),
      dialog.getByRole('button', { name: 'Yes' }).click(),
    ]);
    expect(keepalive.status()).toBe(200);
    expect(keepalive.request().headers()['authorization']).toMatch(/^Bearer /);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/siteadmin$/);

    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'))).toMatchObject({
      isAuthenticated: false,
      token: null,
    });
  });
});
