import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The Content Security Policy refusals the page reports on its console from now on. */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/**
 * Adds an inline script to the page; answers whether it ran. An allowed inline script runs as it is
 * inserted; a refused one does not, and the document reports the refusal: either answers at once.
 */
function injectedScriptRuns(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const w = window as unknown as { injectedRan?: boolean };
    const refused = new Promise<false>((resolve) =>
      document.addEventListener('securitypolicyviolation', (e) => e.blockedURI === 'inline' && resolve(false)),
    );
    const script = document.createElement('script');
    script.textContent = 'window.injectedRan = true';
    document.body.append(script);
    return w.injectedRan === true || (await refused);
  });
}

// Cached pages allow their inline scripts by hash (ADR 007): the browser must run the page's own
// scripts (it hydrates) and refuse any other inline script.
test.describe('cached pages in the browser', () => {
  for (const path of ['/agrotain', '/knowledge-center']) {
    test(`${path} hydrates from the cache, and an inline script added later is refused`, async ({ page }) => {
      const refused = refusals(page);
      // the first visit stores the region cookie; the region-neutral list is stored per cookie value
      await page.goto(path);
      await page.goto(path);
      const cached = await page.goto(path);
      expect(cached?.headers()['x-page-cache']).toBe('hit');
      expect(cached?.headers()['content-security-policy']).toContain("'sha256-");
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      expect(refused).toEqual([]);

      expect(await injectedScriptRuns(page)).toBe(false);
      await expect.poll(() => refused.length).toBeGreaterThan(0);
    });
  }
});

// A page that is never stored (the selector reads the Referer) carries a per-request nonce; its ETag
// leaves the nonce out, so a reload is answered 304, and that 304 must not bring a policy with another
// nonce (the browser would merge it into its stored copy and refuse that copy's scripts).
test('an uncached page allows its own scripts by nonce, also after a 304, and refuses an injected inline script', async ({ page }) => {
  const refused = refusals(page);
  // the status on the wire (Playwright reports a revalidated document as the 200 it was stored with)
  const statuses: number[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const ids = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => ids.set(e.requestId, new URL(e.request.url).pathname));
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    if (ids.get(e.requestId) === '/product-selector') statuses.push(e.statusCode);
  });
  const first = await page.goto('/product-selector');
  expect(first?.headers()['x-page-cache']).toBeUndefined();
  expect(first?.headers()['content-security-policy']).toContain("'nonce-");
  expect(first?.headers().etag).toMatch(/^W\/"/);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();

  await page.reload();
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(statuses).toEqual([200, 304]);
  // the page's own inline script (speculation rules, allowed by the first nonce) is not refused in the revalidated copy
  expect(refused).toEqual([]);

  expect(await injectedScriptRuns(page)).toBe(false);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
});
