import { expect, test } from './fixtures.ts';
import { axeViolations, signInQuickly } from './admin-helpers.ts';

/** The words above a list page are edited as a page, and are on the public page at once. */
test('an editor changes the press list intro under Pages and visitors see it at once', async ({ page }) => {
  test.setTimeout(60_000);
  await signInQuickly(page);
  await page.goto('/press-releases');
  const hero = page.locator('.hero__promise');
  const original = await hero.textContent();

  await page.goto('/siteadmin/pages?kind=list');
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await page
    .getByRole('row')
    .filter({ hasText: '/press-releases' })
    .getByRole('link', { name: /^Edit / })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit List Page' })).toBeVisible();
  // the words only: no hero image, buttons or sections on a list page
  await expect(page.getByLabel('Headline', { exact: true })).toHaveValue('Press Releases');
  await expect(page.getByRole('button', { name: /add section/i })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  const intro = page.getByLabel('Intro', { exact: true });
  await expect(intro).toHaveValue(original ?? '');
  await intro.fill('News from our agronomy and sales teams, newest first.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();

  await page.goto('/press-releases');
  await expect(hero).toHaveText('News from our agronomy and sales teams, newest first.');

  // put the words back (a new version again)
  await page.goBack();
  await page.getByLabel('Intro', { exact: true }).fill(original ?? '');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();
  await page.goto('/press-releases');
  await expect(hero).toHaveText(original ?? '');
});
