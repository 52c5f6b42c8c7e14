import { expect, test } from './fixtures.ts';
import { axeViolations, signInQuickly } from './admin-helpers.ts';

test('forms: find a submission, view it, archive it, and find it again among the archived', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `Quinn Harvest ${stamp}`;
  const email = `quinn.${stamp}@example.com`;
  // Two submissions from one address, the other one first: other browser tests send
  // submissions at the same time, so "newest first" is checked within this address.
  for (const sender of [`Reese Early ${stamp}`, name]) {
    const sent = await page.request.post('/api/forms/add', {
      data: {
        name: sender,
        email,
        phone: '5155550142',
        data: JSON.stringify({ region: 'USA', role: 'Grower', state: 'Iowa', zipcode: '50011' }),
        message: 'Please call about spring nitrogen.',
        reCaptchaToken: '',
      },
    });
    expect(((await sent.json()) as { success: boolean }).success).toBe(true);
  }

  await signInQuickly(page);
  await page.goto('/siteadmin/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  for (const column of ['Name', 'Type', 'Created', 'Phone', 'ZipCode', 'View'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  // Newest first by default: of this address's two submissions, the later one leads.
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Search name or email').fill(email);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Showing 2 of 2 form submissions.')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('row').nth(1)).toContainText(name);
  await expect(page.getByRole('row').nth(2)).toContainText(`Reese Early ${stamp}`);

  await page.getByLabel('Search name or email').fill(name);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Showing 1 of 1 form submissions.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Contact');
  await expect(row).toContainText('50011');

  await row.getByRole('button', { name: `View the Form written by ${name}` }).click();
  const view = page.getByRole('dialog', { name: `Written by ${name}` });
  await expect(view).toBeVisible();
  // labelled fields and the phone formatted to read
  await expect(view).toContainText('+1 (515) 555-0142');
  for (const [term, value] of [
    ['Region', 'USA'],
    ['Role', 'Grower'],
    ['State or province', 'Iowa'],
    ['ZIP code', '50011'],
  ]) {
    await expect(view.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toHaveCount(1);
    await expect(
      view
        .getByRole('definition')
        .filter({ hasText: new RegExp(`^${value}$`) })
        .first(),
    ).toBeVisible();
  }
  await expect(view).toContainText('Please call about spring nitrogen.');
  expect(await axeViolations(page)).toEqual([]);
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();

  await row.getByRole('button', { name: `Archive the Form written by ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive Form' });
  await expect(confirm).toContainText(`Archive the Form written by ${name} ?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Archive the Form written by ${name}` }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `The Form written by ${name} was archived.` })).toBeVisible();

  await page.getByLabel('Show').selectOption({ label: 'Archived' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Archived');
});

test('forms: the filters, search, sort and how many are loaded live in the address (reload, Back and a shared link keep them)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = `Addr${Date.now()}`;
  for (let i = 1; i <= 22; i++) {
    const sent = await page.request.post('/api/forms/add', {
      data: {
        name: `${token} Grower ${String(i).padStart(2, '0')}`,
        email: `grower${i}@example.com`,
        phone: '5155550100',
        data: JSON.stringify({ region: 'USA', role: 'Grower', state: 'Iowa', zipcode: '50011' }),
        message: 'Hello',
        reCaptchaToken: '',
      },
    });
    expect(((await sent.json()) as { success: boolean }).success).toBe(true);
  }

  await signInQuickly(page);
  await page.goto('/siteadmin/forms');
  await page.getByLabel('Search name or email').fill(token);
  await page.getByLabel('Type').selectOption({ label: 'Contact' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`/siteadmin/forms\\?q=${token}&type=contact$`));
  await expect(page.getByText('Showing 20 of 22 form submissions.')).toBeVisible();

  // Load More: the address counts the rows shown (replaced, not pushed) and the page does not jump
  const more = page.getByRole('button', { name: 'Load More' });
  await more.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await more.click();
  await expect(page.getByText('Showing 22 of 22 form submissions.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?q=${token}&type=contact&shown=40$`));
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(200);
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

  // a reload (or the same link in another tab) shows the same list, filters filled in
  await page.reload();
  await expect(page.getByText('Showing 22 of 22 form submissions.')).toBeVisible();
  await expect(page.getByLabel('Search name or email')).toHaveValue(token);
  await expect(page.getByLabel('Type')).toHaveValue('contact');

  // sorting starts again at one page; Back returns to the list as it was
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${token}&type=contact&sort=name$`));
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').nth(1)).toContainText(`${token} Grower 01`);
  await expect(page.getByText('Showing 20 of 22 form submissions.')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?q=${token}&type=contact&shown=40$`));
  await expect(page.getByText('Showing 22 of 22 form submissions.')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');

  // a filter that matches nothing, then Clear: the bare address again
  await page.getByLabel('Type').selectOption({ label: 'Rep' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${token}&type=rep$`));
  await expect(page.getByText('No form submissions match.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/forms$/);
  await expect(page.getByLabel('Search name or email')).toHaveValue('');
});

test('site settings: a new notice text shows on the home page at once', async ({ page }) => {
  test.setTimeout(90_000);
  await signInQuickly(page);
  await page.goto('/siteadmin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Security' }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // the hints speak to an editor: no environment variable names
  await expect(page.getByLabel('USA leads email')).toHaveAccessibleDescription(/Leave it blank to keep sending them to \S+@\S+/);
  expect(await page.locator('main').innerText()).not.toMatch(/\b[A-Z]{2,}_[A-Z_]{2,}\b/);

  const text = page.getByLabel('Notice text');
  const original = await text.inputValue();
  const fresh = `Field day on ${Date.now()}: come and see the trial plots.`;
  try {
    await page.getByRole('checkbox', { name: /Show the notice bar/ }).check();
    await text.fill(fresh);
    await page.getByLabel('Careers address').fill('ftp://careers.example.com/');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enter a full http:// or https:// address.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Careers address').fill('https://careers.example.com/');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Site settings saved.' })).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Announcement' })).toContainText(fresh);
  } finally {
    // Other tests expect the seeded notice.
    await page.goto('/siteadmin/settings');
    await page.getByLabel('Notice text').fill(original);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Site settings saved.' })).toBeVisible();
  }
});
