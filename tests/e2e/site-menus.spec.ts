import { expect, test } from './fixtures.ts';
import { axeViolations } from './axe.ts';

test.describe('mega menu at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const path of ['/', '/find-a-rep']) {
    test(`on ${path}: Tab after Enter goes into the panel; a click outside and focus leaving close it`, async ({ page }) => {
      await page.goto(path);
      const toggle = page.getByRole('button', { name: 'Solutions' });
      const menu = page.getByRole('navigation', { name: 'Solutions' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(menu.locator(':focus')).toHaveCount(1);

      // a click outside the panel
      await page.getByRole('heading', { level: 1 }).click({ force: true });
      await expect(menu).toBeHidden();

      // focus leaving the panel (Shift+Tab back past the toggle, or Tab beyond its last link)
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: 'Product Selector' }).focus();
      await page.keyboard.press('Tab');
      await expect(menu).toBeHidden();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('mobile menu at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/find-a-rep']) {
    test(`on ${path}: focus stays inside while open, Escape closes it and focus returns to the toggle`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeVisible();
      const toggle = page.getByRole('button', { name: 'Close menu' });
      // Tab many times: focus never leaves the menu and its toggle
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press('Tab');
        const inside = await page.evaluate(() => {
          const a = document.activeElement;
          return Boolean(a && (a.closest('.site-nav') || a.closest('.site-header__toggle')));
        });
        expect(inside, `Tab ${i + 1}`).toBe(true);
      }
      await toggle.focus();
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.site-nav')))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    });
  }
});

test.describe('Solutions menu at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/find-a-rep']) {
    test(`on ${path}: the panel fills the screen, keeps focus inside; Back and Escape return to the menu, Close closes all`, async ({
      page,
    }) => {
      await page.goto(path);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: 'Solutions' }).click();
      const panel = page.getByRole('navigation', { name: 'Solutions' });
      await expect(panel.getByRole('heading', { name: 'Nutrient Protection' })).toBeVisible();
      // the panel covers the width of the screen and nothing scrolls sideways
      const box = (await panel.boundingBox())!;
      expect(box.x).toBe(0);
      expect(box.width).toBe(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect(panel.getByRole('link', { name: /AGROTAIN/ })).toBeInViewport();
      expect(await axeViolations(page)).toEqual([]);

      // Tab many times: focus stays in the panel and the menu button
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('.mega-menu, .site-nav, .site-header__toggle')));
        expect(inside, `Tab ${i + 1}`).toBe(true);
      }

      await panel.getByRole('button', { name: 'Back' }).click();
      await expect(panel).toBeHidden();
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeVisible();

      await nav.getByRole('button', { name: 'Solutions' }).click();
      await panel.getByRole('button', { name: /^Close/ }).click();
      await expect(panel).toBeHidden();
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await nav.getByRole('button', { name: 'Solutions' }).click();
      await expect(panel).toBeVisible();
      // Escape goes up one level: the panel closes to the menu, focus on Solutions; again, and the menu closes
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Solutions' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    });
  }
});

test.describe('Solutions menu at desktop width: what the mobile menu test checks, where it applies', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const path of ['/', '/find-a-rep']) {
    test(`on ${path}: there is no menu button; Escape and Close close the panel and return focus to Solutions`, async ({ page }) => {
      await page.goto(path);
      // the whole navigation is in the bar: no menu button to trap focus in
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
      const toggle = page.getByRole('button', { name: 'Solutions' });
      const panel = page.getByRole('navigation', { name: 'Solutions' });
      await toggle.click();
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Back' })).toBeHidden();
      await panel.getByRole('link', { name: /AGROTAIN/ }).focus();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.click();
      await panel.getByRole('button', { name: /^Close/ }).click();
      await expect(panel).toBeHidden();
      await expect(toggle).toBeFocused();
    });
  }
});

test.describe('Solutions menu at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const path of ['/', '/home-ca']) {
    test(`on ${path}: the title shares its row with Close, every product shows its group's icon, the Product Selector sits in the shortest column`, async ({
      page,
    }) => {
      await page.goto(path);
      await page.getByRole('button', { name: 'Solutions' }).click();
      const menu = page.getByRole('navigation', { name: 'Solutions' });
      await expect(menu).toBeVisible();
      const title = (await menu.getByRole('heading', { level: 2, name: 'Solutions' }).boundingBox())!;
      const close = (await menu.getByRole('button', { name: 'Close solutions menu' }).boundingBox())!;
      const panel = (await menu.boundingBox())!;
      // no empty band: the title is at the top of the panel, level with Close
      expect(Math.abs(title.y + title.height / 2 - (close.y + close.height / 2))).toBeLessThan(4);
      expect(close.y - panel.y).toBeLessThan(40);

      const groups = menu.locator('.mega-menu__group');
      await expect(groups).toHaveCount(3);
      for (const group of await groups.all()) {
        const heading = (await group.getByRole('heading', { level: 3 }).textContent())!;
        const links = group.getByRole('link');
        expect(await links.count()).toBeGreaterThan(0);
        for (const link of await links.all()) {
          await expect(link.locator('svg[data-group-icon]')).toHaveAttribute('data-group-icon', heading);
          await expect(link.locator('svg[data-group-icon]')).toHaveAttribute('aria-hidden', 'true');
          await expect(link.locator('.mega-menu__tagline')).not.toBeEmpty();
        }
      }
      // three different icons, one per group
      const icons = await groups.evaluateAll((els) => els.map((g) => g.querySelector('svg')!.innerHTML));
      expect(new Set(icons).size).toBe(3);

      // the Product Selector sits under Seed Enhancement, the column with the fewest products
      const seed = (await groups.last().boundingBox())!;
      const protection = (await groups.nth(1).boundingBox())!;
      const selector = (await menu.locator('.mega-menu__selector').boundingBox())!;
      expect(Math.abs(selector.x - seed.x)).toBeLessThan(2);
      expect(selector.y).toBeGreaterThan(seed.y + seed.height - 1);
      expect(selector.y - (seed.y + seed.height)).toBeLessThan(40);
      expect(selector.y).toBeLessThan(protection.y + protection.height);
      await expect(menu.getByRole('link', { name: 'Product Selector' })).toHaveAttribute('href', '/product-selector');
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
