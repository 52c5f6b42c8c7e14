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
