import { expect, test, type Page } from './fixtures.ts';
import { WIDTHS } from './widths.ts';

/** The header's region select, behind the menu button on narrow screens. */
async function chooseRegion(page: Page, code: 'US' | 'CA' | 'INT') {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByLabel('Region').selectOption({ label: code });
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`region switch at ${name} width`, () => {
    test.use({ viewport });

    test('keeps your place: a product goes to its twin in the chosen region, a page without one to the home', async ({ page }) => {
      await page.goto('/agrotain');
      await chooseRegion(page, 'CA');
      await expect(page).toHaveURL(/\/agrotain-ca$/);
      await expect(page.getByRole('heading', { level: 1, name: 'AGROTAIN' })).toBeVisible();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('region'))).toBe('3');
      await chooseRegion(page, 'US');
      await expect(page).toHaveURL(/\/agrotain$/);
      // no twin: the region's home, as before
      await page.goto('/optrient');
      await chooseRegion(page, 'CA');
      await expect(page).toHaveURL(/\/home-ca$/);
      await page.goto('/about');
      await chooseRegion(page, 'INT');
      await expect(page).toHaveURL(/\/home-int$/);
    });

    test('keeps your place on a hydrated page and without JavaScript too', async ({ page, browser }) => {
      await page.goto('/find-a-rep');
      await chooseRegion(page, 'CA');
      await expect(page).toHaveURL(/\/home-ca$/);

      const context = await browser.newContext({ javaScriptEnabled: false, viewport, baseURL: test.info().project.use.baseURL });
      const nojs = await context.newPage();
      await nojs.goto('/wolf-trax');
      const menu = nojs.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      await nojs.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CA (Canada)' }).click();
      await expect(nojs).toHaveURL(/\/wolf-trax-ca$/);
      expect((await context.cookies()).find((c) => c.name === 'region')?.value).toBe('3');
      await context.close();
    });

    test('keeps your place on another host name than PUBLIC_SITE_URL (www or bare domain, staging)', async ({ page, baseURL }) => {
      // the alternates name PUBLIC_SITE_URL (127.0.0.1 here); the visitor is on localhost: the twin is matched by its path
      const elsewhere = baseURL!.replace('127.0.0.1', 'localhost');
      await page.goto(`${elsewhere}/agrotain`);
      await expect(page.locator('link[rel="alternate"][hreflang="en-CA"]')).toHaveAttribute('href', `${baseURL}/agrotain-ca`);
      await chooseRegion(page, 'CA');
      await expect(page).toHaveURL(`${elsewhere}/agrotain-ca`);
      await chooseRegion(page, 'US');
      await expect(page).toHaveURL(`${elsewhere}/agrotain`);
    });
  });
}
