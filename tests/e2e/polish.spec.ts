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
        return { scroll: box.scrollWidth, client: box.clientWidth, page: document.documentElement.scrollWidth, viewport: window.innerWidth };
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
        const labels = await row.getByRole('cell').first().evaluate((el) => getComputedStyle(el, '::before').content);
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
      await expect(page.getByRole('main')).toContainText('We searched the titles, summaries and full text of the podcasts for \u201cquasar\u201d.');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Search all resources' }).click();
      await expect(page).toHaveURL(/\/knowledge-center\?q=quasar$/);
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/knowledge-center$/);
      await expect(cards(page)).toHaveCount(9);
    });
  });
}
