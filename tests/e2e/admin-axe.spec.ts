import { expect, test, type Page } from './fixtures.ts';
import { axeViolations, signInQuickly } from './admin-helpers.ts';

/**
 * Axe finds nothing on every admin screen, at a desktop and a phone width: each list, each
 * add screen, and the edit screen of the first row of each list (found through its Edit link, so the
 * sweep follows the screens as they are, not ids written here).
 */
const LISTS = [
  '/siteadmin/users',
  '/siteadmin/document-library',
  '/siteadmin/redirects',
  '/siteadmin/reps-retailers',
  '/siteadmin/knowledge-center',
  '/siteadmin/press-releases',
  '/siteadmin/pages',
  '/siteadmin/product-labels',
  '/siteadmin/products',
];
const OTHERS = [
  '/siteadmin',
  '/siteadmin/forms',
  '/siteadmin/account',
  '/siteadmin/audit-log',
  '/siteadmin/security',
  '/siteadmin/settings',
  '/siteadmin/privacy-requests',
  '/siteadmin/redirects/not-found',
  '/siteadmin/redirects/import',
  '/siteadmin/users/add',
  '/siteadmin/document-library/create',
  '/siteadmin/redirects/create',
  '/siteadmin/reps-retailers/rep/create',
  '/siteadmin/reps-retailers/retailer/create',
  '/siteadmin/knowledge-center/create',
  '/siteadmin/press-releases/create',
  '/siteadmin/pages/create',
  '/siteadmin/product-labels/create',
];

/**
 * Opens `path` and waits for its screen. The first screen of a sweep is a full page load (the server's
 * markup, then hydration); the rest are reached as a link in the admin reaches them, through the
 * app's router, so the sweep loads and compiles the admin's scripts and axe once instead of once per
 * screen (about 6 s a screen on a loaded 2-core machine). axe reads the DOM as it is, so each screen
 * is checked as completely either way.
 */
async function screenReady(page: Page, path: string) {
  const before = await page.evaluate(() => ({
    routed: typeof (window as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter === 'object',
    heading: document.querySelector('h1')?.textContent ?? null,
  }));
  if (before.routed && new URL(page.url()).pathname.startsWith('/siteadmin')) {
    await page.evaluate(async (to) => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter;
      await router.navigate(to);
    }, path);
    await expect(page, path).toHaveURL((url) => url.pathname === new URL(path, url).pathname);
    // the screen before has gone (every screen of a sweep is headed differently from the one before it)
    if (before.heading) await expect(page.getByRole('heading', { level: 1 }), path).not.toHaveText(before.heading, { timeout: 15_000 });
  } else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible({ timeout: 15_000 });
  // lists and editors fill in after their data arrives
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`every admin screen at ${name} width`, () => {
    test.use({ viewport });

    test('axe finds nothing on the lists and the edit screen of each list’s first row', async ({ page }) => {
      test.setTimeout(180_000);
      await signInQuickly(page);
      const found: Record<string, unknown[]> = {};
      for (const list of LISTS) {
        await screenReady(page, list);
        const violations = await axeViolations(page);
        if (violations.length) found[list] = violations;
        const edit = page.getByRole('link', { name: /^Edit\b/ }).first();
        const href = await edit.getAttribute('href');
        expect(href, `${list} has an Edit link`).toBeTruthy();
        await screenReady(page, href!);
        const editViolations = await axeViolations(page);
        if (editViolations.length) found[href!] = editViolations;
      }
      expect(found).toEqual({});
    });

    // the forms are one column at every width; the lists change most (cards below 900 px)
    if (name === 'phone') return;
    test('axe finds nothing on the dashboard, forms, settings, account, logs and every add screen', async ({ page }) => {
      test.setTimeout(180_000);
      await signInQuickly(page);
      const found: Record<string, unknown[]> = {};
      for (const path of OTHERS) {
        await screenReady(page, path);
        const violations = await axeViolations(page);
        if (violations.length) found[path] = violations;
      }
      expect(found).toEqual({});
    });
  });
}
