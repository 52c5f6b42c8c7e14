import sharp from 'sharp';
import { expect, test, type Page } from './fixtures.ts';
import { apiTokens, axeViolations, signInQuickly } from './admin-helpers.ts';
import type { Locator } from '@playwright/test';

/** Drops a file on an element, as dragging it from the desktop does. */
async function dropFile(page: Page, target: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], name, { type: mimeType }));
      return dt;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7d44' } })
    .png()
    .toBuffer();

/** An image uploaded while choosing one, and files dropped on any file field. */
test('an editor uploads a new image from the hero picker by dropping it, gives its alt text, and it is chosen', async ({ page }) => {
  test.setTimeout(60_000);
  await signInQuickly(page);
  await page.goto('/siteadmin/knowledge-center/create');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const heroMedia = page.getByRole('group', { name: 'Hero media', exact: true });
  await heroMedia.getByRole('radio', { name: 'Image' }).check();
  const hero = heroMedia.getByRole('group', { name: /image/i }).first();
  await hero.getByRole('button', { name: 'Choose image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose an image from the document library' });
  const upload = dialog.getByRole('region', { name: 'Or upload a new image' });
  const stamp = Date.now();
  await dropFile(page, upload.locator('.file-drop'), { name: `drop-test-${stamp}.png`, mimeType: 'image/png', buffer: await png() });
  await expect(upload.getByLabel('Title')).toHaveValue(`drop test ${stamp}`);
  await expect(upload.getByText(`Chosen: drop-test-${stamp}.png`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await upload.getByRole('button', { name: 'Upload and choose' }).click();
  await expect(upload.getByRole('alert')).toHaveText('Describe the image for people who cannot see it (alt text).');
  await upload.getByLabel('Alt text').fill('A green test square');
  await upload.getByRole('button', { name: 'Upload and choose' }).click();
  await expect(dialog).toBeHidden();
  await expect(hero.getByRole('img', { name: 'A green test square' })).toBeVisible();
  await expect(hero.getByRole('link', { name: `drop test ${stamp}` })).toBeVisible();

  // it is in the library now; remove it again
  const { token } = await apiTokens(page.request);
  const found = await page.request.post('/api/admin/documents/filter', {
    headers: { authorization: `Bearer ${token}` },
    data: { search: `drop test ${stamp}` },
  });
  const items = ((await found.json()) as { data: { items: { id: number; kind: string }[] } }).data.items;
  expect(items).toHaveLength(1);
  expect(items[0]!.kind).toBe('image');
  await page.request.get(`/api/admin/documents/delete/${items[0]!.id}`, { headers: { authorization: `Bearer ${token}` } });
});

test('a file dropped on the document library form is the file that is uploaded', async ({ page }) => {
  test.setTimeout(60_000);
  await signInQuickly(page);
  await page.goto('/siteadmin/document-library/create');
  const title = `Dropped Statement ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Kind').selectOption('Statement');
  await dropFile(page, page.locator('.file-drop').first(), {
    name: 'dropped.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% dropped\n%%EOF\n'),
  });
  await expect(page.getByText('Chosen: dropped.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/document-library$/);
  const { token } = await apiTokens(page.request);
  const found = await page.request.post('/api/admin/documents/filter', {
    headers: { authorization: `Bearer ${token}` },
    data: { search: title },
  });
  const items = ((await found.json()) as { data: { items: { id: number; fileName: string }[] } }).data.items;
  expect(items.map((i) => i.fileName)).toEqual(['dropped.pdf']);
  await page.request.get(`/api/admin/documents/delete/${items[0]!.id}`, { headers: { authorization: `Bearer ${token}` } });
});

test('the picker names each library image by its title and file name as shown, and axe finds nothing', async ({ page }) => {
  await signInQuickly(page);
  const { token } = await apiTokens(page.request);
  const stamp = Date.now();
  const added = await page.request.post('/api/admin/documents/add', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title: `Picker check ${stamp}`,
      kind: 'image',
      altText: 'A green square',
      regionIds: '2',
      file: { name: `picker-check-${stamp}.png`, mimeType: 'image/png', buffer: await png() },
    },
  });
  expect(added.status()).toBe(200);
  const id = ((await added.json()) as { data: { id: number } }).data.id;
  await page.goto('/siteadmin/knowledge-center/create');
  const heroMedia = page.getByRole('group', { name: 'Hero media', exact: true });
  await heroMedia.getByRole('radio', { name: 'Image' }).check();
  await heroMedia.getByRole('group', { name: /image/i }).first().getByRole('button', { name: 'Choose image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose an image from the document library' });
  await expect(dialog.getByRole('button', { name: `Choose Picker check ${stamp} (picker-check-${stamp}.png)` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.request.get(`/api/admin/documents/delete/${id}`, { headers: { authorization: `Bearer ${token}` } });
});
