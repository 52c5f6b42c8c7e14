import { expect, test } from './fixtures.ts';
import { axeViolations, signInQuickly } from './admin-helpers.ts';

/** The dashboard: what needs attention, the last changes, the tiles; and View site in the header. */
test('the dashboard shows new and unread leads, drafts and scheduled items, and the last changes; View site opens the site', async ({
  page,
}) => {
  const name = `Dashboard Lead ${Date.now()}`;
  const sent = await page.request.post('/api/forms/add', {
    data: {
      name,
      email: 'dash@example.com',
      phone: '',
      data: JSON.stringify({ region: 'USA', role: 'Grower' }),
      message: 'Hello',
      reCaptchaToken: '',
    },
  });
  expect(((await sent.json()) as { success: boolean }).success).toBe(true);

  await signInQuickly(page);
  await page.goto('/siteadmin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // the test server has no SMTP_URL: the Administrator is told lead emails go to files, and how many
  await expect(page.getByRole('alert').filter({ hasText: 'Lead emails are not being sent.' })).toContainText(
    /\d[\d,]* messages? there now/,
  );
  const glance = page.getByRole('list', { name: 'At a glance' });
  for (const label of [/New leads? in the last 7 days/, /Unread leads?/, /Drafts?/, /Scheduled to publish/]) {
    await expect(glance.getByRole('listitem').filter({ hasText: label })).toHaveCount(1);
  }
  const unread = glance.getByRole('link', { name: /Unread leads?/ });
  const before = Number((await unread.innerText()).match(/\d[\d,]*/)![0].replace(/,/g, ''));
  expect(before).toBeGreaterThan(0);

  // opening the lead makes it read: one fewer unread
  await unread.click();
  await expect(page).toHaveURL(/\/siteadmin\/forms/);
  await page.getByRole('button', { name: `View the Form written by ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Written by ${name}` })
    .getByRole('button', { name: 'Close' })
    .click();
  await page.goto('/siteadmin');
  await expect(page.getByRole('list', { name: 'At a glance' }).getByRole('link', { name: /Unread leads?/ })).toContainText(
    String(before - 1),
  );

  await expect(page.getByRole('heading', { name: 'Last changes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the whole audit log' })).toHaveAttribute('href', '/siteadmin/audit-log');
  await expect(page.getByRole('list', { name: 'Sections' }).getByRole('listitem')).toHaveCount(10);

  const viewSite = page.getByRole('link', { name: 'View site (opens in a new tab)' });
  await expect(viewSite).toHaveAttribute('href', '/');
  await expect(viewSite).toHaveAttribute('target', '_blank');
  expect(await axeViolations(page)).toEqual([]);
});
