import { test as base } from '@playwright/test';

export { expect, type Page, type Request } from '@playwright/test';

/**
 * Pages are server-rendered, so their content is visible before React has hydrated and attached
 * its handlers. `page.goto` waits for the hydration marker set by the root component (unless the
 * test runs without JavaScript), so a click right after navigation is never lost.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.headers()['content-type']?.includes('text/html') ?? false;
      if (javaScriptEnabled !== false && html) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
});

/**
 * After a click that loads a new document: wait for its load and then for its hydration marker (the
 * page before it had one too, so the marker alone would not tell the two apart).
 */
export async function waitForDocument(page: import('@playwright/test').Page, url: string | RegExp) {
  await page.waitForURL(url, { waitUntil: 'load' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
