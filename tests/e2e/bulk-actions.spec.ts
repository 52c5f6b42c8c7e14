import { expect, test, type Page } from './fixtures.ts';
import { ADMIN, axeViolations, signInQuickly } from './admin-helpers.ts';

/**
 * Bulk actions of an admin list (ADR 050): the knowledge center's rows are chosen with their
 * checkboxes, published in one step after a question naming the count, and the result lists the
 * row that was refused and why. The test makes its own items (a unique word in their titles) and
 * filters the list to them, since other tests change the same lists at the same time. A bulk delete
 * of users refuses your own account with its reason.
 */

const KC = '/api/admin/knowledge-center';

async function addItem(page: Page, token: string, title: string, status: 0 | 1): Promise<number> {
  const res = await page.request.post(`${KC}/add`, {
    headers: { authorization: `Bearer ${token}` },
    data: { type: 0, category: 39, region: 2, status, title, metadata: { desc: title }, modules: [], publishDate: '2026-04-01T00:00:00Z' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

for (const width of [1280, 390] as const) {
  // publishes US knowledge items, which the public list counts: alone, on the isolated server, and
  // deleted at the end
  test(`publishes chosen knowledge items in one step and lists the refused one (${width} px)`, { tag: '@exclusive' }, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const word = `Bulkpub${width}x${Date.now().toString(36)}`;
    const { token } = await signInQuickly(page);
    const ids = [
      await addItem(page, token, `${word} Alpha`, 0),
      await addItem(page, token, `${word} Bravo`, 0),
      await addItem(page, token, `${word} Charlie`, 1),
    ];
    try {
      await page.goto(`/siteadmin/knowledge-center?q=${word}&sort=title`);
      await expect(page.getByRole('heading', { name: 'Knowledge Center', level: 1 })).toBeVisible();
      const table = page.getByRole('table');
      await expect(table.getByRole('row')).toHaveCount(4);
      await expect(page.getByRole('group', { name: 'Bulk actions' })).toHaveCount(0);

      // one row by its own checkbox (keyboard), then all on the page
      const alpha = page.getByRole('checkbox', { name: `Select ${word} Alpha` });
      await alpha.focus();
      await page.keyboard.press('Space');
      await expect(alpha).toBeChecked();
      const bar = page.getByRole('group', { name: 'Bulk actions' });
      await expect(bar).toContainText('1 knowledge item selected.');
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await expect(bar).toContainText('3 knowledge items selected.');
      await expect(bar.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
      await expect(bar.getByRole('button', { name: 'Delete' })).toBeVisible();
      await expect(bar.getByRole('button', { name: 'Export CSV' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // nothing runs out of the screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      await bar.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish 3 knowledge items?' });
      await expect(dialog).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Publish 3 knowledge items' }).click();
      await expect(dialog).toBeHidden();

      const result = page.getByRole('status').filter({ hasText: 'published' });
      await expect(result).toContainText('2 knowledge items published. 1 knowledge item refused:');
      await expect(result.getByRole('listitem')).toHaveText([`${word} Charlie: Already published.`]);
      // the list reloaded: every row is published, and the selection is gone
      for (const name of ['Alpha', 'Bravo', 'Charlie'])
        await expect(table.getByRole('row', { name: new RegExp(`${word} ${name}`) })).toContainText('Published');
      await expect(page.getByRole('group', { name: 'Bulk actions' })).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      for (const id of ids) await page.request.post(`${KC}/delete/${id}`, { headers: { authorization: `Bearer ${token}` } });
    }
  });
}

test('deletes a chosen user and refuses your own account with its reason', async ({ page }) => {
  const { token } = await signInQuickly(page);
  const email = `bulk.user.${Date.now().toString(36)}@example.com`;
  const res = await page.request.post('/api/adminusers/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, password: 'a-long-enough-password', userRoles: [2] },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/siteadmin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${email}` }).check();
  await page.getByRole('checkbox', { name: `Select ${ADMIN.email}` }).check();
  const bar = page.getByRole('group', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 users selected.');
  await bar.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2 users?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete 2 users' }).click();
  await expect(dialog).toBeHidden();

  const result = page.getByRole('status').filter({ hasText: 'deleted' });
  await expect(result).toContainText('1 user deleted. 1 user refused:');
  await expect(result.getByRole('listitem')).toHaveText([`${ADMIN.email}: You cannot delete your own account.`]);
  await expect(page.getByRole('checkbox', { name: `Select ${email}` })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
