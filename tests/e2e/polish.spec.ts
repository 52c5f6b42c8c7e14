import { expect, test, type Page } from './fixtures.ts';
import { axeViolations } from './axe.ts';

/** Issue 14 (Polish): the behaviour items, each at a phone and a desktop width. */
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

const cards = (page: Page) => page.getByRole('main').locator('.resource-grid > li');

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('the guaranteed analysis shows every number without sideways scrolling', async ({ page }) => {
      await page.goto('/wolf-trax');
      const table = page.getByRole('table', { name: 'WOLF TRAX guaranteed analysis by product' });
      await table.scrollIntoViewIfNeeded();
      const row = table.getByRole('row', { name: /WOLF TRAX Zinc DDP/ });
      await expect(row).toBeVisible();
      // nothing in the table is wider than its box, so nothing is cut off or needs a scroll
      const overflow = await table.evaluate((el) => {
        const box = el.parentElement!;
        return {
          scroll: box.scrollWidth,
          client: box.clientWidth,
          page: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
        };
      });
      expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
      expect(overflow.page).toBeLessThanOrEqual(overflow.viewport);
      for (const cell of await table.getByRole('cell').all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      await expect(table.getByRole('cell', { name: /%/ }).first()).toBeInViewport();
      if (name === 'phone') {
        // stacked: the column names are shown beside each value
        const labels = await row
          .getByRole('cell')
          .first()
          .evaluate((el) => getComputedStyle(el, '::before').content);
        expect(labels).toBe('"Nutrient"');
      }
      expect(await axeViolations(page)).toEqual([]);
    });

    test('the knowledge center has one filter state: the type select and the category links agree', async ({ page }) => {
      await page.goto('/knowledge-center');
      const categories = page.getByRole('navigation', { name: 'Categories' });
      await expect(categories.getByRole('link', { name: 'All resources' })).toHaveAttribute('aria-current', 'page');
      await page.getByLabel('Resource type').selectOption({ label: 'Podcasts' });
      await expect(page).toHaveURL(/\/knowledge-center\/category\/38$/);
      await expect(categories.getByRole('link', { name: 'Podcasts' })).toHaveAttribute('aria-current', 'page');
      await expect(categories.getByRole('link', { name: 'All resources' })).not.toHaveAttribute('aria-current', 'page');
      await expect(page.getByLabel('Resource type')).toHaveValue('38');
      for (const badge of await cards(page).locator('.badge').allTextContents()) expect(badge).toBe('Podcast');

      // a search keeps the category, and the category links keep the search
      await page.getByRole('searchbox', { name: 'Search' }).fill('nitrogen');
      await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
      await expect(page).toHaveURL(/\/knowledge-center\/category\/38\?q=nitrogen$/);
      await categories.getByRole('link', { name: 'Research and Reports' }).click();
      await expect(page).toHaveURL(/\/knowledge-center\/category\/40\?q=nitrogen$/);
      await expect(page.getByLabel('Resource type')).toHaveValue('40');
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('nitrogen');
    });

    test('the knowledge search reads the full text, and its placeholder suggests words that find something', async ({ page }) => {
      await page.goto('/knowledge-center');
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('nitrogen');
      await search.press('Enter');
      await expect(page).toHaveURL(/\?q=nitrogen$/);
      // the urea article says nitrogen only in its body text
      await expect(cards(page).getByRole('link', { name: 'How to Keep Surface-Applied Urea in the Field' })).toBeVisible();
      expect(await cards(page).count()).toBeGreaterThan(2);

      const placeholder = (await search.getAttribute('placeholder'))!;
      const words = placeholder.replace(/^Try /, '').split(/, | or /);
      expect(words).toHaveLength(3);
      for (const word of words) {
        await page.goto(`/knowledge-center?q=${encodeURIComponent(word)}`);
        expect(await cards(page).count(), word).toBeGreaterThan(0);
      }
    });

    test('an empty knowledge search says what was searched and offers to clear the filters', async ({ page }) => {
      await page.goto('/knowledge-center/category/38?q=quasar');
      await expect(page.getByRole('status')).toHaveText('No podcasts match \u201cquasar\u201d.');
      await expect(page.getByRole('heading', { level: 2, name: 'Nothing found for \u201cquasar\u201d' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(
        'We searched the titles, summaries and full text of the podcasts for \u201cquasar\u201d.',
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Search all resources' }).click();
      await expect(page).toHaveURL(/\/knowledge-center\?q=quasar$/);
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/knowledge-center$/);
      await expect(cards(page)).toHaveCount(9);
    });
  });
}

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

for (const { name, viewport } of WIDTHS) {
  test.describe(`product labels at ${name} width`, () => {
    test.use({ viewport });

    test('the Product choice follows the Region choice, and a product the region lacks is dropped with a note', async ({ page }) => {
      await page.goto('/product-labels');
      const filters = page.getByRole('form', { name: 'Filter labels and SDSs' });
      const product = filters.getByLabel('Product');
      await expect(product.getByRole('option', { name: 'OPTRIENT' })).toHaveCount(1);
      await filters.getByLabel('Region').selectOption({ label: 'Canada' });
      await expect(page).toHaveURL(/\?region=3$/);
      await expect(product.getByRole('option', { name: 'OPTRIENT' })).toHaveCount(0);
      await expect(product.getByRole('option', { name: 'TRIBUNE' })).toHaveCount(1);
      // every product offered has documents in the region
      const offered = (await product.getByRole('option').allTextContents()).filter((l) => l !== 'All products');
      expect(offered.length).toBeGreaterThan(3);
      for (const label of [offered[0]!, offered.at(-1)!]) {
        await page.goto(`/product-labels?region=3`);
        await filters.getByLabel('Product').selectOption({ label });
        await expect(page.getByRole('status')).toHaveText(/^Showing \d+ documents? for 1 product\.$/);
      }
      // an older link that pairs Canada with a US-only product shows Canada and says why
      await page.goto('/product-labels?region=3&product=optrient');
      await expect(page.getByRole('status')).toHaveText(
        /^OPTRIENT has no documents for Canada\. Showing \d+ documents for \d+ products\.$/,
      );
      await expect(filters.getByLabel('Product')).toHaveValue('');
    });

    test('label and SDS links say they open a PDF in a new tab, and do', async ({ page }) => {
      await page.goto('/product-labels?product=anvol');
      const links = page.getByRole('main').getByRole('link', { name: /ANVOL\s*, PDF, \d+ KB\s*, opens in a new tab$/ });
      expect(await links.count()).toBeGreaterThan(1);
      for (const link of await links.all()) await expect(link).toHaveAttribute('target', '_blank');
      const tab = page.context().waitForEvent('page');
      await links.first().click();
      expect((await tab).url()).toMatch(/\/doccenter\/[0-9a-f-]{36}$/);
      await expect(page).toHaveURL(/\/product-labels\?product=anvol$/);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

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

/** The country the phone prefix starts at (the masked field, loaded when the visitor starts on the form). */
async function phoneCountry(page: Page) {
  await page.getByLabel('Name').focus();
  const select = page.getByLabel('Country calling code');
  await expect(select).toBeAttached();
  return select;
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`contact phone prefix at ${name} width`, () => {
    test.use({ viewport });

    test('starts at Canada on the Canadian contact pages and at the US elsewhere', async ({ page }) => {
      for (const path of ['/contact-ca', '/can/contact-us']) {
        await page.goto(path);
        await expect(await phoneCountry(page)).toHaveValue('ca');
        await expect(page.getByText('CA +1', { exact: true })).toBeVisible();
        await page.getByLabel('Phone').pressSequentially('4165550199');
        await expect(page.getByLabel('Phone')).toHaveValue('(416) 555-0199');
      }
      await page.goto('/contact');
      await expect(await phoneCountry(page)).toHaveValue('us');
      await expect(page.getByText('US +1', { exact: true })).toBeVisible();
    });

    test('without JavaScript the Canadian form has a plain phone field and sends the number as typed', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport, baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      await page.goto('/contact-ca');
      await expect(page.getByLabel('Country calling code')).toHaveCount(0);
      await expect(page.getByLabel('Phone')).toHaveAttribute('type', 'tel');
      await expect(page.getByLabel('Region')).toHaveValue('Canada');
      await page.getByLabel('Name').fill('Chantal Phone');
      await page.getByLabel('Phone').fill('416 555 0199');
      await page.getByLabel('Email').fill('chantal@example.ca');
      await page.getByLabel('Province').selectOption('Ontario');
      await page.getByLabel('Role').selectOption('Grower');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
      await context.close();
    });
  });
}

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
