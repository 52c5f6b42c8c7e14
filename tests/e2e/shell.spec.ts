import { expect, test } from './fixtures.ts';
import { WIDTHS } from './widths.ts';

test.describe('region selector', () => {
  test('saves the region in local storage and goes to that region home', async ({ page }) => {
    await page.goto('/about');
    await page.getByLabel('Region').selectOption({ label: 'CA' });
    await expect(page).toHaveURL(/\/home-ca$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('region'))).toBe('3');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Retailers & Reps' })).toHaveAttribute(
      'href',
      '/find-a-rep-ca',
    );

    await page.getByLabel('Region').selectOption({ label: 'US' });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Retailers & Reps' })).toHaveAttribute(
      'href',
      '/find-a-rep',
    );
    // stays US once the new home has rendered (no stale write of the previous route's region)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('region'))).toBe('2');
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain('region=2');
    // a region-neutral page afterwards still follows the US choice
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Retailers & Reps' })).toHaveAttribute(
      'href',
      '/find-a-rep',
    );
    await expect.poll(() => page.evaluate(() => localStorage.getItem('region'))).toBe('2');
  });

  test('a region-neutral page is rendered on the server for the stored region', async ({ page }) => {
    await page.goto('/home-ca');
    const response = await page.request.get('/about', { headers: { cookie: 'region=3' } });
    const html = await response.text();
    expect(html).toContain('href="/find-a-rep-ca"');
  });
});

test('the International bar is reduced to logo, Contact and the region selector', async ({ page }) => {
  await page.goto('/home-int');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(nav.getByLabel('Region')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Solutions' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /home/ }).first()).toHaveAttribute('href', '/home-int');
});

test('the footer is hidden on /reps-retailers and /product-selector and shown elsewhere', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByText(/up to 40% of surface-applied urea can be lost through volatilization/i)).toBeVisible();
  for (const path of ['/reps-retailers', '/product-selector']) {
    await page.goto(path);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  }
});

test('a stored redirect answers 301 and is followed', async ({ page, request }) => {
  const res = await request.get('/nitrogen-101?utm_source=test', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers()['location']).toBe('/knowledge-center?utm_source=test');
  await page.goto('/nitrogen-101');
  await expect(page).toHaveURL(/\/knowledge-center$/);
});

test('an unknown path shows Page Not Found with status 404', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#content$/);
  await expect(page.locator('main#content')).toBeFocused();
});

test.describe('phone viewport', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens, reaches the mega menu and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeHidden();
    await toggle.click();
    await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeVisible();
    await nav.getByRole('button', { name: 'Solutions' }).click();
    await expect(page.getByRole('heading', { name: 'Nutrient Protection' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test('the mega menu lists the region products and closes with Escape', async ({ page }) => {
  await page.goto('/home-ca');
  await page.getByRole('button', { name: 'Solutions' }).click();
  const menu = page.getByRole('navigation', { name: 'Solutions' });
  await expect(menu.getByRole('link', { name: /ROCKET SEEDS/ })).toBeVisible();
  await expect(menu.getByRole('link', { name: /OPTRIENT/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Solutions' })).toBeFocused();
});

test('the header hides on scroll down, returns on scroll up, docks at the top; menus lock scrolling and reset on navigation', async ({
  page,
}) => {
  await page.goto('/about');
  const header = page.locator('header.site-header');
  await expect(header).toHaveClass(/is-docked/);
  await page.mouse.wheel(0, 900);
  await expect(header).toHaveClass(/is-hidden/);
  await expect(header).toHaveClass(/is-undocked/);
  await page.waitForTimeout(100); // past the 66 ms direction reset
  await page.mouse.wheel(0, -300);
  await expect(header).not.toHaveClass(/is-hidden/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveClass(/is-docked/);

  await page.getByRole('button', { name: 'Solutions' }).click();
  await expect(page.locator('html')).toHaveClass(/scroll-locked/);
  await page
    .getByRole('navigation', { name: 'Solutions' })
    .getByRole('link', { name: /AGROTAIN/ })
    .click();
  await expect(page).toHaveURL(/\/agrotain$/);
  await expect(page.getByRole('navigation', { name: 'Solutions' })).toBeHidden();
  await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
});

test('the brand notice can be dismissed and stays dismissed', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Announcement' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
});

for (const { name, viewport } of WIDTHS) {
  test.describe(`menus and notice at ${name} width`, () => {
    test.use({ viewport });

    test('a dismissed notice is left out by the server on the next pages, cached or not', async ({ page, browser }) => {
      await page.goto('/agrotain');
      const notice = page.getByRole('region', { name: 'Announcement' });
      await expect(notice).toBeVisible();
      await notice.getByRole('button', { name: 'Dismiss announcement' }).click();
      await expect(notice).toHaveCount(0);
      expect((await page.context().cookies()).find((c) => c.name === 'notice-dismissed')?.value).toMatch(/^[\w.-]+$/);
      for (const path of ['/agrotain', '/agrotain', '/about', '/find-a-rep']) {
        const response = await page.goto(path);
        expect(await response!.text(), path).not.toContain('class="notice-bar"');
        await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
      }
      // someone who has not dismissed it still gets it, from the same cache
      const other = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
      const fresh = await other.newPage();
      const response = await fresh.goto('/agrotain');
      expect(await response!.text()).toContain('class="notice-bar"');
      await other.close();
    });

    test('the notice is one line with its close button beside it', async ({ page }) => {
      await page.goto('/');
      const notice = page.getByRole('region', { name: 'Announcement' });
      const close = notice.getByRole('button', { name: 'Dismiss announcement' });
      await expect(close).toBeVisible();
      const bar = (await notice.boundingBox())!;
      expect(bar.height).toBeLessThanOrEqual(52);
      const button = (await close.boundingBox())!;
      expect(button.y).toBeGreaterThanOrEqual(bar.y);
      expect(button.y + button.height).toBeLessThanOrEqual(bar.y + bar.height + 1);
    });
  });
}

// axe on the three homes: public-accessibility.spec.ts runs it on every template page.
