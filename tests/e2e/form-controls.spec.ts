import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { WIDTHS } from './widths.ts';

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
  });
}
