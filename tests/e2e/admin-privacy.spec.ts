import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { axeViolations, signInQuickly, uniqueEmail } from './admin-helpers.ts';

// Exclusive (tests/e2e/fixtures.ts): a new privacy text and the retention days are site-wide, and
// saving the text drops every cached page; this test runs on the isolated server with nothing else in flight.
test(
  'privacy: an Administrator edits the privacy text and lead retention, then finds a lead’s address, exports it and erases it',
  { tag: '@exclusive' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await signInQuickly(page);
    const privacyText = `We use your details to answer your message and keep them no longer than our retention period (${Date.now()}).`;

    // Site Settings: the privacy text, saved as a new version
    await page.goto('/siteadmin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();
    const textForm = page.getByRole('form', { name: 'Privacy text' });
    // an earlier wording first, so the new one has a version before it
    await textForm.getByLabel('Text beside the contact forms').fill(`An earlier wording (${Date.now()}).`);
    await textForm.getByRole('button', { name: 'Save Privacy Text' }).click();
    await expect(textForm.getByRole('status')).toContainText('Saved as version');
    await textForm.getByLabel('Text beside the contact forms').fill(privacyText);
    await textForm.getByRole('button', { name: 'Save Privacy Text' }).click();
    const saved = textForm.getByRole('status').filter({ hasText: /^Saved as version \d+\./ });
    await expect(saved).toBeVisible();
    const version = Number(/version (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
    expect(version).toBeGreaterThan(0);
    await expect(textForm.getByText(new RegExp(`^Version ${version}, saved .+ by admin@example\\.com\\.$`))).toBeVisible();
    const earlier = page.getByRole('table', { name: 'Earlier versions' });
    await expect(earlier.getByRole('row', { name: new RegExp(`^${version - 1} .*An earlier wording`) })).toBeVisible();
    // the same words again are no new version
    await textForm.getByRole('button', { name: 'Save Privacy Text' }).click();
    await expect(textForm.getByRole('status')).toHaveText(`The text is unchanged: the forms still show version ${version}.`);

    // lead retention per region: off (blank) by default; a wrong number is refused with a message
    const us = page.getByLabel('Keep U.S. leads for (days)');
    await expect(us).toHaveValue('');
    await expect(page.getByLabel('Keep Canada leads for (days)')).toHaveAccessibleDescription(/Off: kept/);
    await us.fill('0');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enter a whole number of days from 1 to 3650, or leave it blank to keep leads.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await us.fill('3650');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Site settings saved.' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Keep U.S. leads for (days)')).toHaveValue('3650');
    await expect(page.getByLabel('Keep U.S. leads for (days)')).toHaveAccessibleDescription(/older than 3650 days are deleted/);
    await expect(page.getByLabel('Keep International leads for (days)')).toHaveValue('');

    try {
      // a visitor contacts a rep from the finder: the dialog shows the new text, and the lead stores its version
      const email = uniqueEmail('privacy-request');
      const name = `Robin Privacy ${Date.now()}`;
      await page.goto('/reps-retailers?label=Reps&zip=50010');
      await page.getByRole('button', { name: 'Contact Megan Alvarez' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact Megan Alvarez' });
      await expect(dialog.getByText(privacyText)).toBeVisible();
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Message').fill('Please call me about spring nitrogen.');
      const [sent] = await Promise.all([
        page.waitForRequest('**/api/forms/contact-rep'),
        dialog.getByRole('button', { name: 'Send message' }).click(),
      ]);
      expect(sent.postDataJSON()).toMatchObject({ email, privacyVersion: version });
      await expect(page).toHaveURL(/\/rep-thankyou\?/);
      // and the contact form, with the same text beside it (the address in capitals: one person, two leads)
      const contact = await page.request.post('/api/forms/add', {
        data: {
          name: 'Robin Privacy',
          email: email.toUpperCase(),
          phone: '5155550142',
          data: JSON.stringify({ region: 'USA', role: 'Grower', state: 'Iowa', zipcode: '50011' }),
          message: 'And send me the product guide.',
          reCaptchaToken: '',
          privacyVersion: version,
        },
      });
      expect(((await contact.json()) as { success: boolean }).success).toBe(true);

      // the lead's View names the version and its words
      await page.goto('/siteadmin/forms');
      await page.getByRole('button', { name: `View the Form written by ${name}` }).click();
      const view = page.getByRole('dialog', { name: `Written by ${name}` });
      await expect(view.getByText(new RegExp(`^Version ${version}, saved .+, was shown beside the form:$`))).toBeVisible();
      await expect(view.getByText(privacyText)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await view.getByRole('button', { name: 'Close' }).click();

      // Privacy Requests, from the drawer
      await page.goto('/siteadmin');
      await page.getByRole('navigation', { name: 'Administrator' }).getByRole('link', { name: 'Privacy Requests' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Requests' })).toBeVisible();
      const address = page.getByRole('textbox', { name: 'Email address' });
      await address.fill('not an address');
      await page.getByRole('button', { name: 'Look Up' }).click();
      await expect(page.getByText('Enter a valid email address.')).toBeVisible();
      await address.fill(`  ${email.toUpperCase()} `);
      await page.getByRole('button', { name: 'Look Up' }).click();
      await expect(page.getByRole('status').filter({ hasText: `2 leads stored for ${email}.` })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // the export: a JSON file of both leads, each with the privacy text it was sent with
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Export' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^privacy-export-.+\.json$/);
      const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
        email: string;
        leads: { email: string; privacyTextId: number | null; privacyText: string | null }[];
        emails: unknown[];
      };
      expect(exported.email).toBe(email);
      expect(exported.leads).toHaveLength(2);
      for (const l of exported.leads) expect(l).toMatchObject({ privacyTextId: version, privacyText });
      expect(exported.emails.length).toBeGreaterThan(0);
      await expect(page.getByRole('status').filter({ hasText: `The export of 2 leads sent with ${email} was downloaded.` })).toBeVisible();

      // erasure: the confirmation names the count; Cancel deletes nothing
      await page.getByRole('button', { name: 'Delete Everything' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Everything Stored' });
      await expect(confirm).toContainText(`Delete the 2 leads sent with ${email}`);
      expect(await axeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await page.getByRole('button', { name: 'Delete Everything' }).click();
      await confirm.getByRole('button', { name: 'Delete 2 leads' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Deleted 2 leads sent with ${email}` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete Everything' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Look Up' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Nothing is stored for ${email}.` })).toBeVisible();

      // both requests are in the audit log, in words, with the address
      await page.goto('/siteadmin/audit-log');
      await expect(page.getByText(`exported everything stored about ${email}: 2 leads`)).toBeVisible();
      await expect(page.getByText(`erased everything stored about ${email}: 2 leads`)).toBeVisible();
    } finally {
      // retention off again, as the other tests expect
      await page.goto('/siteadmin/settings');
      await page.getByLabel('Keep U.S. leads for (days)').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Site settings saved.' })).toBeVisible();
      await expect(page.getByLabel('Keep U.S. leads for (days)')).toHaveAccessibleDescription(/Off: kept/);
    }
  },
);
