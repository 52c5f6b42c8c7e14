import { access, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { dataDirOf } from './ports.ts';

export { expect, type Page, type Request } from '@playwright/test';

/** Inside the DATA_DIR of the test's server, which the webServer command empties at every run: no stale locks. */
function locks(baseURL: string | undefined) {
  const dir = path.resolve(dataDirOf(baseURL), 'e2e-locks');
  return { EXCLUSIVE: path.join(dir, 'exclusive'), SHARED: path.join(dir, 'shared') };
}
const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every ordinary test holds a shared lock; it waits while an exclusive test runs. */
async function holdShared(baseURL: string | undefined, id: string): Promise<() => Promise<void>> {
  const { EXCLUSIVE, SHARED } = locks(baseURL);
  await mkdir(SHARED, { recursive: true });
  const mine = path.join(SHARED, id);
  for (;;) {
    while (await exists(EXCLUSIVE)) await pause(100);
    await writeFile(mine, '');
    // Written, then checked: an exclusive test that announced itself meanwhile sees this file, or this sees its.
    if (!(await exists(EXCLUSIVE))) return () => rm(mine, { force: true });
    await rm(mine, { force: true });
  }
}

/** Announces itself (new shared holders wait), then waits for the running tests to finish. */
async function holdExclusive(baseURL: string | undefined): Promise<() => Promise<void>> {
  const { EXCLUSIVE, SHARED } = locks(baseURL);
  await mkdir(SHARED, { recursive: true });
  for (;;) {
    try {
      await writeFile(EXCLUSIVE, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      await pause(100); // another exclusive test is running
    }
  }
  while ((await readdir(SHARED)).length > 0) await pause(100);
  return () => rm(EXCLUSIVE, { force: true });
}

/** Waits for the server at `baseURL` to answer /readyz: the isolated server boots beside the shared one, unwatched. */
async function serverReady(baseURL: string | undefined) {
  const url = new URL('/readyz', baseURL);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url.href} did not answer within 120 s`);
    await pause(200);
  }
}

/**
 * Pages are server-rendered, so their content is visible before React has hydrated and attached
 * its handlers. `page.goto` waits for the hydration marker set by the root component (unless the
 * test runs without JavaScript), so a click right after navigation is never lost.
 *
 * The workers share one server. A test tagged `@exclusive` changes a site-wide setting (such as
 * requiring a second factor for every sign-in) and so runs alone: playwright.config.ts gives those
 * tests a server of their own, and on it each waits for the one running in another worker to finish.
 * The lock stays for the case where such a test is run against the shared server by hand.
 */
export const test = base.extend<{ serverSharing: void }>({
  serverSharing: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      const server = testInfo.project.use.baseURL;
      if (testInfo.tags.includes('@exclusive')) await serverReady(server);
      const release = testInfo.tags.includes('@exclusive')
        ? await holdExclusive(server)
        : await holdShared(server, `${testInfo.workerIndex}-${testInfo.testId}-${testInfo.retry}`);
      try {
        await use();
      } finally {
        await release();
      }
    },
    // waiting for the other worker is not the test's own time
    { auto: true, timeout: 180_000 },
  ],
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
