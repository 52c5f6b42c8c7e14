import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { WIDTHS } from './widths.ts';

test.describe('product pages', () => {
  test('a US product page shows its content, labels and the hreflang twin, and sets the US region', async ({ page }) => {
    await page.goto('/agrotain');
    await expect(page.getByRole('heading', { level: 1, name: 'AGROTAIN' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Keeps surface-applied urea nitrogen in the field.')).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="en-CA"]')).toHaveAttribute('href', /\/agrotain-ca$/);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/agrotain$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Nutrient Protection');
    await expect(page.getByRole('link', { name: 'Product Label (PDF)' })).toHaveAttribute('href', /^\/doccenter\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Related reading' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('region'))).toBe('2');
    const solutions = page.getByRole('contentinfo').getByRole('heading', { name: 'Solutions' }).locator('..');
    await expect(solutions.getByRole('link', { name: 'OPTRIENT' })).toBeVisible();
  });

  test('a Canada product page shows the analysis table and Canadian links, and sets the Canada region', async ({ page }) => {
    await page.goto('/wolf-trax-ca');
    await expect(page.getByRole('heading', { level: 1, name: 'WOLF TRAX' })).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute('href', /\/wolf-trax$/);
    await expect(page.locator('link[rel="alternate"][hreflang="en-CA"]')).toHaveAttribute('href', /\/wolf-trax-ca$/);
    const table = page.getByRole('table', { name: 'WOLF TRAX guaranteed analysis by product' });
    await expect(table.getByRole('row', { name: /WOLF TRAX Copper DDP Copper \(Cu\) 56\.5/ })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(8);
    await expect(page.getByRole('link', { name: 'Find a Rep' }).first()).toHaveAttribute('href', '/find-a-rep-ca');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('region'))).toBe('3');
    await page.getByRole('button', { name: 'Solutions' }).click();
    await expect(page.getByRole('link', { name: /TRIBUNE/ }).first()).toBeVisible();
  });
});

test('the labels page filters by region and product and opens a PDF from the document center', async ({ page }) => {
  await page.goto('/product-labels');
  const filters = page.getByRole('form', { name: 'Filter labels and SDSs' });
  await expect(page.getByRole('status')).toHaveText('Showing 46 documents for 23 products.');
  await expect(page.getByRole('heading', { name: 'OPTRIENT' })).toBeVisible();

  // keyboard: the list updates in place and focus stays on the select
  await filters.getByLabel('Region').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/product-labels\?region=2$/);
  await expect(filters.getByLabel('Region')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/product-labels\?region=3$/);
  await expect(page.getByRole('heading', { name: 'OPTRIENT' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'TRIBUNE' })).toBeVisible();
  await expect(filters.getByLabel('Region')).toBeFocused();

  await filters.getByLabel('Product').selectOption({ label: 'ANVOL' });
  await expect(page).toHaveURL(/region=3&product=anvol$/);
  await expect(page.getByRole('status')).toHaveText('Showing 2 documents for 1 product.');

  // the PDF opens in a new tab, and its link says so
  const link = page.getByRole('link', { name: /^Label for ANVOL\s*, PDF, \d+ KB\s*, opens in a new tab$/ });
  await expect(link).toHaveAttribute('target', '_blank');
  const tab = page.context().waitForEvent('page');
  const pdf = page.context().waitForEvent('response', (r) => r.url().includes('/doccenter/'));
  await link.click();
  expect(await tab).not.toBe(page);
  const res = await pdf;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toContain('inline; filename="anvol-label.pdf"');
  const body = await page.request.get(res.url());
  expect((await body.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/product-labels?region=3&product=anvol');
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page.getByRole('status')).toHaveText('Showing 46 documents for 23 products.');
  await expect(filters.getByLabel('Region')).toHaveValue('');
});

test('a campaign page renders its stored content and links to the products it names', async ({ page }) => {
  await page.goto('/clear-choice');
  await expect(page.getByRole('heading', { level: 1, name: 'The clear choice for protecting nitrogen' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Up to 40% of surface-applied urea can be lost through volatilization.')).toBeVisible();
  const products = page.getByRole('region', { name: 'Nitrogen protection products' });
  await expect(products.getByRole('article')).toHaveCount(4);
  await products.getByRole('link', { name: 'Product Details: ANVOL' }).click();
  await expect(page).toHaveURL(/\/anvol$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ANVOL' })).toBeVisible();
});

test.describe('phone viewport', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('product, home and labels pages fit the screen without sideways scrolling', async ({ page }) => {
    for (const path of ['/', '/wolf-trax', '/agrotain-ca', '/product-labels', '/balanced-nutrition']) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
    }
  });
});

// axe on /, /agrotain, /clear-choice, /about and /product-labels: public-accessibility.spec.ts runs it on every template page.

test('a product lays out 1 to 8 benefits without one alone on a last row, at phone, tablet and desktop widths', async ({ page }) => {
  await page.goto('/agrotain');
  const stylesheets = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  for (const width of [390, 800, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (let n = 1; n <= 8; n++) {
      const items = Array.from(
        { length: n },
        (_, i) => `<li class="benefit"><h3 class="benefit__title">Benefit ${i + 1}</h3><p>Text.</p></li>`,
      );
      await page.setContent(
        `<!doctype html><html><head>${stylesheets.map((h) => `<link rel="stylesheet" href="${h}">`).join('')}</head>` +
          `<body><div class="container"><ul class="benefits" data-count="${n}">${items.join('')}</ul></div></body></html>`,
      );
      const boxes = await page
        .locator('.benefit')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), width: r.width })));
      const listWidth = await page.locator('.benefits').evaluate((e) => e.getBoundingClientRect().width);
      const rows = [...new Set(boxes.map((b) => b.top))].map((top) => boxes.filter((b) => b.top === top));
      const last = rows[rows.length - 1]!;
      // one card on its own below fuller rows, not stretched across the row: an orphan
      const alone = rows.length > 1 && last.length === 1 && rows.some((r) => r.length > 1) && last[0]!.width < listWidth * 0.9;
      expect(alone, `${n} benefits at ${width} px: rows of ${rows.map((r) => r.length).join(' + ')}`).toBe(false);
      // nothing is wider than the screen
      const right = await page.locator('.benefit').evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
      expect(right, `${n} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});

async function boxes(locator: Locator) {
  return Promise.all((await locator.all()).map(async (l) => (await l.boundingBox())!));
}

/** Boxes grouped into visual rows (same top edge). */
function rows<T extends { y: number }>(list: T[]): T[][] {
  const byTop = new Map<number, T[]>();
  for (const b of list) {
    const key = [...byTop.keys()].find((k) => Math.abs(k - b.y) < 2) ?? b.y;
    byTop.set(key, [...(byTop.get(key) ?? []), b]);
  }
  return [...byTop.values()];
}

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

    test('product cards fill whole rows and centre the last one', async ({ page }) => {
      await page.goto('/');
      const grid = page.locator('.product-grid').first();
      const area = (await grid.boundingBox())!;
      const cards = await boxes(grid.locator(':scope > li'));
      expect(cards).toHaveLength(7);
      const lines = rows(cards);
      const perRow = lines.map((r) => r.length);
      // one per row on phones; four and three on desktops
      expect(perRow).toEqual(name === 'phone' ? [1, 1, 1, 1, 1, 1, 1] : [4, 3]);
      for (const line of lines) {
        const left = Math.min(...line.map((b) => b.x)) - area.x;
        const right = area.x + area.width - Math.max(...line.map((b) => b.x + b.width));
        expect(Math.abs(left - right)).toBeLessThan(2);
        // every card as wide as the others
        for (const b of line) expect(Math.abs(b.width - cards[0]!.width)).toBeLessThan(2);
      }
    });

    test('related reading fills its row with its three cards', async ({ page }) => {
      await page.goto('/agrotain');
      const grid = page.locator('.related-grid');
      await grid.scrollIntoViewIfNeeded();
      const area = (await grid.boundingBox())!;
      const cards = await boxes(grid.locator(':scope > li'));
      expect(cards).toHaveLength(3);
      const right = Math.max(...cards.map((b) => b.x + b.width));
      expect(area.x + area.width - right).toBeLessThan(2);
      if (name === 'desktop') expect(rows(cards)).toHaveLength(1);
    });

    test('label cards line up their documents and "Product details" links across each row', async ({ page }) => {
      await page.goto('/product-labels');
      const cards = page.locator('.label-group');
      await expect(cards).toHaveCount(23);
      const lines = rows(await boxes(cards));
      expect(lines.length).toBe(name === 'phone' ? 23 : 8);
      const details = await boxes(page.locator('.label-group__page a'));
      const docs = await boxes(page.locator('.label-group__docs > li:first-child'));
      const heads = await boxes(page.locator('.label-group__head'));
      for (const group of [details, docs]) {
        // each card's link sits on its card's row line: as many distinct tops as rows of cards
        expect(rows(group).length, 'rows of links').toBe(lines.length);
      }
      // the regions sit under the name in every card
      for (const head of await page.locator('.label-group__head').all()) {
        const [nameBox, regionsBox] = [await head.locator('h2').boundingBox(), await head.locator('.label-group__regions').boundingBox()];
        expect(regionsBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height - 1);
      }
      expect(heads).toHaveLength(23);
    });
  });

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
      // the new tab asks for the document (Chromium's headless shell has no PDF viewer: it downloads it, and
      // the tab's address stays blank, so the tab's own request is what shows where it went)
      const asked = page.context().waitForEvent('request', (r) => /\/doccenter\//.test(r.url()));
      await links.first().click();
      const [popup, request] = await Promise.all([tab, asked]);
      expect(request.url()).toMatch(/\/doccenter\/[0-9a-f-]{36}$/);
      expect(request.frame().page()).toBe(popup);
      await expect(page).toHaveURL(/\/product-labels\?product=anvol$/);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
