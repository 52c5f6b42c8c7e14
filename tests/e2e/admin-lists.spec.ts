import { expect, test, type Page } from './fixtures.ts';
import { axeViolations, signInQuickly } from './admin-helpers.ts';

/**
 * Every admin list at a phone width and three desktop widths: no row control is clipped or
 * runs out of the screen, the table never needs a sideways scroll, a row's actions sit in one row at
 * desktop widths and each row is a card below 900 px; axe finds nothing.
 */

/** the search that finds the leads with a long unbroken name (each worker sends one in beforeAll) */
const LONG_NAME_TOKEN = 'Widthcheck';

const LISTS = [
  { path: '/siteadmin/knowledge-center', heading: 'Knowledge Center' },
  { path: '/siteadmin/press-releases', heading: 'Press Releases' },
  { path: '/siteadmin/product-labels', heading: 'Product Labels/SDSs' },
  { path: '/siteadmin/document-library', heading: 'Document Library' },
  { path: '/siteadmin/reps-retailers', heading: 'Reps & Retailers' },
  { path: '/siteadmin/reps-retailers?tab=retailers', heading: 'Reps & Retailers' },
  { path: '/siteadmin/products', heading: 'Products' },
  { path: '/siteadmin/pages', heading: 'Pages' },
  { path: '/siteadmin/forms', heading: 'Forms' },
  // the worst case a visitor can type: a name with a long unbroken word (sent in beforeAll), first in its list
  { path: `/siteadmin/forms?q=${LONG_NAME_TOKEN}`, heading: 'Forms' },
  { path: '/siteadmin/redirects', heading: 'Redirects' },
  { path: '/siteadmin/redirects/not-found', heading: 'Not Found Log' },
  { path: '/siteadmin/users', heading: 'Users' },
] as const;

const WIDTHS = [390, 1280, 1440, 1920] as const;

interface Measure {
  /** the page scrolls sideways */
  pageOverflow: number;
  /** a table wrapper scrolls sideways */
  tableOverflow: number;
  /** controls in the tables that are cut off or outside the screen */
  clipped: string[];
  /** rows whose actions are on more than one line */
  wrapped: string[];
  /** how the body rows are laid out: table-row, or block (cards) */
  rowDisplays: string[];
  rows: number;
}

/** Measures the tables of the list on screen (in the page: a layout check reads boxes, not roles). */
function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const docEl = document.documentElement;
    const viewport = docEl.clientWidth;
    const name = (el: Element) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
    const out: Measure = {
      pageOverflow: Math.max(0, docEl.scrollWidth - viewport),
      tableOverflow: 0,
      clipped: [],
      wrapped: [],
      rowDisplays: [],
      rows: 0,
    };
    for (const wrap of document.querySelectorAll<HTMLElement>('main .table-wrap')) {
      out.tableOverflow = Math.max(out.tableOverflow, wrap.scrollWidth - wrap.clientWidth);
      const box = wrap.getBoundingClientRect();
      for (const row of wrap.querySelectorAll<HTMLElement>('tbody tr')) {
        out.rows++;
        out.rowDisplays.push(getComputedStyle(row).display);
        const controls = [...row.querySelectorAll<HTMLElement>('a, button')].filter((c) => c.offsetParent !== null);
        for (const c of controls) {
          const r = c.getBoundingClientRect();
          const cut =
            r.left < box.left - 0.5 ||
            r.right > box.right + 0.5 ||
            r.right > viewport + 0.5 ||
            r.left < 0 ||
            c.scrollWidth > c.clientWidth + 1;
          if (cut) out.clipped.push(name(c));
        }
        const actions = [...row.querySelectorAll<HTMLElement>('td:last-child :is(a.button, button.button)')].filter(
          (c) => c.offsetParent !== null,
        );
        const tops = new Set(actions.map((a) => Math.round(a.getBoundingClientRect().top)));
        if (tops.size > 1) out.wrapped.push(row.textContent?.slice(0, 60) ?? '');
      }
    }
    return out;
  });
}

test.describe('admin lists at four widths', () => {
  test.beforeAll(async ({ request }) => {
    // a row for the lists that start empty: a redirect, and a page that does not exist (the Not Found log)
    const login = await request.post('/auth/login', { data: { Username: 'admin@example.com', Password: 'correct-horse-battery-staple' } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    await request.post('/api/admin/redirects/add', {
      data: { fromPath: `/lists-width-check-${Date.now()}`, toPath: '/contact', statusCode: 301, keepQuery: false },
      headers: { authorization: `Bearer ${token}` },
    });
    await request.get(`/no-such-page-for-the-lists-check-${Date.now()}`);
    const lead = await request.post('/api/forms/add', {
      data: {
        name: `${LONG_NAME_TOKEN}${Date.now()}Unbroken ${'Q'.repeat(24)}`,
        email: 'width.check@example.com',
        phone: '51555501001234',
        data: JSON.stringify({ region: 'USA', role: 'Grower', state: 'Iowa', zipcode: '50011' }),
        message: 'A lead whose name has no place to break.',
        reCaptchaToken: '',
      },
    });
    expect(((await lead.json()) as { success: boolean }).success).toBe(true);
  });

  for (const list of LISTS) {
    test(`${list.path}: no row control is clipped at ${WIDTHS.join(', ')} px, cards below 900 px, and axe finds nothing`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signInQuickly(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(list.path);
        await expect(page.getByRole('heading', { level: 1, name: list.heading })).toBeVisible();
        await expect(page.getByRole('table').first()).toBeVisible();
        const m = await measure(page);
        expect(m.pageOverflow, `${list.path} at ${width} px: the page scrolls sideways`).toBe(0);
        expect(m.tableOverflow, `${list.path} at ${width} px: the table scrolls sideways`).toBeLessThanOrEqual(0);
        expect(m.clipped, `${list.path} at ${width} px: clipped controls`).toEqual([]);
        if (width >= 900) {
          expect(m.wrapped, `${list.path} at ${width} px: row actions on more than one line`).toEqual([]);
          expect(new Set(m.rowDisplays), `${list.path} at ${width} px`).toEqual(new Set(m.rows ? ['table-row'] : []));
        } else {
          expect(new Set(m.rowDisplays), `${list.path} at ${width} px: rows are cards`).toEqual(new Set(m.rows ? ['block'] : []));
        }
        if (width === 390 || width === 1280) expect(await axeViolations(page), `${list.path} at ${width} px`).toEqual([]);
      }
    });
  }

  test('the content column uses the width it has: at 1920 px the knowledge list is wider than 1,120 px', async ({ page }) => {
    await signInQuickly(page);
    await page.setViewportSize({ width: 1920, height: 900 });
    await page.goto('/siteadmin/knowledge-center');
    const table = page.getByRole('table', { name: /Knowledge Center/ });
    await expect(table).toBeVisible();
    expect((await table.boundingBox())!.width).toBeGreaterThan(1300);
  });

  test('a row with more than three actions keeps three and starts a More menu at the fourth, keyboard operable', async ({ page }) => {
    await signInQuickly(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    // knowledge items on the site have Edit, View, Pin and Delete
    await page.goto('/siteadmin/knowledge-center?status=1');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: /^View .* \(opens in a new tab\)$/ }) })
      .first();
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^(Pin|Unpin) / })).toBeVisible();
    const more = row.getByRole('button', { name: 'More' });
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await more.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: 'More' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveCount(1);
    await expect(menu.getByRole('menuitem', { name: /^Delete / })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /^Delete / })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    const box = (await menu.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(more).toBeFocused();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    // Enter opens it too; Delete from the menu asks first
    await page.keyboard.press('Enter');
    await menu.getByRole('menuitem', { name: /^Delete / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Knowledge Item' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
