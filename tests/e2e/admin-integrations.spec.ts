import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver } from '../setup/webhook-receiver.ts';
import { expect, test } from './fixtures.ts';
import { axeViolations, signInQuickly } from './admin-helpers.ts';

// Exclusive (tests/e2e/fixtures.ts): an endpoint gets every lead of the site while it exists, so this
// test runs with no other test in flight and removes it at the end.
test(
  'integrations: an Administrator adds a CRM webhook endpoint in Settings, and a lead shows its delivery log in its View dialog',
  { tag: '@exclusive' },
  async ({ page }) => {
    test.setTimeout(90_000);
    const receiver = await startWebhookReceiver();
    try {
      await signInQuickly(page);
      await page.goto('/siteadmin/settings');
      await page.getByRole('link', { name: 'Integrations' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
      await page.getByRole('button', { name: 'Add Endpoint' }).click();
      const form = page.getByRole('form', { name: 'Add an endpoint' });
      await form.getByLabel('Endpoint address').fill(receiver.url);
      await form.getByRole('button', { name: 'Generate Secret' }).click();
      const secret = await form.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await expect(form.getByRole('checkbox', { name: 'Lead created' })).toBeChecked();
      expect(await axeViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Save Endpoint' }).click();
      await expect(page.getByRole('status')).toContainText(`The endpoint ${receiver.url} was saved.`);
      const row = page.getByRole('row', { name: new RegExp(receiver.url) });
      // the secret is shown by its last characters only
      await expect(row).toContainText(`whsec_...${secret.slice(-4)}`);
      await expect(row).not.toContainText(secret);

      const name = `Webhook Lead ${Date.now()}`;
      const sent = await page.request.post('/api/forms/add', {
        data: {
          name,
          email: 'webhook.lead@example.com',
          phone: '5155550142',
          data: JSON.stringify({ region: 'USA', role: 'Grower', state: 'Iowa', zipcode: '50011' }),
          message: 'Send me to the CRM.',
          reCaptchaToken: '',
        },
      });
      expect(((await sent.json()) as { success: boolean }).success).toBe(true);
      await expect.poll(() => receiver.received.length).toBe(1);
      const payload = new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers) as {
        data: { lead: { name: string } };
      };
      expect(payload.data.lead.name).toBe(name);

      await page.goto('/siteadmin/forms');
      await page.getByRole('button', { name: `View the Form written by ${name}` }).click();
      const view = page.getByRole('dialog', { name: `Written by ${name}` });
      const log = view.getByRole('table', { name: 'Notifications of this lead' });
      await expect(log.getByRole('row', { name: /Regional email/ })).toContainText('Sent');
      // this receiver's row (an endpoint left by an earlier, failed try of this test may have its own)
      const hookRow = log.getByRole('row', { name: /Webhook: lead created/ }).filter({ hasText: receiver.url });
      await expect(hookRow).toContainText('Sent');
      expect(await axeViolations(page)).toEqual([]);
      // Replay: the same delivery again, with the same webhook-id
      await hookRow.getByRole('button', { name: 'Replay the webhook: lead created' }).click();
      // the View has more than one status region (the lead's own work, the delivery log)
      await expect(view.getByRole('status').filter({ hasText: 'is being replayed' })).toBeVisible();
      await expect.poll(() => receiver.received.length).toBe(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
      await view.getByRole('button', { name: 'Close' }).click();

      // removed again: later leads are not posted anywhere
      await page.goto('/siteadmin/settings/integrations');
      await page.getByRole('button', { name: `Remove the endpoint ${receiver.url}` }).click();
      await page.getByRole('dialog', { name: 'Remove Endpoint' }).getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByRole('status')).toContainText('was removed');
      await expect(page.getByText('No endpoints yet')).toBeVisible();
    } finally {
      await receiver.close();
    }
  },
);
