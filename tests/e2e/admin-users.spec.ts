import { expect, test } from './fixtures.ts';
import { ADMIN, axeViolations, signInQuickly, uniqueEmail } from './admin-helpers.ts';

test('users: add, edit and delete, with the spec’s messages and axe on the list and the form', async ({ page }) => {
  test.setTimeout(90_000); // one long journey with four axe scans
  await signInQuickly(page);
  await page.goto('/siteadmin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Last Login' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(ADMIN.email) })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/siteadmin\/users\/add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add User' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/siteadmin/users');
  await expect(page.getByRole('link', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rollback' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  const save = page.getByRole('button', { name: 'Save Changes' });
  await save.click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill('not-an-email@nowhere');
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The server's message on failure: the administrator's address already exists.
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('checkbox', { name: /Editor/ }).check();
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'A user with this email already exists.' })).toBeVisible();

  const email = uniqueEmail('editor');
  await page.getByLabel('Email').fill(email);
  // the name the audit log and the editors show (ADR 052)
  await page.getByLabel('Name', { exact: true }).fill('Eddie Editor');
  await page.getByLabel('Password').fill('a-long-enough-password');
  await save.click();
  await expect(page).toHaveURL(/\/siteadmin\/users$/);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await expect(row).toContainText('Editor');
  await expect(row).toContainText('--');

  await row.getByRole('link', { name: `Edit ${email}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Eddie Editor');
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByText('Leave blank to keep the current password.', { exact: false })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Editor/ })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: /Administrator/ }).check();
  await page.getByRole('checkbox', { name: /Editor/ }).uncheck();
  await save.click();
  await expect(page).toHaveURL(/\/siteadmin\/users$/);
  await expect(row).toContainText('Administrator');

  await row.getByRole('button', { name: `Delete ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User' });
  await expect(dialog).toContainText(`Are you sure you want to delete the User ${email} ? This cannot be undone!`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${email}` }).click();
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
});

test('the signed-in administrator cannot delete their own account from the list', async ({ page }) => {
  await signInQuickly(page);
  await page.goto('/siteadmin/users');
  const me = page.getByRole('row', { name: new RegExp(ADMIN.email) });
  await expect(me.getByRole('link', { name: `Edit ${ADMIN.email}` })).toBeVisible();
  await expect(me.getByRole('button', { name: /Delete/ })).toHaveCount(0);
});
