import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, productionEnv, waitFor } from '../setup/server-process.ts';
import { expect, test } from './fixtures.ts';
import { apiTokens } from './admin-helpers.ts';
import { axeViolations } from './axe.ts';

/**
 * The form templates with JavaScript switched off (ADR 005): the contact form posts to its page's
 * action, the finder is GET forms and links, and a rep or retailer is contacted through the form's own
 * page. The same flows with JavaScript are in lead-capture.spec.ts and product-selector.spec.ts.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  const THANK_YOU = 'Thank you! Our team is reviewing your request and will connect you with the right resource.';

  test('contact: the field messages, then the thank-you text, and the lead is stored unverified', async ({ page }) => {
    const name = `Nora NoScript ${Date.now()}`;
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Connect with us' })).toBeVisible();
    await expect(page.getByLabel('Region')).toHaveValue('USA');
    await page.getByLabel('Email').fill('nora@example.toolong');
    await page.getByRole('button', { name: 'Send' }).click();

    await expect(page.getByText('Name is required.', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.', { exact: true })).toBeVisible();
    await expect(page.getByText('Role is required.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Name is required.');
    // what was typed is still there
    await expect(page.getByLabel('Email')).toHaveValue('nora@example.toolong');
    await expect(page.getByRole('alert').filter({ hasText: 'Name is required.' })).toHaveCount(1);

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Phone').fill('(515) 555-0177');
    await page.getByLabel('Email').fill('nora.field@example.com');
    await page.getByLabel('State', { exact: true }).selectOption('Iowa');
    await page.getByLabel('Zip', { exact: true }).fill('50010');
    await page.getByLabel('Role').selectOption('Grower');
    await page.getByLabel('Message').fill('Sent without JavaScript.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();

    const { token } = await apiTokens(page.request);
    const res = await page.request.post('/api/admin/forms/filter', {
      data: { search: name, status: -1 },
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as {
      data: {
        items: {
          name: string;
          email: string;
          phone: string;
          zipCode: string;
          type: number;
          captcha: string;
          data: { name: string; value: string }[];
        }[];
      };
    };
    expect(body.data.items).toHaveLength(1);
    const [lead] = body.data.items;
    expect(lead).toMatchObject({ name, email: 'nora.field@example.com', phone: '(515) 555-0177', zipCode: '50010', type: 0 });
    // no reCAPTCHA token without JavaScript: kept, flagged (here no keys are configured, so it is not checked)
    expect(['missing', 'not-configured']).toContain(lead!.captcha);
    expect(Object.fromEntries(lead!.data.map((f) => [f.name, f.value]))).toEqual({
      Region: 'USA',
      Role: 'Grower',
      State: 'Iowa',
      Zipcode: '50010',
    });
  });

  test('Canada: the form starts with Province and Postal Code and sends', async ({ page }) => {
    await page.goto('/can/contact-us');
    await expect(page.getByLabel('Region')).toHaveValue('Canada');
    await page.getByLabel('Name').fill('Claire NoScript');
    await page.getByLabel('Email').fill('claire@example.ca');
    await page.getByLabel('Province').selectOption('Saskatchewan');
    await page.getByLabel('Postal Code').fill('S7K 1A1');
    await page.getByLabel('Role').selectOption('Product retailer');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(THANK_YOU)).toBeVisible();
  });

  test('the finder finds retailers, changes the radius, and a retailer is contacted through its form page', async ({ page }) => {
    await page.goto('/find-a-rep');
    await page.getByLabel('I am a grower').check();
    await page.getByLabel('Zip', { exact: true }).fill('50010');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/reps-retailers\?label=Retailers&zip=50010$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Retailers near Ames, IA 50010' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Search radius' }).getByRole('link', { name: '25 mi' }).click();
    await expect(page).toHaveURL(/radius=25/);
    await expect(page.getByRole('link', { name: '25 mi' })).toHaveAttribute('aria-current', 'true');

    await page.getByRole('button', { name: 'Contact Ames Farmers Cooperative' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Ames Farmers Cooperative' })).toBeVisible();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Name is required.', { exact: true })).toBeVisible();
    await expect(page.getByText('Email is required.', { exact: true })).toBeVisible();
    await page.getByLabel('Name').fill('Lee NoScript');
    await page.getByLabel('Email').fill('lee@example.com');
    await page.getByLabel('Message').fill('Do you stock ANVOL?');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for contacting a retailer' })).toBeVisible();
    await expect(page.getByText(/on its way to Ames Farmers Cooperative/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to results' }).click();
    await expect(page).toHaveURL(/\/reps-retailers\?label=Retailers&zip=50010&radius=25$/);
  });

  test('Canada: the finder finds the reps for a postal code', async ({ page }) => {
    await page.goto('/find-a-rep-ca');
    await page.getByLabel('I am a retailer').check();
    await page.getByLabel('Postal Code').fill('S7K 1A1');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Reps for .*S7K 1A1/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Cole Anderson' })).toBeVisible();
  });

  test('the product selector reaches a result and Back and Start Over work', async ({ page }) => {
    await page.goto('/product-selector');
    await page.getByRole('radio', { name: /Nitrogen loss protection/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Corn' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('radio', { name: 'Corn' })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^UAN/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your recommended products' })).toBeVisible();
    await expect(page.getByRole('article').getByRole('heading')).toHaveText(['ANVOL', 'CENTURO']);
    await page.getByRole('link', { name: 'Start Over' }).click();
    await expect(page).toHaveURL(/\/product-selector$/);
  });
});

test('with JavaScript, the rep contact page (reached by its address) checks, sends and thanks; axe is clean', async ({ page }) => {
  await page.goto('/reps-retailers?label=Retailers&zip=50010');
  const back = '/reps-retailers?label=Retailers&zip=50010';
  const form = page.getByRole('button', { name: 'Contact Ames Farmers Cooperative' }).locator('xpath=ancestor::form');
  const id = await form.locator('input[name="id"]').getAttribute('value');
  await page.goto(`/reps-retailers/contact?type=retailer&id=${id}&zip=50010&label=Retailers&back=${encodeURIComponent(back)}`);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name is required.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Name').fill('Lee Script');
  await page.getByLabel('Email').fill('lee@example.com');
  await page.getByLabel('Phone').pressSequentially('5155550123');
  await expect(page.getByLabel('Phone')).toHaveValue('(515) 555-0123');
  const [request] = await Promise.all([
    page.waitForRequest('**/api/forms/contact-rep'),
    page.getByRole('button', { name: 'Send message' }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({
    name: 'Lee Script',
    phone: '+1 (515) 555-0123',
    targetType: 'retailer',
    zip: '50010',
    label: 'Retailers',
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for contacting a retailer' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});

/**
 * A server started without PUBLIC_SITE_URL on another port than 3000, browsed at 127.0.0.1 (its
 * default public address is http://localhost:PORT): a form posted without JavaScript is still
 * accepted, since the origin check takes any address the server is reached by.
 */
test.describe('a server on another port, without PUBLIC_SITE_URL', () => {
  test.use({ javaScriptEnabled: false });
  let server: ChildProcess | null = null;
  let base = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    const env = productionEnv(port, await mkdtemp(path.join(os.tmpdir(), 'e2e-port-')), { ADMIN_PASSWORD: 'correct-horse-battery-staple' });
    delete env.PUBLIC_SITE_URL;
    server = spawn(process.execPath, ['build/node/index.js'], { env, stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/readyz`, server, 'the second server', 80_000);
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('the contact form sends', async ({ page }) => {
    await page.goto(`${base}/contact`);
    await page.getByLabel('Name').fill('Port Test');
    await page.getByLabel('Email').fill('port.test@example.com');
    await page.getByLabel('Role').selectOption('Grower');
    await page.getByLabel('Message').fill('Sent to a server on another port.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    await expect(
      page.getByText('Thank you! Our team is reviewing your request and will connect you with the right resource.'),
    ).toBeVisible();
  });
});
