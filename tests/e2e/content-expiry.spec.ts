import { expect, test } from './fixtures.ts';
import { apiTokens, axeViolations, signInQuickly } from './admin-helpers.ts';

const KC_API = '/api/admin/knowledge-center';

// ADR 049: an editor sets Unpublish at a few seconds ahead; the list, open meanwhile, and the public page
// follow within the scheduler's period (SCHEDULER_INTERVAL_MS is short on the exclusive tests' server).
// Exclusive: other specs count the items of the public knowledge list, and this one publishes an item for a while.
test.describe('content that expires on time', { tag: '@exclusive' }, () => {
  let made: number | null = null;
  test.afterEach(async ({ page }) => {
    if (made === null) return;
    const { token } = await apiTokens(page.request);
    await page.request.get(`${KC_API}/delete/${made}`, { headers: { authorization: `Bearer ${token}` } });
    made = null;
  });

  test('an item expiring while its list is open leaves the list and the site, and its address redirects', async ({ page }) => {
    test.setTimeout(90_000);
    const tokens = await signInQuickly(page);
    const stamp = Date.now();
    const title = `Expiring Soil Note ${stamp}`;
    const slug = `expiring-soil-note-${stamp}`;
    const created = await page.request.post(`${KC_API}/add`, {
      headers: { authorization: `Bearer ${tokens.token}` },
      data: {
        type: 0,
        category: 39,
        region: 2,
        status: 1,
        title,
        slug,
        metadata: { desc: `${title} summary` },
        modules: [{ type: 2, content: '<p>Read this before it goes.</p>' }],
      },
    });
    const body = (await created.json()) as { success: boolean; data: { id: number } };
    expect(body.success, 'create item').toBe(true);
    made = body.data.id;
    await expect((await page.request.get(`/knowledge-center/${slug}`)).status()).toBe(200);

    // the editor: Unpublish at and Redirect to beside Publishing
    await page.goto(`/siteadmin/knowledge-center/edit/${made}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Knowledge Item' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Expiry' })).toBeVisible();
    // a few seconds ahead, in the browser's own time
    const local = await page.evaluate(() => {
      const d = new Date(Date.now() + 15_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    });
    await page.getByLabel('Unpublish at').fill(local);
    await page.getByLabel('Redirect to').fill('/knowledge-center');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();
    await expect(page.getByLabel('Unpublish at')).toHaveValue(local.slice(0, 16));
    await expect(page.getByLabel('Redirect to')).toHaveValue('/knowledge-center');

    // the list, narrowed to expiring items with this title: published, with its expiry
    await page.goto(`/siteadmin/knowledge-center?q=${encodeURIComponent(title)}&schedule=expires`);
    await expect(page.getByLabel('Schedule')).toHaveValue('expires');
    const table = page.getByRole('table');
    // the Expires column (Scheduled shows when a listed item has a version still to come)
    await expect(table.getByRole('columnheader', { name: 'Expires' })).toBeVisible();
    const row = table.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Published');
    await expect(row.locator('time').first()).toBeVisible();

    // no reload: the open list follows the site once the time has come
    await expect(page.getByText(`No knowledge items found.`)).toBeVisible({ timeout: 40_000 });
    await page.getByLabel('Schedule').selectOption({ label: 'All' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).not.toHaveURL(/schedule=expires/);
    await expect(table.getByRole('row', { name: new RegExp(title) })).toContainText('Draft');

    // the public address now leads to the chosen page
    await page.goto(`/knowledge-center/${slug}`);
    await expect(page).toHaveURL(/\/knowledge-center$/);
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  });
});

test('a campaign page editor offers Expiry, a home editor does not, and axe finds nothing', async ({ page }) => {
  const tokens = await signInQuickly(page);
  const list = await page.request.post('/api/admin/landing-pages/filter', {
    headers: { authorization: `Bearer ${tokens.token}` },
    data: {},
  });
  const rows = ((await list.json()) as { data: { id: number; kind: string }[] }).data;
  const campaign = rows.find((r) => r.kind === 'campaign')!;
  const home = rows.find((r) => r.kind === 'home')!;

  await page.goto(`/siteadmin/pages/landing/edit/${campaign.id}`);
  await expect(page.getByRole('group', { name: 'Expiry' })).toBeVisible();
  await expect(page.getByLabel('Unpublish at')).toHaveValue('');
  await expect(page.getByLabel('Redirect to')).toHaveValue('');
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`/siteadmin/pages/landing/edit/${home.id}`);
  await expect(page.getByRole('group', { name: 'Publishing' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Expiry' })).toHaveCount(0);
});
