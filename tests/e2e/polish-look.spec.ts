import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { axeViolations } from './axe.ts';

/** Issue 14 (Polish), the look items: one select, grids that fit, the Solutions menu, the press band. */
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

/** What makes a select look like the others: its box, its chevron and its text. */
async function selectLook(select: Locator) {
  return select.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      appearance: s.appearance,
      chevron: s.backgroundImage,
      chevronAt: `${s.backgroundPositionX} ${s.backgroundPositionY} / ${s.backgroundSize}`,
      background: s.backgroundColor,
      border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
      radius: s.borderTopLeftRadius,
      font: `${s.fontFamily} ${s.fontSize} ${s.color}`,
      paddingLeft: s.paddingLeft,
    };
  });
}

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

    test('every select has one look: the same box and chevron on the contact form, the finder, the filters and the header', async ({
      page,
    }) => {
      const looks: { where: string; look: Awaited<ReturnType<typeof selectLook>> }[] = [];
      const visit = async (path: string, selects: (page: Page) => Locator[]) => {
        await page.goto(path);
        for (const s of selects(page)) looks.push({ where: `${path} ${await s.evaluate((el) => el.id)}`, look: await selectLook(s) });
      };
      await visit('/contact', (p) => [p.getByLabel('Region'), p.getByLabel('State'), p.getByLabel('Role')]);
      await visit('/find-a-rep', (p) => [p.getByLabel('Country')]);
      await visit('/knowledge-center', (p) => [p.getByLabel('Resource type')]);
      await visit('/product-labels', (p) => [p.getByRole('main').getByLabel('Region'), p.getByRole('main').getByLabel('Product')]);
      if (name === 'desktop') await visit('/about', (p) => [p.getByRole('banner').getByLabel('Region')]);
      const first = looks[0]!.look;
      expect(first.appearance).toBe('none');
      expect(first.chevron).toMatch(/^url\("data:image\/svg\+xml/);
      for (const { where, look } of looks) expect(look, where).toEqual(first);

      // the phone field's country code is drawn as the same control: its edge and its chevron
      await page.goto('/contact');
      // the country code arrives with the phone mask, when the visitor starts on the form
      await page.getByLabel('Name').focus();
      const code = page.locator('.phone-field__country-code');
      await expect(code).toBeVisible();
      const codeLook = await code.evaluate((el) => {
        const s = getComputedStyle(el);
        return { border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`, background: s.backgroundColor };
      });
      expect(codeLook).toEqual({ border: first.border, background: first.background });
      expect(await page.locator('.phone-field__chevron').evaluate((el) => getComputedStyle(el).backgroundImage)).toBe(first.chevron);

      // still the native control: named by its label, chosen from the keyboard
      const region = page.getByLabel('Region');
      await region.focus();
      await region.selectOption('Canada');
      await expect(page.getByLabel('Province')).toBeVisible();
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
}

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

test('the press pages keep their Find a Rep band apart from the navy footer', async ({ page }) => {
  for (const path of ['/press-releases', '/press-releases/new-agronomy-centre-in-iowa']) {
    await page.goto(path);
    const band = page.locator('.find-rep-banner');
    await expect(band).toBeVisible();
    const [bandColour, footerColour] = await band.evaluate((el) => [
      getComputedStyle(el).backgroundColor,
      getComputedStyle(el.closest('footer')!).backgroundColor,
    ]);
    expect(bandColour, path).not.toBe(footerColour);
    expect(await axeViolations(page)).toEqual([]);
  }
  // elsewhere the band keeps its page's theme colour (the nitrogen family's blue on AGROTAIN)
  await page.goto('/agrotain');
  expect(await page.locator('.find-rep-banner').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(20, 64, 107)');
});
