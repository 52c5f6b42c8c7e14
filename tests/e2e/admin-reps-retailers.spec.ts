import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { apiTokens, axeViolations, createUser, signInQuickly, uniqueEmail } from './admin-helpers.ts';

/** Removes what a test made, through the API, even when the test failed part-way. */
async function deleteMatching(request: import('@playwright/test').APIRequestContext, kind: 'reps' | 'retailers', search: string) {
  const { token } = await apiTokens(request);
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.post(`/api/admin/${kind}/filter`, { data: { search, length: 100 }, headers });
  const items = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  for (const item of items) await request.get(`/api/admin/${kind}/delete/${item.id}`, { headers });
}

test('import a retailers CSV with a preview and a progress bar, then find one of them from the public finder', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now()}`;
  const name = `Kearney Import Test ${stamp}`;
  try {
    await signInQuickly(page);
    await page.goto('/siteadmin/reps-retailers');
    await expect(page.getByRole('heading', { level: 1, name: 'Reps & Retailers' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Reps or retailers' }).getByRole('link', { name: 'Retailers' }).click();
    await expect(page).toHaveURL(/tab=retailers/);
    await expect(page.getByRole('columnheader', { name: 'ZIP / Postal Code' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Import sits next to Export CSV and opens under the heading
    const importButton = page.getByRole('button', { name: 'Import CSV' });
    await expect(importButton).toHaveAttribute('aria-expanded', 'false');
    await importButton.click();
    await expect(importButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Import retailers from CSV' })).toBeVisible();
    const file = page.getByLabel('CSV file');
    // A file with a bad row: the preview names the line and nothing can be imported.
    await file.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,postal_code,website\n${name},68847,\nBroken Row,ABCDE,ftp://x.example\n`),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    const problems = page.getByRole('table', { name: 'Rows with problems' });
    await expect(problems.getByRole('row', { name: /^3 / })).toContainText('Enter a 5-digit U.S. ZIP code');
    await expect(problems.getByRole('row', { name: /^3 / })).toContainText(
      'The website must be an address starting with http:// or https://.',
    );
    await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await file.setInputFiles({
      name: 'retailers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `name,address,postal_code,phone,products\n${name},1 Test Rd,68847,(308) 555-0190,AGROTAIN; SUPERU\n${name} Annex,2 Test Rd,68847,,\n`,
      ),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('2 rows are ready: 2 to add, 0 to update.')).toBeVisible();
    await page.getByRole('button', { name: 'Import 2 retailers' }).click();
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Imported: 2 added, 0 updated.' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '100');

    await page.getByRole('searchbox', { name: 'Search retailers' }).fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('row', { name: new RegExp(`^Select ${name} ${name} 1 Test Rd Kearney NE 68847`) })).toBeVisible();

    // The public finder shows the new retailer at once.
    await page.goto('/find-a-rep');
    await page.getByLabel('I am a grower').check();
    await page.getByLabel('Zip', { exact: true }).fill('68847');
    await page.getByLabel('Zip', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/reps-retailers\?label=Retailers&zip=68847$/);
    const card = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
    await expect(card).toContainText('1 Test Rd');
    await expect(card).toContainText(/308\D+555\D0190/);
    await expect(card).toContainText('AGROTAIN');
  } finally {
    await deleteMatching(page.request, 'retailers', name);
  }
});

test('create and edit a rep, with the form’s messages and axe on the edit screen; the finder shows the rep', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Rep Test ${Date.now()}`;
  const photoTitle = `Rep Photo ${Date.now()}`;
  const { token } = await apiTokens(page.request);
  const auth = { authorization: `Bearer ${token}` };
  // a library image to choose as the photo
  const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#2f6b3a' } })
    .png()
    .toBuffer();
  const uploaded = await page.request.post('/api/admin/documents/add', {
    headers: auth,
    multipart: {
      title: photoTitle,
      kind: 'image',
      altText: 'Portrait of a rep',
      regionIds: '2',
      file: { name: 'rep-photo.png', mimeType: 'image/png', buffer: png },
    },
  });
  const photo = ((await uploaded.json()) as { data: { id: number; guid: string } }).data;
  try {
    await signInQuickly(page);
    await page.goto('/siteadmin/reps-retailers');
    await page.getByRole('link', { name: 'Add Rep' }).click();
    await expect(page).toHaveURL(/\/siteadmin\/reps-retailers\/rep\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Rep' })).toBeVisible();

    const save = page.getByRole('button', { name: 'Save Changes' });
    await save.click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Title').fill('Agronomist, Kearney');
    await page.getByLabel('Email').fill('rep.test@example.com');
    await page.getByLabel('Phone').fill('(308) 555-0191');
    await save.click();
    await expect(page.getByText('Add at least one territory: a state, province, ZIP prefix, ZIP or FSA.')).toBeVisible();
    await page.getByLabel('ZIP codes').fill('68847, 6884');
    await save.click();
    await expect(page.getByText('"6884" is not a 5-digit ZIP code.')).toBeVisible();
    await page.getByLabel('ZIP codes').fill('68847');
    await save.click();
    await expect(page).toHaveURL(/\/siteadmin\/reps-retailers\?tab=reps$/);

    await page.getByRole('searchbox', { name: 'Search reps' }).fill(name);
    await page.getByRole('searchbox', { name: 'Search reps' }).press('Enter');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('68847');
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Rep' })).toBeVisible();
    await expect(page.getByLabel('ZIP codes')).toHaveValue('68847');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Title').fill('Senior Agronomist, Kearney');
    await page.getByLabel('States').fill('ne');
    // the photo comes from the Document Library
    const photoGroup = page.getByRole('group', { name: 'Photo' });
    await expect(photoGroup).toContainText('No image chosen.');
    await photoGroup.getByRole('button', { name: 'Choose image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose an image from the document library' });
    await dialog.getByRole('searchbox', { name: 'Search documents' }).fill(photoTitle);
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByRole('button', { name: `Choose ${photoTitle} (rep-photo.png)` }).click();
    await expect(dialog).toBeHidden();
    await expect(photoGroup.getByRole('link', { name: photoTitle })).toHaveAttribute('href', `/doccenter/${photo.guid}`);
    await expect(photoGroup.getByRole('button', { name: 'Change image' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await save.click();
    await expect(page).toHaveURL(/\/siteadmin\/reps-retailers\?tab=reps$/);

    await page.goto('/reps-retailers?label=Reps&zip=68847');
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText('Senior Agronomist, Kearney');
    await expect(card).toContainText('ZIP 68847');
    const avatar = card.locator('img.rep-avatar');
    await expect(avatar).toHaveAttribute('src', `/doccenter/${photo.guid}`);
    await expect(avatar).toHaveAttribute('srcset', new RegExp(`/doccenter/${photo.guid}\\?w=320 320w`));
    // the browser loaded the picture (a variant, under the site's CSP)
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  } finally {
    await deleteMatching(page.request, 'reps', name);
    if (photo) await page.request.get(`/api/admin/documents/delete/${photo.id}`, { headers: auth });
  }
});

test('an Editor sees a rep’s email read-only with the reason, saves the other fields, and is told why they cannot add a rep', async ({
  page,
}) => {
  const name = `Lead Route Rep ${Date.now()}`;
  const admin = await apiTokens(page.request);
  const adminAuth = { authorization: `Bearer ${admin.token}` };
  const editorEmail = uniqueEmail('rep-editor');
  await createUser(page.request, admin.token, editorEmail, 'an-editor-password');
  const added = await page.request.post('/api/admin/reps/add', {
    headers: adminAuth,
    data: { name, title: 'Agronomist', email: 'lead.route@example.com', states: 'NE' },
  });
  const rep = ((await added.json()) as { data: { id: number } }).data;
  try {
    await signInQuickly(page, editorEmail, 'an-editor-password');
    await page.goto('/siteadmin/reps-retailers');
    await expect(page.getByRole('heading', { level: 1, name: 'Reps & Retailers' })).toBeVisible();
    await expect(page.getByText('only someone who may read leads (an Administrator) can add a rep or change an email')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Rep' })).toHaveCount(0);

    await page.goto(`/siteadmin/reps-retailers/rep/edit/${rep.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Rep' })).toBeVisible();
    const email = page.getByLabel('Email');
    await expect(email).toHaveValue('lead.route@example.com');
    await expect(email).toHaveAttribute('readonly', '');
    await expect(email).toHaveAccessibleDescription(/only someone who may read leads \(an Administrator\) can change it/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Title').fill('Senior Agronomist');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/siteadmin\/reps-retailers\?tab=reps$/);
    const saved = await page.request.get(`/api/admin/reps/get/${rep.id}`, { headers: adminAuth });
    expect(((await saved.json()) as { data: object }).data).toMatchObject({ title: 'Senior Agronomist', email: 'lead.route@example.com' });

    await page.goto('/siteadmin/reps-retailers/rep/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Rep' })).toBeVisible();
    await expect(page.getByText('only someone who may read leads (an Administrator) can add a rep')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await deleteMatching(page.request, 'reps', name);
  }
});

test('retailer edit with next continues to the following retailer after saving', async ({ page }) => {
  await signInQuickly(page);
  await page.goto('/siteadmin/reps-retailers?tab=retailers');
  await expect(page.locator('td[data-label="Name"]').first()).toBeVisible();
  const names = await page.getByRole('row').locator('td[data-label="Name"]').allTextContents();
  await page.getByRole('link', { name: 'Edit these one after another' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Retailer' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(names[0]!);
  await expect(page.getByText('After saving, the next retailer opens.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/retailer\/edit\/\d+\/next$/);
  await expect(page.getByLabel('Name')).toHaveValue(names[1]!);
});

test('an import with a bad row imports the valid rows when asked, and the skipped rows download as CSV', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now()}`;
  const name = `Partial Import Test ${stamp}`;
  try {
    await signInQuickly(page);
    await page.goto('/siteadmin/reps-retailers?tab=retailers');
    await expect(page.getByRole('heading', { level: 1, name: 'Reps & Retailers' })).toBeVisible();
    // Import is next to Export CSV, above the list
    const actions = page.getByRole('button', { name: 'Export CSV' }).locator('..');
    await actions.getByRole('button', { name: 'Import CSV' }).click();
    const panel = page.getByRole('region', { name: 'Import retailers from CSV' });
    const table = page.getByRole('table', { name: 'Retailers' });
    expect((await panel.boundingBox())!.y).toBeLessThan((await table.boundingBox())!.y);

    await panel.getByLabel('CSV file').setInputFiles({
      name: 'partial.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `name,address,postal_code,website\n${name} One,1 Test Rd,68847,\nBroken ${name},2 Test Rd,ABCDE,ftp://x.example\n${name} Two,3 Test Rd,68847,https://two.example\n`,
      ),
    });
    await panel.getByRole('button', { name: 'Preview' }).click();
    await expect(panel.getByText('1 of 3 rows have problems.')).toBeVisible();
    // nothing is imported until the editor chooses
    await expect(panel.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
    const problems = panel.getByRole('table', { name: 'Rows with problems' });
    await expect(problems.getByRole('row', { name: /^3 / })).toContainText(`Broken ${name}`);
    expect(await axeViolations(page)).toEqual([]);

    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download the rows with problems (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const skipped = await readFile((await download.path())!, 'utf8');
    expect(skipped).toContain(`Broken ${name}`);
    expect(skipped).not.toContain(`${name} One`);

    await panel.getByRole('button', { name: 'Import the 2 valid rows, skip 1' }).click();
    await expect(
      panel.getByRole('status').filter({ hasText: 'Imported: 2 added, 0 updated; 1 rows with problems skipped.' }),
    ).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search retailers' }).fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Showing 1–2 of 2 retailers')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^Select ${name} One ${name} One 1 Test Rd`) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^Select ${name} Two ${name} Two 3 Test Rd`) })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Select Broken / })).toHaveCount(0);
  } finally {
    await deleteMatching(page.request, 'retailers', name);
  }
});
