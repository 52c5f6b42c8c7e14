import { expect, test } from './fixtures.ts';
import { apiTokens, axeViolations, createUser, signInQuickly } from './admin-helpers.ts';

/**
 * No save overwrites another (ADR 048), as two editors live it: both open the same page; the second
 * save is refused, what was typed stays in the form, the dialog names who saved and shows the
 * differences side by side, and "Save mine anyway" then saves it as the newest version.
 */
test('two editors of one page: the second save is refused, nothing typed is lost, and Save mine anyway works', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiTokens(request);
  const stamp = Date.now();
  const ana = { email: `ana.lopez.${stamp}@example.com`, password: 'ana-lopez-password-1' };
  await createUser(request, admin.token, ana.email, ana.password, [2]);
  const created = await request.post('/api/admin/pages/add', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { title: `Field Day ${stamp}`, visibility: 1, regionIds: [2], modules: [] },
  });
  const { id } = ((await created.json()) as { data: { id: number } }).data;

  const mine = await browser.newContext();
  const theirs = await browser.newContext();
  try {
    const me = await mine.newPage();
    const her = await theirs.newPage();
    await signInQuickly(me);
    await signInQuickly(her, ana.email, ana.password);
    // both open the same version
    for (const p of [me, her]) {
      await p.goto(`/siteadmin/pages/edit/${id}`);
      await expect(p.getByRole('heading', { level: 1, name: 'Edit Page' })).toBeVisible();
    }

    // Ana saves first
    await her.getByLabel('Title', { exact: true }).fill(`Field Day ${stamp}, by Ana`);
    await her.getByRole('button', { name: 'Save Changes' }).click();
    await expect(her.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();

    // my save, from the version I opened, is refused: the dialog says who, and my title is still in the field
    const title = me.getByLabel('Title', { exact: true });
    await title.fill(`Field Day ${stamp}, mine`);
    await me.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = me.getByRole('dialog', { name: /^Ana Lopez \d+ saved this while you were editing$/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(ana.email);
    await expect(dialog).toContainText('Differs in: Title.');
    expect(await axeViolations(me)).toEqual([]);

    // Escape keeps editing: nothing typed is lost, and the next save is refused again
    await me.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(title).toHaveValue(`Field Day ${stamp}, mine`);
    await me.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeVisible();

    // the differences, side by side
    const differences = dialog.getByRole('button', { name: 'See differences' });
    await differences.click();
    await expect(dialog.getByRole('button', { name: 'Hide differences' })).toHaveAttribute('aria-expanded', 'true');
    const row = dialog.getByRole('row', { name: /^Title/ });
    await expect(row.getByRole('cell').nth(0)).toHaveText(`Field Day ${stamp}, by Ana`);
    await expect(row.getByRole('cell').nth(1)).toHaveText(`Field Day ${stamp}, mine`);
    await expect(dialog.getByRole('columnheader', { name: /^Theirs/ })).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'Yours' })).toBeVisible();

    // save mine anyway: the newest version is mine
    await dialog.getByRole('button', { name: 'Save mine anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(me.getByRole('status').filter({ hasText: 'Saved: a new version was added.' })).toBeVisible();
    await expect(title).toHaveValue(`Field Day ${stamp}, mine`);
    const saved = await request.get(`/api/admin/pages/get/${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(((await saved.json()) as { data: { title: string } }).data.title).toBe(`Field Day ${stamp}, mine`);

    // Ana's next save is now the stale one; Load theirs gives her the newest version in a fresh form
    await her.getByLabel('Title', { exact: true }).fill(`Field Day ${stamp}, Ana again`);
    await her.getByRole('button', { name: 'Save Changes' }).click();
    const hers = her.getByRole('dialog', { name: /saved this while you were editing$/ });
    await expect(hers).toBeVisible();
    await hers.getByRole('button', { name: 'Load theirs' }).click();
    await expect(hers).toBeHidden();
    await expect(her.getByLabel('Title', { exact: true })).toHaveValue(`Field Day ${stamp}, mine`);
  } finally {
    await mine.close();
    await theirs.close();
  }
});

/** The privacy text (append-only versions) is guarded too: a version added since the screen opened opens the same dialog. */
test('the privacy text: a version added since opening is not replaced silently, and Save mine anyway saves mine', async ({
  page,
  request,
}) => {
  const admin = await apiTokens(request);
  const headers = { authorization: `Bearer ${admin.token}` };
  const stamp = Date.now();
  await signInQuickly(page);
  await page.goto('/siteadmin/settings');
  const field = page.getByLabel('Text beside the contact forms');
  await expect(field).toBeVisible();
  // someone else adds a version after the screen was opened
  const shown = ((await (await request.get('/api/admin/privacy/text', { headers })).json()) as { data: { id: number } | null }).data;
  const theirs = await request.post('/api/admin/privacy/text', {
    headers,
    data: { text: `We answer within two days (${stamp}).`, baseVersion: shown?.id ?? 0 },
  });
  expect(theirs.ok()).toBe(true);

  await field.fill(`We answer within a week (${stamp}).`);
  await page.getByRole('button', { name: 'Save Privacy Text' }).click();
  const dialog = page.getByRole('dialog', { name: /saved this while you were editing$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Differs in: Privacy text.');
  await expect(field).toHaveValue(`We answer within a week (${stamp}).`);
  await dialog.getByRole('button', { name: 'Save mine anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /^Saved as version \d+\./ })).toBeVisible();
});
