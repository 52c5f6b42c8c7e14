import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations, signInQuickly } from './admin-helpers.ts';

/** A minimal PDF, padded to about `kb` kilobytes so each file shows its own size on /product-labels. */
const pdf = (text: string, kb: number) => Buffer.from(`%PDF-1.4\n% ${text}\n${' '.repeat(kb * 1024)}%%EOF\n`);

const TITLE_PREFIX = 'E2E Rollback Label';

/** Removes what this spec uploaded, also after a failure: products.spec.ts counts the documents on /product-labels. */
async function removeTestLabels(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const found = await request.post('/api/admin/documents/filter', { headers, data: { search: TITLE_PREFIX, length: 100 } });
  const items = ((await found.json()) as { data: { items: { id: number; title: string; regionIds: number[] }[] } }).data.items;
  for (const d of items) {
    const res = await request.get(`/api/admin/documents/delete/${d.id}`, { headers });
    expect(res.status(), `delete ${d.title}`).toBe(200);
  }
}

// exclusive: products.spec.ts counts every document on /product-labels, and this test adds one for a while
test(
  'product labels: add a label PDF, see it on /product-labels, replace it, roll back to the first file, with axe on the list and the editor',
  { tag: '@exclusive' },
  async ({ page }) => {
    test.setTimeout(120_000);
    const tokens = await signInQuickly(page);
    const title = `${TITLE_PREFIX} ${Date.now()}`;
    try {
      await page.goto('/siteadmin/product-labels');
      await expect(page.getByRole('heading', { level: 1, name: 'Product Labels/SDSs' })).toBeVisible();
      for (const name of ['Product', 'Title', 'Kind', 'Regions', 'File', 'Updated'])
        await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
      // by product A–Z: the seed's first product by name leads, label before SDS
      await expect(page.getByRole('row').nth(1)).toContainText('3-TRAX');
      await expect(page.getByRole('row').nth(1)).toContainText('PDF,');
      expect(await axeViolations(page)).toEqual([]);

      // filters and sort live in the address
      await page.getByLabel('Product', { exact: true }).selectOption({ label: 'ANVOL' });
      await page.getByLabel('Kind').selectOption('SDS');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect(page).toHaveURL(/\/siteadmin\/product-labels\?.*product=anvol&kind=sds/);
      await expect(page.getByText('Showing 1–1 of 1 documents')).toBeVisible();
      const anvolSds = page.getByRole('row', { name: /ANVOL Safety Data Sheet/ });
      await expect(anvolSds.getByRole('link', { name: 'Open file of ANVOL Safety Data Sheet (opens in a new tab)' })).toHaveAttribute(
        'target',
        '_blank',
      );
      await page.getByRole('link', { name: 'Updated' }).click();
      await expect(page).toHaveURL(/\/siteadmin\/product-labels\?product=anvol&kind=sds&sort=updated-desc$/);
      await expect(page.getByRole('columnheader', { name: 'Updated' })).toHaveAttribute('aria-sort', 'descending');

      await page.goto('/siteadmin/product-labels');
      await page.getByRole('link', { name: 'Add Label/SDS' }).click();
      await expect(page).toHaveURL(/\/siteadmin\/product-labels\/create$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Add Product Label/SDS' })).toBeVisible();
      const save = page.getByRole('button', { name: 'Save Changes' });
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Kind').selectOption('Label');
      await page.getByLabel('File').setInputFiles({ name: 'First Label.pdf', mimeType: 'application/pdf', buffer: pdf('first upload', 2) });
      // the shared schema: a label needs its product
      await save.click();
      await expect(page.getByText('Choose the product this label or SDS belongs to.')).toBeVisible();
      await page.getByLabel('Product', { exact: true }).selectOption({ label: 'NU5-LUX' });
      await save.click();
      await expect(page.getByRole('status').filter({ hasText: `The Label “${title}” was added.` })).toBeVisible();
      await expect(page).toHaveURL(/\/siteadmin\/product-labels\/edit\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Product Label/SDS' })).toBeVisible();
      const id = /\/edit\/(\d+)$/.exec(page.url())![1];
      const url = (await page.getByRole('link', { name: /^\/doccenter\// }).textContent())!.replace(' (opens in a new tab)', '');
      expect(url).toMatch(/^\/doccenter\/[0-9a-f-]{36}$/);
      expect(await axeViolations(page)).toEqual([]);

      // on the public page at once, under its product
      await page.goto('/product-labels?product=nu5-lux');
      const group = page.getByRole('region', { name: 'NU5-LUX' });
      await expect(group.getByRole('link', { name: /^Label for NU5-LUX\s*, PDF, 2 KB\s*, opens in a new tab$/ })).toHaveAttribute(
        'href',
        url,
      );
      const first = await page.request.get(url);
      expect((await first.body()).toString()).toContain('first upload');
      // held a minute at most, then revalidated by its ETag
      expect(first.headers()['cache-control']).toBe('public, max-age=60, must-revalidate');
      const firstTag = first.headers()['etag']!;
      expect((await page.request.get(url, { headers: { 'if-none-match': firstTag } })).status()).toBe(304);

      // replace the file: same link, the new file served
      await page.goto(`/siteadmin/product-labels/edit/${id}`);
      await page
        .getByLabel('Replace file')
        .setInputFiles({ name: 'Second Label.pdf', mimeType: 'application/pdf', buffer: pdf('second upload', 5) });
      await save.click();
      await expect(page.getByRole('status').filter({ hasText: 'The new file is served at the same link' })).toBeVisible();
      // the same address revalidates to the new file
      const revalidated = await page.request.get(url, { headers: { 'if-none-match': firstTag } });
      expect(revalidated.status()).toBe(200);
      expect((await revalidated.body()).toString()).toContain('second upload');
      expect((await page.request.get(url, { headers: { 'if-none-match': revalidated.headers()['etag']! } })).status()).toBe(304);
      await page.goto('/product-labels?product=nu5-lux');
      await expect(group.getByRole('link', { name: /^Label for NU5-LUX\s*, PDF, 5 KB/ })).toHaveAttribute('href', url);

      // roll back to the first file through the dropdown, and save
      await page.goto(`/siteadmin/product-labels/edit/${id}`);
      await page.getByText('Rollback', { exact: true }).click();
      const versions = page.getByRole('list', { name: 'Saved versions' }).getByRole('link');
      await expect(versions).toHaveCount(2);
      await expect(versions.first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} (AM|PM) · admin@example\.com$/);
      await versions.last().click();
      await expect(page).toHaveURL(new RegExp(`/siteadmin/product-labels/edit/${id}/\\d+$`));
      await expect(page.getByRole('note')).toContainText('Save Changes makes it the current version again');
      await expect(page.getByText(/Loaded: the file of .*, first-label\.pdf \(PDF, 2 KB\), uploaded by admin@example\.com/)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await save.click();
      await expect(page.getByRole('status').filter({ hasText: 'is served again, as a new revision; no revision is lost.' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/siteadmin/product-labels/edit/${id}$`));

      const served = await page.request.get(url);
      expect(served.headers()['content-type']).toBe('application/pdf');
      expect((await served.body()).toString()).toContain('first upload');
      await page.getByText('Rollback', { exact: true }).click();
      await expect(page.getByRole('list', { name: 'Saved versions' }).getByRole('link')).toHaveCount(3);
      const revisions = page.getByRole('region', { name: 'Revisions' }).getByRole('listitem');
      await expect(revisions).toHaveCount(3);
      await expect(revisions.first()).toContainText('first-label.pdf');
      await expect(revisions.first()).toContainText('(current)');
      await expect(revisions.nth(1)).toContainText('second-label.pdf');
      await page.goto('/product-labels?product=nu5-lux');
      await expect(group.getByRole('link', { name: /^Label for NU5-LUX\s*, PDF, 2 KB/ })).toHaveAttribute('href', url);

      // deleting a label says which lists it leaves, then takes it off the labels page
      await page.goto(`/siteadmin/product-labels?search=${encodeURIComponent(title)}`);
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Document' });
      await expect(dialog.getByText(/is listed here; deleting it takes it off these lists:/)).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Product Labels' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete Document' }).click();
      await expect(page.getByRole('status').filter({ hasText: `The document ${title} was deleted.` })).toBeVisible();
      expect((await page.request.get(url)).status()).toBe(404);
    } finally {
      await removeTestLabels(page.request, tokens.token);
    }
    // nothing of this test is left on the public page
    await page.goto('/product-labels');
    await expect(page.getByRole('status')).toHaveText('Showing 46 documents for 23 products.');
  },
);

test('product labels: the edit screen of an unknown revision says so', async ({ page }) => {
  const tokens = await signInQuickly(page);
  const headers = { authorization: `Bearer ${tokens.token}` };
  const found = await page.request.post('/api/admin/documents/filter', { headers, data: { productKey: 'anvol', kind: 'label' } });
  const label = ((await found.json()) as { data: { items: { id: number }[] } }).data.items[0]!;
  await page.goto(`/siteadmin/product-labels/edit/${label.id}/999999`);
  await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('Revision not found.')).toBeVisible();
});
