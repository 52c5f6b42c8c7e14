import sharp from 'sharp';
import { expect, test, type Page } from './fixtures.ts';
import { apiTokens, axeViolations, signInQuickly } from './admin-helpers.ts';

/** A library image to pick in the editors (the seed has PDFs only). */
async function uploadImage(page: Page, token: string, title: string) {
  const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2f6b3a' } })
    .png()
    .toBuffer();
  const res = await page.request.post('/api/admin/documents/add', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title,
      kind: 'image',
      regionIds: '2',
      altText: `${title} in a green field`,
      file: { name: 'field.png', mimeType: 'image/png', buffer: png },
    },
  });
  const body = (await res.json()) as { success: boolean; data: { guid: string } };
  expect(body.success, 'image upload').toBe(true);
  return body.data.guid;
}

/** A published knowledge item made through the API (published on purpose: ADR 049), for the tests that start from an existing item. */
async function createItem(page: Page, token: string, title: string, modules: object[]) {
  const res = await page.request.post('/api/admin/knowledge-center/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      type: 0,
      category: 39,
      region: 2,
      status: 1,
      title,
      metadata: { desc: `${title} summary` },
      modules,
      publishDate: '2026-05-01T12:00:00Z',
    },
  });
  const body = (await res.json()) as { success: boolean; data: { id: number; slug: string; versionId: number } };
  expect(body.success, 'create item').toBe(true);
  return body.data;
}

/** Types into a TipTap field (a contenteditable named by its label). */
async function typeRichText(page: Page, label: string, text: string) {
  const area = page.getByRole('textbox', { name: label });
  await area.click();
  await page.keyboard.type(text);
}

/**
 * Knowledge items made here are deleted after each test, and the tests run alone (`@exclusive`): other
 * specs count the items of the public knowledge list.
 */
const made: { api: string; title: string }[] = [];
async function removeMade(page: Page) {
  const { token } = await apiTokens(page.request);
  const headers = { authorization: `Bearer ${token}` };
  for (const { api, title } of made.splice(0)) {
    const found = await page.request.post(`${api}/filter`, { headers, data: { searchText: title } });
    for (const item of ((await found.json()) as { data: { items: { id: number; title: string }[] } }).data.items) {
      if (item.title.startsWith(title)) await page.request.get(`${api}/delete/${item.id}`, { headers });
    }
  }
}
const KC_API = '/api/admin/knowledge-center';

test.describe('knowledge center editor', { tag: '@exclusive' }, () => {
  test.afterEach(async ({ page }) => removeMade(page));

  test('creates an item with all four module types and shows it on the public site', async ({ page }) => {
    test.setTimeout(90_000);
    const tokens = await signInQuickly(page);
    const stamp = Date.now();
    const imageTitle = `Trial plot ${stamp}`;
    await uploadImage(page, tokens.token, imageTitle);
    const title = `Cover Crop Field Notes ${stamp}`;
    made.push({ api: KC_API, title: title });

    await page.goto('/siteadmin/knowledge-center');
    await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Center' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Knowledge Item' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Knowledge Item' })).toBeVisible();

    // a new item starts as a draft: the button publishes it
    await expect(page.getByLabel('Status')).toHaveValue('0');
    // the spec's validation: nothing saved without a title
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Title is required.')).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill(title);
    await expect(page.getByLabel('Slug')).toHaveValue(`cover-crop-field-notes-${stamp}`);
    await page.getByLabel('Type', { exact: true }).selectOption('Research');

    const addModule = async (type: string) => {
      await page.getByLabel('Module type').selectOption(type);
      await page.getByRole('button', { name: 'Add module' }).click();
    };
    await addModule('Testimonial');
    await typeRichText(page, 'Testimonial 1: quote', 'Cover crops paid for themselves in two seasons.');
    await addModule('Rich text');
    await typeRichText(page, 'Rich text 2: text', 'Cereal rye scavenged the nitrogen left after corn.');
    await addModule('ROI list');
    await page.getByLabel('ROI item 1: headline').fill('38 lb N per acre');
    await page.getByLabel('ROI item 1: short description').fill('held over winter\nand released at planting');
    await addModule('Multi-image');
    await page.getByRole('button', { name: 'Add image' }).click();
    await page.getByRole('group', { name: 'Image 1', exact: true }).getByRole('button', { name: 'Choose image' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: new RegExp(`Choose ${imageTitle}`) }).click();
    await expect(page.getByLabel('Image 1: alt text')).toHaveValue(`${imageTitle} in a green field`);
    await page.getByLabel('Image 1: headline').fill('Rye at boot stage');

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The knowledge item was created.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Knowledge Item' })).toBeVisible();
    // published: from now on the button saves changes
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);

    await page.goto(`/knowledge-center/cover-crop-field-notes-${stamp}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Cover crops paid for themselves in two seasons.')).toBeVisible();
    await expect(page.getByText('Cereal rye scavenged the nitrogen left after corn.')).toBeVisible();
    await expect(page.getByText('38 lb N per acre')).toBeVisible();
    await expect(page.getByRole('img', { name: `${imageTitle} in a green field` })).toBeVisible();
    await expect(page.getByText('Research', { exact: true }).first()).toBeVisible();
  });

  test('edits, rolls back to the first version through the dropdown, and keeps every version', async ({ page }) => {
    test.setTimeout(90_000);
    const tokens = await signInQuickly(page);
    const first = `Sidedress Timing ${Date.now()}`;
    made.push({ api: KC_API, title: first });
    const item = await createItem(page, tokens.token, first, [{ type: 2, content: '<p>The first advice.</p>' }]);

    await page.goto(`/siteadmin/knowledge-center/edit/${item.id}`);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(first);
    await page.getByLabel('Title', { exact: true }).fill(`${first}, revised`);
    // the first change in a controlled field counts too (the SEO title is one)
    await page.getByLabel('SEO title').fill('S');
    // a base field (kept on the item, not in the version's content): rollback restores it too
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('0');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Research' });
    // leaving with unsaved changes asks first
    await page.getByRole('link', { name: 'Back' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`${first}, revised`);
    await expect(page.getByLabel('SEO title')).toHaveValue('S');

    const rollback = page.getByText('Rollback', { exact: true });
    await rollback.click();
    const versions = page.getByRole('list', { name: 'Saved versions' }).getByRole('link');
    await expect(versions).toHaveCount(2);
    await versions.last().click();
    await expect(page).toHaveURL(new RegExp(`/siteadmin/knowledge-center/edit/${item.id}/${item.versionId}$`));
    await expect(page.getByRole('note')).toContainText('Save Changes makes it the current version again');
    // which fields the opened version changes, against the version the site shows
    await expect(page.getByRole('note')).toContainText('Differs from the current version in: Title, SEO.');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(first);
    // Save Changes on an unedited version restores it through the rollback endpoint: content and base fields
    const rolledBack = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/admin/knowledge-center/rollback/${item.id}/${item.versionId}`),
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await rolledBack;
    await expect(
      page.getByRole('status').filter({ hasText: 'Rolled back: the version was restored as the newest version.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/siteadmin/knowledge-center/edit/${item.id}$`));
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(first);
    await expect(page.getByLabel('SEO title')).toHaveValue('');
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('0');

    await page.getByText('Rollback', { exact: true }).click();
    await expect(page.getByRole('list', { name: 'Saved versions' }).getByRole('link')).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'Saved versions' })).toContainText('admin@example.com');

    await page.goto(`/knowledge-center/${item.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  });

  test('previews unsaved changes in a new tab, and the public page stays as it was', async ({ page }) => {
    test.setTimeout(60_000);
    const tokens = await signInQuickly(page);
    const title = `Preview Candidate ${Date.now()}`;
    made.push({ api: KC_API, title: title });
    const item = await createItem(page, tokens.token, title, [{ type: 2, content: '<p>Saved text.</p>' }]);
    await page.goto(`/siteadmin/knowledge-center/edit/${item.id}`);
    await page.getByLabel('Title', { exact: true }).fill(`${title}, not saved yet`);
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Preview' }).click()]);
    await tab.waitForURL(/\/preview\/[A-Za-z0-9_-]+$/);
    await expect(tab.getByRole('heading', { level: 1, name: `${title}, not saved yet` })).toBeVisible();
    await expect(tab.getByText('Preview — not published')).toBeVisible();
    await tab.close();
    await page.goto(`/knowledge-center/${item.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('reorders modules with the keyboard', async ({ page }) => {
    test.setTimeout(60_000);
    const tokens = await signInQuickly(page);
    const title = `Module Order ${Date.now()}`;
    made.push({ api: KC_API, title: title });
    const item = await createItem(page, tokens.token, title, [
      { type: 2, content: '<p>Paragraph that starts first.</p>' },
      { type: 3, items: [{ headline: 'Headline that starts second', shortDescription: 'ROI' }] },
    ]);
    await page.goto(`/siteadmin/knowledge-center/edit/${item.id}`);
    const down = page.getByRole('button', { name: 'Move down Rich text module 1' });
    await down.focus();
    await page.keyboard.press('Enter');
    // focus follows the module, which is now second: its Move up button is the one still usable
    await expect(page.getByRole('button', { name: 'Move up Rich text module 2' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Rich text module moved to position 2 of 2.' })).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();

    await page.goto(`/knowledge-center/${item.slug}`);
    const body = await page.locator('main').innerText();
    expect(body.indexOf('Headline that starts second')).toBeGreaterThan(-1);
    expect(body.indexOf('Headline that starts second')).toBeLessThan(body.indexOf('Paragraph that starts first.'));
  });

  test('the list searches, filters, sorts and pages in the address, pins, and axe finds nothing on the list and the editor', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const tokens = await apiTokens(page.request);
    await signInQuickly(page);
    const title = `Zebra Pin Candidate ${Date.now()}`;
    made.push({ api: KC_API, title: title });
    const item = await createItem(page, tokens.token, title, [{ type: 2, content: '<p>Pin me.</p>' }]);

    await page.goto('/siteadmin/knowledge-center');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Search title or slug').fill(title);
    await page.getByLabel('Type').selectOption('Article');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\?q=Zebra\+Pin\+Candidate.*&type=0/);
    await expect(page.getByText('Showing 1–1 of 1 knowledge items')).toBeVisible();
    // a live item has Edit, View, Pin and Delete: Pin is the third in the row, Delete (the fourth) is in its More menu
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: `Pin ${title}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${title}” is pinned` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Unpin ${title}` })).toBeVisible();
    await row.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: `Delete ${title}` })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/siteadmin/knowledge-center?sort=title');
    await expect(page.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('link', { name: 'Title' }).click();
    await expect(page).toHaveURL(/sort=title&dir=desc/);
    await expect(page.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');

    await page.goto(`/siteadmin/knowledge-center/edit/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Knowledge Item' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // unpin again, so the public list's order is as the other tests expect
    await page.goto(`/siteadmin/knowledge-center?q=${encodeURIComponent(title)}`);
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: `Unpin ${title}` })
      .click();
    await expect(page.getByRole('status').filter({ hasText: `“${title}” is no longer pinned.` })).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: title })
        .getByRole('button', { name: `Pin ${title}` }),
    ).toBeVisible();
  });
});

test(
  'press releases: create one in the editor and read it on the public site; delete asks first',
  { tag: '@exclusive' },
  async ({ page }) => {
    test.setTimeout(60_000);
    await signInQuickly(page);
    const title = `Northfield Opens a Demo Farm ${Date.now()}`;
    await page.goto('/siteadmin/press-releases');
    await expect(page.getByRole('heading', { level: 1, name: 'Press Releases' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Press Release' }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Module type').selectOption('Rich text');
    await page.getByRole('button', { name: 'Add module' }).click();
    await typeRichText(page, 'Rich text 1: text', 'The farm opens to growers in June.');
    // a new press release starts as a draft: saved as one, it stays off the site
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The press release was created.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Press Release' })).toBeVisible();
    const slug = await page.getByLabel('Slug').inputValue();
    expect((await page.request.get(`/press-releases/${slug}`)).status()).toBe(404);
    // the Rollback list says the version is a draft
    await page.getByText('Rollback', { exact: true }).click();
    await expect(page.getByRole('list', { name: 'Saved versions' }).getByRole('link').first()).toContainText('Draft');
    await page.getByText('Rollback', { exact: true }).click();
    // Publish puts it on the site; then the button reads Save Changes
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/press-releases/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('The farm opens to growers in June.')).toBeVisible();

    await page.goto(`/siteadmin/press-releases?q=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Press Release' });
    await expect(confirm).toContainText(`Are you sure you want to delete the Press Release ${title} ?`);
    await confirm.getByRole('button', { name: 'Delete Press Release' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'was deleted' })).toBeVisible();
    expect((await page.request.get(`/press-releases/${slug}`)).status()).toBe(404);
  },
);

test.describe('pages', () => {
  test("changes a home's hero text, sees it on the public home, and rolls it back", async ({ page }) => {
    test.setTimeout(60_000);
    await signInQuickly(page);
    await page.goto('/siteadmin/pages?kind=home');
    await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: '/home-int' });
    await row.getByRole('link', { name: /^Edit / }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Home' })).toBeVisible();
    const headline = page.getByLabel('Headline', { exact: true });
    const original = await headline.inputValue();
    await headline.fill('Science-led crop nutrition in 60 countries');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();

    await page.goto('/home-int');
    await expect(page.getByRole('heading', { level: 1, name: 'Science-led crop nutrition in 60 countries' })).toBeVisible();

    await page.goto('/siteadmin/pages?kind=home');
    await page
      .getByRole('row')
      .filter({ hasText: '/home-int' })
      .getByRole('link', { name: /^Edit / })
      .click();
    await page.getByText('Rollback', { exact: true }).click();
    await page.getByRole('list', { name: 'Saved versions' }).getByRole('link').nth(1).click();
    await expect(page.getByLabel('Headline', { exact: true })).toHaveValue(original);
    // the unedited version is restored through the rollback endpoint
    const rolledBack = page.waitForRequest(
      (r) => r.method() === 'POST' && /\/api\/admin\/landing-pages\/rollback\/\d+\/\d+$/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await rolledBack;
    await expect(
      page.getByRole('status').filter({ hasText: 'Rolled back: the version was restored as the newest version.' }),
    ).toBeVisible();
    await page.goto('/home-int');
    await expect(page.getByRole('heading', { level: 1, name: original })).toBeVisible();
  });

  test('creates a custom page, then hides it: the address answers Page Not Found', async ({ page }) => {
    test.setTimeout(60_000);
    await signInQuickly(page);
    const title = `Spring Field Day ${Date.now()}`;
    await page.goto('/siteadmin/pages');
    await page.getByRole('link', { name: 'Add Page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Page' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Module type').selectOption('Rich text');
    await page.getByRole('button', { name: 'Add module' }).click();
    await typeRichText(page, 'Rich text 1: text', 'Join our agronomists at the plots in May.');
    // a new page starts hidden, as a draft: Publish makes it visible
    await expect(page.getByLabel('Visibility')).toHaveValue('0');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The page was created.' })).toBeVisible();
    await expect(page.getByLabel('Visibility')).toHaveValue('1');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const slug = await page.getByLabel('Slug').inputValue();

    await page.goto(`/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Join our agronomists at the plots in May.')).toBeVisible();

    await page.goto(`/siteadmin/pages?q=${encodeURIComponent(title)}`);
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByLabel('Visibility').selectOption('Hidden (answers Page Not Found)');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();
    const gone = await page.goto(`/${slug}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('axe finds nothing on the pages list and the landing-page editor', async ({ page }) => {
    // two full scans of the two largest admin screens: past 30 s on a loaded 2-core machine
    test.setTimeout(60_000);
    await signInQuickly(page);
    await page.goto('/siteadmin/pages');
    await expect(page.getByRole('heading', { level: 2, name: 'Custom pages' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByRole('row')
      .filter({ hasText: '/clear-choice' })
      .getByRole('link', { name: /^Edit / })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Campaign Page' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
