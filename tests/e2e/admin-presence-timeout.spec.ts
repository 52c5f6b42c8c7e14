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

    // Ana's browser keeps its time on a clock the test moves: her next heartbeat (every 15 s) comes at
    // once instead of after a real wait.
    await page.clock.install();
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
    await expect(benSeen).toHaveCount(0);
    await page.clock.fastForward(15_000);
    await expect(benSeen).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Ben leaves: Ana's next heartbeat no longer names him
    await benPage.goto('/siteadmin');
    await expect(benPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(benSeen).toBeVisible();
    await page.clock.fastForward(15_000);
    await expect(page.getByText(`${benName} is also editing this`)).toHaveCount(0);
  } finally {
    await other.close();
    await page.request.post(`${KC_API}/delete/${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
  }
});

test('an admin call unanswered for 20 seconds gives up with a clear message and Retry, instead of loading forever', async ({ page }) => {
  test.setTimeout(60_000);
  await signInQuickly(page);
  // The page's clock is the test's: 20 seconds pass when the test moves it, not in real time.
  await page.clock.install();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let hold = true;
  await page.route('**/api/admin/dashboard', async (route) => {
    if (hold) {
      // never answered while held: the browser gives up on its own
      await released;
      await route.abort().catch(() => undefined);
      return;
    }
    await route.continue();
  });
  try {
    const asked = page.waitForRequest('**/api/admin/dashboard');
    await page.goto('/siteadmin');
    await asked;
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
    const heading = page.getByRole('heading', { level: 1, name: 'Back in a Moment' });
    const message = page.getByText('The server took too long to answer. Try again.');
    // still waiting after 18.5 seconds...
    await page.clock.runFor(18_500);
    await expect(page.getByRole('status').filter({ hasText: 'Loading Site Administration...' })).toBeVisible();
    await expect(heading).toHaveCount(0);
    // ...and given up at 20
    await page.clock.runFor(1_500);
    await expect(heading).toBeVisible();
    await expect(message).toBeVisible();
    await page.clock.resume(); // axe waits on timers of its own
    expect(await axeViolations(page)).toEqual([]);

    hold = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  } finally {
    release();
  }
});

// saves the settings as loaded: alone, so no other test's settings change is written back
test(
  'a save the server does not answer in time says so and offers Retry, which sends it again',
  { tag: '@exclusive' },
  async ({ page }) => {
    test.setTimeout(60_000);
    await signInQuickly(page);
    await page.clock.install();
    await page.goto('/siteadmin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let hold = true;
    await page.route('**/api/admin/settings/edit', async (route) => {
      if (hold) {
        await released;
        await route.abort().catch(() => undefined);
        return;
      }
      await route.continue();
    });
    try {
      const asked = page.waitForRequest('**/api/admin/settings/edit');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await asked;
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
      const alert = page.getByRole('alert').filter({ hasText: 'The server took too long to answer. Try again.' });
      await page.clock.runFor(18_500);
      await expect(alert).toHaveCount(0);
      await page.clock.runFor(1_500);
      await expect(alert).toBeVisible();
      hold = false;
      await page.clock.resume();
      await alert.getByRole('button', { name: 'Retry' }).click();
    } finally {
      release();
    }
    await expect(page.getByText('Site settings saved. Public pages show them now.')).toBeVisible();
  },
);
