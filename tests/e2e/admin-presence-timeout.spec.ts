import { expect, test } from './fixtures.ts';
import { displayName } from '#shared/people.ts';
import { apiTokens, axeViolations, createUser, signInQuickly, uniqueEmail } from './admin-helpers.ts';

const KC_API = '/api/admin/knowledge-center';

test('two people with the same item open each see the other: "<name> is also editing this", gone once one leaves', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await apiTokens(page.request);
  const [ana, ben] = [uniqueEmail('ana'), uniqueEmail('ben')];
  await createUser(page.request, admin.token, ana, 'ana-editor-password');
  await createUser(page.request, admin.token, ben, 'ben-editor-password');
  const title = `Presence Test Item ${Date.now()}`;
  const made = await page.request.post(`${KC_API}/add`, {
    data: { type: 0, category: 39, region: 2, title, status: 0, metadata: { desc: title }, modules: [] },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const id = ((await made.json()) as { data: { id: number } }).data.id;
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const benPage = await other.newPage();
    await signInQuickly(page, ana, 'ana-editor-password');
    await signInQuickly(benPage, ben, 'ben-editor-password');
    const editor = `/siteadmin/knowledge-center/edit/${id}`;

    await page.goto(editor);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Knowledge Item' })).toBeVisible();
    await benPage.goto(editor);
    await expect(benPage.getByRole('heading', { level: 1, name: 'Edit Knowledge Item' })).toBeVisible();

    // by name (ADR 052): neither has one, so each is named from the email
    const [anaName, benName] = [displayName({ email: ana }), displayName({ email: ben })];
    // Ben's first heartbeat finds Ana; Ana's next one (every 15 s) finds Ben
    const anaSeen = benPage.getByRole('status').filter({ hasText: `${anaName} is also editing this` });
    await expect(anaSeen).toBeVisible();
    await expect(anaSeen).toHaveAttribute('aria-live', 'polite');
    const benSeen = page.getByRole('status').filter({ hasText: `${benName} is also editing this` });
    await expect(benSeen).toBeVisible({ timeout: 25_000 });
    expect(await axeViolations(page)).toEqual([]);

    // Ben leaves: Ana's next heartbeat no longer names him
    await benPage.goto('/siteadmin');
    await expect(benPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(`${benName} is also editing this`)).toHaveCount(0, { timeout: 25_000 });
  } finally {
    await other.close();
    await page.request.post(`${KC_API}/delete/${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
  }
});

test('an admin call unanswered for 20 seconds gives up with a clear message and Retry, instead of loading forever', async ({ page }) => {
  test.setTimeout(120_000);
  await signInQuickly(page);
  let hold = true;
  await page.route('**/api/admin/dashboard', async (route) => {
    if (hold) {
      // longer than the admin's 20-second limit; the browser has given up by then
      await new Promise((resolve) => setTimeout(resolve, 23_000));
      await route.abort().catch(() => undefined);
      return;
    }
    await route.continue();
  });
  const started = Date.now();
  await page.goto('/siteadmin');
  const heading = page.getByRole('heading', { level: 1, name: 'Back in a Moment' });
  await expect(heading).toBeVisible({ timeout: 40_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(19_000);
  await expect(page.getByText('The server took too long to answer. Try again.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  hold = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

// saves the settings as loaded: alone, so no other test's settings change is written back
test(
  'a save the server does not answer in time says so and offers Retry, which sends it again',
  { tag: '@exclusive' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await signInQuickly(page);
    await page.goto('/siteadmin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();
    let hold = true;
    await page.route('**/api/admin/settings/edit', async (route) => {
      if (hold) {
        await new Promise((resolve) => setTimeout(resolve, 23_000));
        await route.abort().catch(() => undefined);
        return;
      }
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The server took too long to answer. Try again.' });
    await expect(alert).toBeVisible({ timeout: 40_000 });
    hold = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Site settings saved. Public pages show them now.')).toBeVisible();
  },
);
