import { expect, test } from './fixtures.ts';
// The admin screens' axe helper (as admin-users.spec.ts): the shared admin bar fails the experimental
// label-content-name-mismatch rule of the full run, which is outside these screens.
import { apiTokens, axeViolations, signInQuickly } from './admin-helpers.ts';

// Headless Chromium names itself "HeadlessChrome", which the Not Found log rightly counts as a bot:
// the visitor who hits the missing page uses an ordinary desktop browser's user agent.
const VISITOR_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const unique = (label: string) => `/${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test('a missing page shows in the Not Found log; one step makes it a redirect that visitors follow', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const missing = unique('e2e-old-flyer');
  const visitor = await browser.newContext({ userAgent: VISITOR_UA });
  const visit = await visitor.newPage();
  const res = await visit.goto(missing);
  expect(res?.status()).toBe(404);
  await expect(visit.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  await signInQuickly(page);
  await page.goto(`/siteadmin/redirects/not-found?q=${encodeURIComponent(missing)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Not Found Log' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(missing) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  expect(await axeViolations(page)).toEqual([]);

  await row.getByLabel(`Redirect ${missing} to`).fill('/about');
  await row.getByRole('button', { name: `Create Redirect from ${missing}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${missing} now redirects to /about.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(missing) })).toHaveCount(0);

  await visit.goto(missing + '?utm_source=flyer');
  await expect(visit).toHaveURL(/\/about\?utm_source=flyer$/);
  await visitor.close();

  // The list shows the redirect with its hit (counted in memory, written before the list is read).
  await page.goto(`/siteadmin/redirects?q=${encodeURIComponent(missing)}`);
  const listed = page.getByRole('row', { name: new RegExp(missing) });
  await expect(listed).toContainText('/about');
  await expect(listed).toContainText('301 Moved Permanently');
  // the hits: the sixth cell, after the row's bulk-selection checkbox (ADR 050) and From, To, Type, Query String
  await expect(listed.getByRole('cell').nth(5)).toHaveText('1');
});

test('redirects: create, edit and delete in the list, with refusals shown and axe on each screen', async ({ page }) => {
  test.setTimeout(90_000);
  const from = unique('e2e-promo');
  await signInQuickly(page);
  await page.goto('/siteadmin/redirects');
  await expect(page.getByRole('heading', { level: 1, name: 'Redirects' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Hits' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Add Redirect' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Redirect' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const save = page.getByRole('button', { name: 'Save Changes' });
  await page.getByLabel('From Path').fill(from);
  await save.click();
  await expect(page.getByText('Enter a target.')).toBeVisible();
  // a target that itself redirects (the seeded /nitrogen-101) is refused with the server's message
  await page.getByRole('textbox', { name: 'Target' }).fill('/nitrogen-101');
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: '/nitrogen-101 already redirects to /knowledge-center.' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Target' }).fill('/knowledge-center');
  await page.getByLabel('Type').selectOption('302');
  await page.getByRole('checkbox', { name: /Keep the query string/ }).uncheck();
  await save.click();
  await expect(page).toHaveURL(/\/siteadmin\/redirects$/);
  const row = page.getByRole('row', { name: new RegExp(from) });
  await expect(row).toContainText('302 Found (temporary)');
  await expect(row).toContainText('Dropped');

  const followed = await page.request.get(from + '?x=1', { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  expect(followed.headers().location).toBe('/knowledge-center');

  await row.getByRole('link', { name: `Edit ${from}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Redirect' })).toBeVisible();
  await expect(page.getByLabel('From Path')).toHaveValue(from);
  await page.getByLabel('Type').selectOption('410');
  await expect(page.getByRole('textbox', { name: 'Target' })).toHaveCount(0);
  await save.click();
  await expect(page).toHaveURL(/\/siteadmin\/redirects$/);
  await expect(page.getByRole('row', { name: new RegExp(from) })).toContainText('410 Gone');
  expect((await page.request.get(from, { maxRedirects: 0 })).status()).toBe(410);
  // a client asking for HTML gets the site's Not Found page, rendered with status 410
  const gonePage = await page.request.get(from, { maxRedirects: 0, headers: { accept: 'text/html' } });
  expect(gonePage.status()).toBe(410);
  expect(await gonePage.text()).toContain('Page Not Found');

  await page.getByRole('button', { name: `Delete ${from}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Redirect' });
  await expect(dialog).toContainText(`Are you sure you want to delete the redirect from ${from} ?`);
  await dialog.getByRole('button', { name: 'Delete Redirect' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The redirect from ${from} was deleted.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(from) })).toHaveCount(0);
});

test('redirects: a CSV import shows row errors and writes nothing, then a valid file imports', async ({ page }) => {
  test.setTimeout(90_000);
  const from = unique('e2e-import');
  await signInQuickly(page);
  await page.goto('/siteadmin/redirects');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import Redirects' })).toBeVisible();
  const file = (text: string) => ({ name: 'redirects.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

  await page
    .getByLabel('CSV file')
    .setInputFiles(file(`fromPath,toPath,statusCode,keepQuery\n${from},/about,301,true\n${from}-bad,/about,307,true\n`));
  await expect(page.getByRole('row', { name: new RegExp(`${from}-bad`) })).toContainText('statusCode must be 301, 302 or 410.');
  await expect(page.getByText('1 of 2 rows have errors.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 1 Redirect' })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
  expect((await page.request.get(from, { maxRedirects: 0 })).status()).toBe(404);

  await page.getByLabel('CSV file').setInputFiles(file(`fromPath,toPath,statusCode,keepQuery\n${from},/about,302,false\n`));
  await page.getByRole('button', { name: 'Import 1 Redirect' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 redirect created, 0 updated.' })).toBeVisible();
  const res = await page.request.get(from + '?a=1', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/about');
});

test('a stored redirect also applies to a client-side navigation (React Router asks for /old-path.data)', async ({ page }) => {
  const admin = await apiTokens(page.request);
  const from = unique('e2e-old-app-link');
  const added = await page.request.post('/api/admin/redirects/add', {
    data: { fromPath: from, toPath: '/account/forgot-password', statusCode: 301, keepQuery: true },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(added.ok()).toBe(true);

  await page.goto('/account/login');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const data = page.waitForResponse((r) => r.url().includes(`${from}.data`));
  // what a <Link> to the old address does: a navigation inside the app, which fetches the page's data
  await page.evaluate(
    (to) =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(to),
    `${from}?utm_source=app`,
  );
  expect((await data).status()).toBe(204);
  await expect(page).toHaveURL(/\/account\/forgot-password\?utm_source=app$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  // followed inside the app, without loading a new document
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
