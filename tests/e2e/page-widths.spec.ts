import { expect, test } from './fixtures.ts';

/**
 * Nothing is wider than the screen. The header collapses to its menu button where its content
 * would not fit (app/styles/app.css: the US and Canada navigation below 1200 px, the International one
 * below 480 px); the homes and a few templates are checked at the widths visitors use.
 */
const WIDTHS = [320, 390, 768, 1024, 1180, 1280];
const PAGES = ['/', '/home-ca', '/home-int', '/agrotain', '/agrotain-ca', '/about', '/knowledge-center', '/find-a-rep', '/product-labels'];

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no page scrolls sideways and the header fits its bar', async ({ page }) => {
      for (const path of PAGES) {
        await page.goto(path);
        const sizes = await page.evaluate(() => {
          const bar = document.querySelector('.site-header__bar')!;
          const logo = document.querySelector('.site-header__logo svg')!.getBoundingClientRect();
          return {
            page: document.documentElement.scrollWidth,
            inner: window.innerWidth,
            bar: bar.scrollWidth,
            barBox: bar.clientWidth,
            logo: [logo.width, logo.height],
          };
        });
        expect(sizes.page, `${path} page`).toBeLessThanOrEqual(sizes.inner);
        // the logo keeps its designed size however crowded the bar (it used to shrink to 126 px at 1180, 36 px at 320)
        expect(sizes.logo, `${path} logo`).toEqual([176, 32]);
        // the header's content stays inside its bar (and so inside the container's padding) too
        expect(sizes.bar, `${path} header`).toBeLessThanOrEqual(sizes.barBox);
        // the region select is reachable: in the bar, or behind the menu button
        const menu = page.getByRole('button', { name: 'Open menu' });
        const region = page.getByRole('navigation', { name: 'Main' }).getByLabel('Region');
        if (await menu.isVisible()) await expect(region).toBeHidden();
        else {
          await expect(region).toBeInViewport({ ratio: 1 });
          await expect(page.getByRole('link', { name: 'Contact', exact: true })).toBeInViewport({ ratio: 1 });
        }
      }
    });
  });
}

for (const width of [320, 390]) {
  test.describe(`the International header at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('collapses Contact and the region behind the menu button, which opens and closes them', async ({ page }) => {
      await page.goto('/home-int');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Contact' })).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(nav.getByRole('link', { name: 'Contact' })).toBeInViewport({ ratio: 1 });
      await expect(nav.getByLabel('Region')).toHaveValue('4');
      await page.keyboard.press('Escape');
      await expect(nav.getByRole('link', { name: 'Contact' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    });
  });
}

test.describe('the International header at 768 px', () => {
  test.use({ viewport: { width: 768, height: 800 } });

  test('shows Contact and the region in the bar, without a menu button', async ({ page }) => {
    await page.goto('/home-int');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toBeVisible();
  });
});
