import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, axeViolations, signInQuickly } from './admin-helpers.ts';

/**
 * The product editor. The first test saves /wolf-trax-ca's calcium row (27%), which no other test
 * reads, and rolls it back before it ends (other specs read the copper row and the row count of
 * this table); the others save nothing, and use the US page so they never meet the first test's edit.
 */

const versionLinks = (page: Page) => page.getByRole('list', { name: 'Saved versions' }).getByRole('link');

async function openRollback(page: Page) {
  const rollback = page.locator('details.rollback');
  if ((await rollback.getAttribute('open')) === null) await page.getByText('Rollback', { exact: true }).click();
  await expect(page.getByRole('list', { name: 'Saved versions' })).toBeVisible();
}

const calciumAmount = (page: Page) =>
  page.getByRole('listitem', { name: /: WOLF TRAX Calcium DDP$/ }).getByRole('textbox', { name: /^Amount \(%\)/ });
const calciumRow = (page: Page, amount: string) =>
  page
    .getByRole('table', { name: 'WOLF TRAX guaranteed analysis by product' })
    .getByRole('row', { name: new RegExp(`WOLF TRAX Calcium DDP Calcium \\(Ca\\) ${amount.replace('.', '\\.')}`) });

test('finds a product, edits its guaranteed analysis, sees it on the product page, and rolls it back through the Rollback list', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signInQuickly(page);
  await page.goto('/siteadmin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  // search and filter live in the address
  const filters = page.getByRole('search', { name: 'Find products' });
  await filters.getByLabel('Search').fill('wolf');
  await filters.getByLabel('Region').selectOption({ label: 'Canada' });
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/products\?search=wolf&region=3&/);
  const rows = page.getByRole('table', { name: 'Products' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('/wolf-trax-ca');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Edit WOLF TRAX (Canada)' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/products\/edit\/\d+$/);
  const editUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^View Page.*opens in a new tab$/ })).toHaveAttribute('href', '/wolf-trax-ca');
  await openRollback(page);
  // one version on a fresh server; counted so that a retry on the same server still passes
  const before = await versionLinks(page).count();
  expect(before).toBeGreaterThanOrEqual(1);
  await page.getByText('Rollback', { exact: true }).click();

  await expect(calciumAmount(page)).toHaveValue('27');
  await calciumAmount(page).fill('27.5');
  // the ~7,000 px form scrolled to its end: the action bar, Save Changes with it, is still in view
  await page.keyboard.press('End');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByLabel('Publish at (optional)')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeInViewport();
  // Ctrl+S saves (not the browser's Save Page dialog)
  await page.getByLabel('Publish at (optional)').focus();
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();
  await expect(page).toHaveURL(editUrl);
  await openRollback(page);
  await expect(versionLinks(page)).toHaveCount(before + 1);
  // when to the second (en-US long month, 12-hour time), who saved it, its status, and the version the site shows
  const newest = versionLinks(page).first();
  await expect(newest).toContainText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} [AP]M/);
  await expect(newest).toContainText(ADMIN.email);
  await expect(newest).toContainText('Published');
  await expect(newest).toContainText('Current');
  await expect(versionLinks(page).nth(1)).not.toContainText('Current');
  expect(await axeViolations(page)).toEqual([]);

  // the public page shows the new number at once (the save dropped its cached copy)
  const site = await context.newPage();
  await site.goto('/wolf-trax-ca');
  await expect(calciumRow(site, '27.5')).toBeVisible();

  // roll back: open the version before, save it as the newest
  await versionLinks(page).nth(1).click();
  await expect(page).toHaveURL(/\/siteadmin\/products\/edit\/\d+\/\d+$/);
  const note = page.getByRole('note').filter({ hasText: 'You are editing the version saved' });
  await expect(note).toBeVisible();
  // what differs from the version the site shows
  await expect(note).toContainText('Differs from the current version in: Guaranteed analysis.');
  await expect(calciumAmount(page)).toHaveValue('27');
  // an unedited version is restored through the rollback endpoint (its base fields too)
  const rolledBack = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/admin\/products\/rollback\/\d+\/\d+$/.test(r.url()));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await rolledBack;
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByRole('status').filter({ hasText: 'Rolled back: the version was restored as the newest version.' })).toBeVisible();
  await expect(calciumAmount(page)).toHaveValue('27');
  await openRollback(page);
  await expect(versionLinks(page)).toHaveCount(before + 2);

  await site.reload();
  await expect(calciumRow(site, '27')).toBeVisible();
  await expect(calciumRow(site, '27.5')).toHaveCount(0);
});

test('shows the rule a row breaks, asks before leaving with unsaved changes, and the edit screen passes axe', async ({ page }) => {
  test.setTimeout(60_000);
  await signInQuickly(page);
  await page.goto('/siteadmin/products?search=wolf-trax');
  await page.getByRole('link', { name: 'Edit WOLF TRAX (U.S.)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  await expect(calciumAmount(page)).toHaveValue('27');
  expect(await axeViolations(page)).toEqual([]);
  // the names Chromium gives a row's fields are one phrase: "Title, benefit 1", not "Title , benefit 1"
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { name?: { value?: string } }[] };
  const names = nodes.map((n) => n.name?.value ?? '').filter((n) => /benefit 1$/.test(n));
  expect(names).toContain('Title, benefit 1');
  expect(names.filter((n) => / ,/.test(n))).toEqual([]);

  // a number out of range is refused in the browser, on its own cell
  await calciumAmount(page).fill('120');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(calciumAmount(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(calciumAmount(page)).toHaveAccessibleDescription('Enter a percentage above 0 and at most 100.');
  expect(await axeViolations(page)).toEqual([]);

  // Back with unsaved changes asks first; Cancel stays with the edits
  await page.getByRole('link', { name: 'Back' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(calciumAmount(page)).toHaveValue('120');
  await page.getByRole('link', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
});

test('the product editor has a section index of jump links on wide screens, hidden on narrow ones', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInQuickly(page);
  await page.goto('/siteadmin/products?search=wolf-trax');
  await page.getByRole('link', { name: 'Edit WOLF TRAX (U.S.)' }).click();
  const index = page.getByRole('navigation', { name: 'Sections of the form' });
  await expect(index).toBeVisible();
  await index.getByRole('link', { name: 'Search and publishing' }).click();
  // the section lands below the sticky action bar, not under it
  const heading = page.getByRole('heading', { level: 2, name: 'Search and publishing' });
  await expect(heading).toBeInViewport();
  const bar = await page.locator('.edit-frame__bar').boundingBox();
  const target = await heading.boundingBox();
  expect(target!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(index).toBeHidden();
});

test('sorts and filters the list by group and visibility, kept in the address', async ({ page }) => {
  await signInQuickly(page);
  await page.goto('/siteadmin/products');
  await page.getByRole('link', { name: 'Name' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/products\?sort=name$/);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  const names = page.getByRole('table', { name: /^Products/ }).locator('tbody .admin-table__name');
  await expect(names.first()).toHaveText('AGROTAIN');
  await page.getByRole('link', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=name-desc$/);
  await expect(names.first()).toHaveText('WOLF TRAX');

  const filters = page.getByRole('search', { name: 'Find products' });
  await filters.getByLabel('Group').selectOption('Seed Enhancement');
  await filters.getByLabel('Visibility').selectOption({ label: 'Published' });
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/&group=Seed\+Enhancement&visibility=published&sort=name-desc$/);
  await expect(names).toHaveText(['ROCKET SEEDS', 'PROTIVATE', 'PROTIVATE']);
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/products\?sort=name-desc$/);
  await expect(names).toHaveCount(17);
  await expect(filters.getByLabel('Group')).toHaveValue('');
});
