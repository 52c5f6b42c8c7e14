import { expect, test } from './fixtures.ts';
import { axeViolations, signInQuickly } from './admin-helpers.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

test('document library: upload a PDF, open it from /doccenter/{guid}, replace it, with axe on the list and the edit screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Browser Statement ${Date.now()}`;
  await signInQuickly(page);
  await page.goto('/siteadmin/document-library');
  await expect(page.getByRole('heading', { level: 1, name: 'Document Library' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Add Document' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/document-library\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Document' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save Changes' });
  await save.click();
  await expect(page.getByText('Title is required.')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Kind').selectOption('Statement');
  await page.getByRole('checkbox', { name: 'Canada' }).check();
  // a file that is not a PDF, PNG, JPEG or WebP is refused by the server, whatever its name
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
  await save.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This file type is not accepted. Upload a PDF, PNG, JPEG or WebP file.' }),
  ).toBeVisible();

  await page.getByLabel('File').setInputFiles({ name: 'Browser Statement.pdf', mimeType: 'application/pdf', buffer: pdf('first upload') });
  await save.click();
  await expect(page).toHaveURL(/\/siteadmin\/document-library$/);
  // back on the list, it says so (as adding a label does)
  await expect(page.getByRole('status').filter({ hasText: `The Statement “${title}” was added.` })).toBeVisible();

  await page.getByLabel('Search').fill(title);
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(page.getByText('Showing 1–1 of 1 documents')).toBeVisible();
  const href = await row.getByRole('link', { name: title, exact: true }).getAttribute('href');
  expect(href).toMatch(/^\/doccenter\/[0-9a-f-]{36}$/);

  const opened = await page.request.get(href!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect((await opened.body()).toString()).toContain('first upload');

  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Document' })).toBeVisible();
  await expect(page.getByRole('link', { name: href! })).toBeVisible();
  await expect(page.getByText('Not used on any page.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page
    .getByLabel('Replace file')
    .setInputFiles({ name: 'statement v2.pdf', mimeType: 'application/pdf', buffer: pdf('second upload') });
  await save.click();
  await expect(page).toHaveURL(/\/siteadmin\/document-library$/);
  await expect(page.getByRole('status').filter({ hasText: `The Statement “${title}” was saved.` })).toBeVisible();
  const replaced = await page.request.get(href!);
  expect((await replaced.body()).toString()).toContain('second upload');

  await page.goto(`/siteadmin/document-library?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  const revisions = page.getByRole('region', { name: 'Revisions' }).getByRole('listitem');
  await expect(revisions).toHaveCount(2);
  await expect(revisions.first()).toContainText('statement-v2.pdf');
  await expect(revisions.first()).toContainText('(current)');
  await expect(revisions.nth(1)).toContainText('browser-statement.pdf');

  // deleting asks first, then the row leaves the list
  await page.goto(`/siteadmin/document-library?search=${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Document' });
  await expect(dialog.getByText(/Are you sure you want to delete the Document/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete Document' }).click();
  await expect(page.getByText(`The document ${title} was deleted.`)).toBeVisible();
  await expect(page.getByText('No documents found.')).toBeVisible();
  expect((await page.request.get(href!)).status()).toBe(404);
});

test('document library: deleting a product label says which lists it leaves, and Cancel keeps it', async ({ page }) => {
  await signInQuickly(page);
  await page.goto('/siteadmin/document-library?search=wolf-trax-zinc-label');
  await page
    .getByRole('button', { name: /^Delete WOLF TRAX Zinc DDP/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete Document' });
  await expect(dialog.getByText(/is listed here; deleting it takes it off these lists:/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Product Labels' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete Document' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get('/product-labels')).status()).toBe(200);
});
