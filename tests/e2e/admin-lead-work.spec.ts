import { expect, test } from './fixtures.ts';
import { axeViolations, signInQuickly } from './admin-helpers.ts';

test('forms: an administrator works a lead routed by territory from New to Won: status and assignee changed in its View, each in its history and the list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Rowan Routed ${Date.now()}`;
  // 50011 is in a seeded rep's territory (Megan Alvarez: ZIP codes starting 500)
  const sent = await page.request.post('/api/forms/add', {
    data: {
      name,
      email: 'rowan.routed@example.com',
      phone: '5155550142',
      data: JSON.stringify({ region: 'USA', role: 'Grower', state: 'Iowa', zipcode: '50011' }),
      message: 'Who covers Ames?',
      reCaptchaToken: '',
    },
  });
  expect(((await sent.json()) as { success: boolean }).success).toBe(true);

  await signInQuickly(page);
  await page.goto('/siteadmin/forms');
  await page.getByLabel('Search name or email').fill(name);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('New');
  await expect(row).toContainText('Megan Alvarez');

  await row.getByRole('button', { name: `View the Form written by ${name}` }).click();
  const view = page.getByRole('dialog', { name: `Written by ${name}` });
  await expect(view.getByText('Territory routing: by ZIP codes starting 500')).toBeVisible();
  await expect(view.getByLabel('Lead status')).toHaveValue('new');

  await view.getByLabel('Lead status').selectOption({ label: 'Contacted' });
  await expect(view.getByRole('status').filter({ hasText: 'Status changed to Contacted.' })).toBeVisible();
  const history = view.getByRole('list', { name: 'History' });
  await expect(history).toContainText('changed the status from New to Contacted');
  // who, by name as the audit log names people: the email on hover and for screen readers
  const who = history.getByRole('listitem').first().locator('.audit-person');
  await expect(who).toHaveText('Admin (admin@example.com)');
  await expect(who).toHaveAttribute('title', 'admin@example.com');

  await view.getByLabel('Assigned to').selectOption({ label: 'Tom Becker' });
  await expect(view.getByRole('status').filter({ hasText: 'Assigned to Tom Becker; they were emailed the lead.' })).toBeVisible();
  await expect(history).toContainText('assigned it to rep Tom Becker');

  await view.getByLabel('Note').fill('Called back; wants a quote.');
  await view.getByRole('button', { name: 'Add note' }).click();
  await expect(history).toContainText('added a note: Called back; wants a quote.');

  // then on to Qualified, and Won
  await view.getByLabel('Lead status').selectOption({ label: 'Qualified' });
  await expect(view.getByRole('status').filter({ hasText: 'Status changed to Qualified.' })).toBeVisible();
  await expect(history).toContainText('changed the status from Contacted to Qualified');
  await view.getByLabel('Lead status').selectOption({ label: 'Won' });
  await expect(view.getByRole('status').filter({ hasText: 'Status changed to Won.' })).toBeVisible();
  await expect(history).toContainText('changed the status from Qualified to Won');
  await expect(view.getByLabel('Lead status')).toHaveValue('won');
  expect(await axeViolations(page)).toEqual([]);
  await view.getByRole('button', { name: 'Close' }).click();

  // the list shows the new values, and filters by them
  await expect(row).toContainText('Won');
  await expect(row).toContainText('Tom Becker');
  // (Won between the others, so each filter changes what the list says)
  for (const [status, shown] of [
    ['Won', 1],
    ['Contacted', 0],
    ['Won', 1],
    ['New', 0],
  ] as const) {
    await page.getByLabel('Status', { exact: true }).selectOption({ label: status });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`leadStatus=${status.toLowerCase()}`));
    await expect(page.getByText(`Showing ${shown} of ${shown} form submissions.`)).toBeVisible();
  }
});
