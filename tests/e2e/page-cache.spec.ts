import { expect, test } from './fixtures.ts';

// Cached pages allow their inline scripts by hash (ADR 007): the browser must run the page's own
// scripts (it hydrates) and refuse any other inline script.
test.describe('cached pages in the browser', () => {
  for (const path of ['/agrotain', '/knowledge-center']) {
    test(`${path} hydrates from the cache, and an inline script added later is refused`, async ({ page }) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      // the first visit stores the region cookie; the region-neutral list is stored per cookie value
      await page.goto(path);
      await page.goto(path);
      const cached = await page.goto(path);
      expect(cached?.headers()['x-page-cache']).toBe('hit');
      expect(cached?.headers()['content-security-policy']).toContain("'sha256-");
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      expect(refused).toEqual([]);

      const ran = await page.evaluate(async () => {
        const w = window as unknown as { injectedRan?: boolean };
        const script = document.createElement('script');
        script.textContent = 'window.injectedRan = true';
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return w.injectedRan === true;
      });
      expect(ran).toBe(false);
      await expect.poll(() => refused.length).toBeGreaterThan(0);
    });
  }
});
