import { TEMPLATE_PAGES } from '#tests/setup/template-pages.ts';
import type { Browser } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { axeViolations } from './axe.ts';

/**
 * Every public template is static (ADR 005): content templates load the site script only; form templates
 * load it and their own module (a React island hydrated without React Router, or a small script).
 */
const FORM_TEMPLATES = new Set(['find a rep', 'reps and retailers', 'contact', 'product selector']);
const STATIC_TEMPLATES = TEMPLATE_PAGES.filter((p) => !FORM_TEMPLATES.has(p.template));
const FORM_PAGES = TEMPLATE_PAGES.filter((p) => FORM_TEMPLATES.has(p.template));

async function scriptsOf(page: Page) {
  return page.evaluate(() => ({
    external: [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => new URL(s.src).pathname),
    modulePreloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    // structured data (application/ld+json) is not JavaScript
    inlineTypes: [...document.querySelectorAll<HTMLScriptElement>('script:not([src]):not([type="application/ld+json"])')].map(
      (s) => s.type,
    ),
    router: '__reactRouterContext' in window,
  }));
}

test.describe('with JavaScript', () => {
  for (const { template, path } of STATIC_TEMPLATES) {
    test(`the ${template} page ${path} loads the site script only, no React`, async ({ page }) => {
      await page.goto(path);
      const s = await scriptsOf(page);
      expect(s.router).toBe(false);
      expect(s.modulePreloads).toBe(0);
      expect(s.external).toHaveLength(1);
      expect(s.external[0]).toMatch(/^\/assets\/site-script-[\w-]+\.js$/);
      expect(s.inlineTypes).toEqual(['speculationrules']);
      // the speculation rules are parsed by the browser (a CSP-blocked or invalid rule set would not be)
      const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent()) ?? '{}') as { prefetch: unknown[] };
      expect(rules.prefetch).toHaveLength(1);
    });
  }

  for (const { template, path } of FORM_PAGES) {
    test(`the ${template} page ${path} loads the site script and its own module, no React Router`, async ({ page }) => {
      await page.goto(path);
      const s = await scriptsOf(page);
      expect(s.router).toBe(false);
      expect(s.modulePreloads).toBe(0);
      expect(s.external).toHaveLength(2);
      expect(s.external[0]).toMatch(/^\/assets\/site-script-[\w-]+\.js$/);
      expect(s.external[1]).toMatch(/^\/assets\/[\w-]+\.js$/);
      expect(s.inlineTypes).toEqual(['speculationrules']);
    });
  }

  test('a link from a form page to a content page loads that page as a document', async ({ page }) => {
    await page.goto('/find-a-rep');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    // the browser loads it as a document (React Router never renders a static template in the browser)
    await expect
      .poll(async () => {
        try {
          return (await scriptsOf(page)).router;
        } catch {
          return 'navigating';
        }
      })
      .toBe(false);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // the site script runs there: the header reacts to scrolling
    await page.mouse.wheel(0, 900);
    await expect(page.locator('header.site-header')).toHaveClass(/is-hidden/);
  });

  test('the labels filters submit on change without empty fields and keep focus on the select', async ({ page }) => {
    await page.goto('/product-labels');
    const filters = page.getByRole('form', { name: 'Filter labels and SDSs' });
    await filters.getByLabel('Region').selectOption({ label: 'Canada' });
    await expect(page).toHaveURL(/\/product-labels\?region=3$/);
    await expect(page.getByRole('heading', { name: 'TRIBUNE' })).toBeVisible();
    await expect(filters.getByLabel('Region')).toBeFocused();
    await expect(filters.getByLabel('Region')).toHaveValue('3');
  });

  test('the region selector is the select, not the links of the no-script page', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByLabel('Region')).toBeVisible();
    await expect(nav.getByRole('link', { name: /\(Canada\)/ })).toHaveCount(0);
    await nav.getByLabel('Region').selectOption({ label: 'CA' });
    await expect(page).toHaveURL(/\/home-ca$/);
  });

  test('the page region is mirrored into local storage and the cookie', async ({ page }) => {
    await page.goto('/growing-season-guide');
    const region = await page.locator('header.site-header').getAttribute('data-region');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('region'))).toBe(region);
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain(`region=${region}`);
    await page.goto('/wolf-trax-ca');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('region'))).toBe('3');
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain('region=3');
  });
});

/**
 * axe is a script and cannot run where scripts are off. It checks the markup a browser without
 * JavaScript shows instead: the page as served, its <noscript> content as elements, no scripts, and
 * the stylesheet's `(scripting: none)` rules applied, in a page where axe can run.
 */
async function axeOnNoScriptMarkup(browser: Browser, path: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.route(`**${path}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/<script\b[\s\S]*?<\/script>/g, '')
        .replaceAll('<noscript>', '<div>')
        .replaceAll('</noscript>', '</div>');
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
      );
      await route.fulfill({ status: response.status(), headers, body: html });
    });
    await page.goto(path);
    await page.evaluate(() => {
      for (const sheet of document.styleSheets) {
        for (const rule of sheet.cssRules)
          if (rule instanceof CSSMediaRule && /scripting:\s*none/.test(rule.media.mediaText)) rule.media.mediaText = 'all';
      }
    });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel('Region')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CA (Canada)' })).toBeVisible();
    return await axeViolations(page);
  } finally {
    await context.close();
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every content template renders and its same-site links answer', async ({ page, request }) => {
    // every template and every link on it: minutes of work on a loaded machine, not seconds
    test.setTimeout(120_000);
    const checked = new Set<string>();
    for (const { path, status } of STATIC_TEMPLATES) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(status ?? 200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      for (const href of hrefs) {
        const target = href.split('#')[0] ?? '';
        if (target === '' || checked.has(target)) continue;
        checked.add(target);
        // redirects (the careers site, the region switch) are followed by the browser, not here
        const answer = await request.get(target, { maxRedirects: 0 });
        expect(answer.status(), `${href} linked from ${path}`).toBeLessThan(400);
      }
    }
    expect(checked.size).toBeGreaterThan(20);
  });

  test('a link between content pages works', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge Center' }).click();
    await expect(page).toHaveURL(/\/knowledge-center$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Center' })).toBeVisible();
  });

  test('the Solutions menu opens, leads to a product and closes with Escape', async ({ page }) => {
    await page.goto('/about');
    const menu = page.getByRole('navigation', { name: 'Solutions' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Solutions' }).click();
    await expect(menu.getByRole('link', { name: /OPTRIENT/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Solutions' }).click();
    await menu.getByRole('button', { name: 'Close solutions menu' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Solutions' }).click();
    await menu.getByRole('link', { name: /AGROTAIN/ }).click();
    await expect(page).toHaveURL(/\/agrotain$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AGROTAIN' })).toBeVisible();
  });

  test.describe('phone viewport', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the mobile menu opens, reaches the Solutions menu, goes back and closes', async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeVisible();
      await nav.getByRole('button', { name: 'Solutions' }).click();
      await expect(page.getByRole('heading', { name: 'Nutrient Protection' })).toBeVisible();
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('heading', { name: 'Nutrient Protection' })).toBeHidden();
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(nav.getByRole('link', { name: 'Knowledge Center' })).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await nav.getByRole('link', { name: 'Knowledge Center' }).click();
      await expect(page).toHaveURL(/\/knowledge-center$/);
    });
  });

  test('the region selector is a list of links: it sets the region and goes to its home', async ({ page, context, browser }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // the select needs the script, so it is not shown; each region is a link
    await expect(nav.getByLabel('Region')).toBeHidden();
    await expect(nav.getByRole('link', { name: 'US (U.S.)' })).toHaveAttribute('aria-current', 'true');
    await expect(nav.getByRole('link', { name: 'INT (International)' })).toBeVisible();
    expect(await axeOnNoScriptMarkup(browser, '/about')).toEqual([]);
    await nav.getByRole('link', { name: 'CA (Canada)' }).click();
    await expect(page).toHaveURL(/\/home-ca$/);
    expect((await context.cookies()).find((c) => c.name === 'region')?.value).toBe('3');
    await page.goto('/about');
    await expect(nav.getByRole('link', { name: 'Retailers & Reps' })).toHaveAttribute('href', '/find-a-rep-ca');
    await expect(nav.getByRole('link', { name: 'CA (Canada)' })).toHaveAttribute('aria-current', 'true');
    await expect(nav.getByRole('link', { name: 'US (U.S.)' })).not.toHaveAttribute('aria-current', /./);
  });

  test('the region links keep your place: a product goes to its twin in the chosen region', async ({ page, context }) => {
    await page.goto('/wolf-trax');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CA (Canada)' }).click();
    await expect(page).toHaveURL(/\/wolf-trax-ca$/);
    expect((await context.cookies()).find((c) => c.name === 'region')?.value).toBe('3');
  });

  test('the knowledge filters and Load more work through the query string', async ({ page }) => {
    await page.goto('/knowledge-center');
    await page.getByLabel('Resource type').selectOption({ label: 'Podcasts' });
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/knowledge-center\/category\/38$/);
    await expect(page.getByRole('main').locator('.resource-grid > li')).toHaveCount(2);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('zinc');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page.getByRole('link', { name: 'Spotting and Fixing Zinc Deficiency in Corn' })).toBeVisible();
    await page.goto('/knowledge-center');
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByRole('status')).toHaveText('Showing 11 of 11 resources');
  });

  test('the labels filters apply with the button', async ({ page }) => {
    await page.goto('/product-labels');
    const filters = page.getByRole('form', { name: 'Filter labels and SDSs' });
    await filters.getByLabel('Region').selectOption({ label: 'Canada' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/region=3/);
    await expect(page.getByRole('heading', { name: 'TRIBUNE' })).toBeVisible();
  });

  test('the notice stays readable (its dismiss button needs the script)', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Announcement' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Dismiss announcement' })).toHaveCount(0);
  });
});
