import { expect, test, type Page, type Request } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { WIDTHS } from './widths.ts';

const THANK_YOU = 'Thank you! Our team is reviewing your request and will connect you with the right resource.';

function formsAddBody(request: Request) {
  return request.postDataJSON() as {
    name: string;
    email: string;
    phone: string;
    data: string;
    message: string;
    reCaptchaToken: string;
    website: string;
  };
}

test.describe('contact form', () => {
  test('loads its checks and phone mask when the visitor starts on the form, not with the page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/contact', { waitUntil: 'networkidle' });
    const lazy = (names: string[]) => names.filter((p) => /\/(lead-validation|phone-mask)-/.test(p));
    expect(lazy(scripts)).toEqual([]);
    await page.getByLabel('Name').focus();
    await expect.poll(() => lazy(scripts).length).toBe(2);
    // and the phone field, typed into before the mask arrived, keeps what was typed and the focus
    await page.getByLabel('Phone').pressSequentially('5155550199');
    await expect(page.getByLabel('Phone')).toHaveValue('(515) 555-0199');
    await expect(page.getByLabel('Phone')).toBeFocused();
  });

  test('a Send before the checks have arrived still checks the form in the browser first', async ({ page }) => {
    let sent = 0;
    await page.route('**/api/forms/add', (route) => {
      sent++;
      return route.continue();
    });
    await page.goto('/contact', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Name is required.', { exact: true })).toBeVisible();
    expect(sent).toBe(0);
  });

  test('US: State and Zip, the states list, phone mask, and the thank-you only after success', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Connect with us' })).toBeVisible();
    await expect(page.getByLabel('Region')).toHaveValue('USA');
    await expect(page.getByLabel('State', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Zip', { exact: true })).toBeVisible();
    await expect(page.locator('script[src*="recaptcha"]')).toHaveCount(0);

    await page.getByLabel('Name').fill('Dana Miller');
    await page.getByLabel('Phone').pressSequentially('515abc555-0199');
    await expect(page.getByLabel('Phone')).toHaveValue('(515) 555-0199');
    await page.getByLabel('Email').fill('dana.miller@example.com');
    await page.getByLabel('State', { exact: true }).selectOption('Iowa');
    await page.getByLabel('Zip', { exact: true }).fill('50010');
    await page.getByLabel('Role').selectOption('Grower');
    await page.getByLabel('Message').fill('Spring nitrogen on 800 acres of corn.');

    const [request] = await Promise.all([page.waitForRequest('**/api/forms/add'), page.getByRole('button', { name: 'Send' }).click()]);
    const body = formsAddBody(request);
    expect(body).toMatchObject({
      name: 'Dana Miller',
      email: 'dana.miller@example.com',
      phone: '+1 (515) 555-0199',
      message: 'Spring nitrogen on 800 acres of corn.',
      website: '',
    });
    expect(JSON.parse(body.data)).toEqual({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' });
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('Canada: Province and Postal Code, provinces from the API', async ({ page }) => {
    await page.goto('/contact-ca');
    await expect(page.getByLabel('Region')).toHaveValue('Canada');
    await expect(page.getByLabel('Province')).toBeVisible();
    await expect(page.getByLabel('Postal Code')).toBeVisible();
    await expect(page.getByLabel('State', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Zip', { exact: true })).toHaveCount(0);

    await page.getByLabel('Name').fill('Claire Roy');
    await page.getByLabel('Email').fill('claire@example.ca');
    await page.getByLabel('Province').selectOption('Saskatchewan');
    await page.getByLabel('Postal Code').fill('S7K 1A1');
    await page.getByLabel('Role').selectOption('Product retailer');
    const [request] = await Promise.all([page.waitForRequest('**/api/forms/add'), page.getByRole('button', { name: 'Send' }).click()]);
    expect(JSON.parse(formsAddBody(request).data)).toEqual({
      Region: 'Canada',
      Role: 'Product retailer',
      State: 'Saskatchewan',
      Zipcode: 'S7K 1A1',
    });
    await expect(page.getByText(THANK_YOU)).toBeVisible();
  });

  test('/can/contact-us is the Canadian form too, and closes to /home-ca', async ({ page }) => {
    await page.goto('/can/contact-us');
    await expect(page.getByLabel('Province')).toBeVisible();
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/home-ca$/);
  });

  test('International: state and zip are hidden and not sent; close returns to /home-int', async ({ page }) => {
    await page.goto('/home-int');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('region'))).toBe('4');
    await page.goto('/contact');
    await expect(page.getByLabel('Region')).toHaveValue('');
    await expect(page.getByLabel('State', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Zip', { exact: true })).toHaveCount(0);

    await page.getByLabel('Region').selectOption('Europe');
    await expect(page.getByLabel('State', { exact: true })).toHaveCount(0);
    await page.getByLabel('Name').fill('Jan de Vries');
    await page.getByLabel('Email').fill('jan@example.nl');
    await page.getByLabel('Country calling code').selectOption('nl');
    await page.getByLabel('Phone').pressSequentially('612345678');
    await page.getByLabel('Role').selectOption('Vendor');
    const [request] = await Promise.all([page.waitForRequest('**/api/forms/add'), page.getByRole('button', { name: 'Send' }).click()]);
    const body = formsAddBody(request);
    expect(body.phone).toBe('+31 6 12345678');
    expect(JSON.parse(body.data)).toEqual({ Region: 'Europe', Role: 'Vendor', State: '', Zipcode: '' });
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/home-int$/);
  });

  test('switching the region between USA and Canada relabels the fields and reloads the list', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('State', { exact: true }).selectOption('Iowa');
    await page.getByLabel('Region').selectOption('Canada');
    await expect(page.getByLabel('Province')).toHaveValue('');
    await expect(page.getByLabel('Province').locator('option', { hasText: 'Alberta' })).toHaveCount(1);
    await page.getByLabel('Region').selectOption('Africa');
    await expect(page.getByLabel('Province')).toHaveCount(0);
    await page.getByLabel('Region').selectOption('USA');
    await expect(page.getByLabel('State', { exact: true }).locator('option', { hasText: 'Iowa' })).toHaveCount(1);
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('client-side errors: spec messages, nothing sent, focus on the first field in error', async ({ page }) => {
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/forms/add')) posts++;
    });
    // Each submit scrolls to its first error; with smooth scrolling a click on a loaded machine could land
    // where Send was a moment before (a flaky run): scroll at once, as with reduced motion.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Name is required.', { exact: true })).toBeVisible();
    await expect(page.getByText('Email is required.', { exact: true })).toBeVisible();
    await expect(page.getByText('Role is required.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Name is required.');
    await expect(page.getByRole('alert').filter({ hasText: 'Name is required.' })).toHaveCount(1);

    await page.getByLabel('Name').fill('Dana');
    await expect(page.getByText('Name is required.', { exact: true })).toHaveCount(0);
    await page.getByLabel('Email').fill('dana@example.toolong');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter a valid email address.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();

    await page.getByLabel('Region').selectOption('');
    await page.getByLabel('Email').fill('dana@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Region is required.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Region')).toBeFocused();
    expect(posts).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 700 } });

    test('scrolls to the first field in error, far down the form', async ({ page }) => {
      await page.goto('/contact');
      await page.getByLabel('Name').fill('Dana');
      await page.getByLabel('Email').fill('dana@example.com');
      await page.getByLabel('Message').fill('Hello');
      await page.getByRole('button', { name: 'Send' }).scrollIntoViewIfNeeded();
      await page.getByLabel('Name').evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Send' }).click();
      const role = page.getByLabel('Role');
      await expect(role).toBeFocused();
      await expect(role).toBeInViewport();
      await expect(page.getByText('Role is required.', { exact: true })).toBeVisible();
    });
  });

  const SEND_FAILED = 'We could not send your message. Please try again in a moment.';

  for (const failure of ['500', '429', 'network'] as const) {
    test(`a failed send (${failure}) says so in an alert, keeps what was typed and lets the visitor try again`, async ({ page }) => {
      await page.route('**/api/forms/add', (route) =>
        failure === 'network'
          ? route.abort('failed')
          : route.fulfill({
              status: Number(failure),
              contentType: 'application/json',
              body: '{"success":false,"data":null,"message":"boom"}',
            }),
      );
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'warning') warnings.push(msg.text());
      });
      await page.goto('/contact');
      await page.getByLabel('Name').fill('Dana');
      await page.getByLabel('Email').fill('dana@example.com');
      await page.getByLabel('Role').selectOption('Other');
      await page.getByLabel('Message').fill('Please call me back.');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('alert').filter({ hasText: SEND_FAILED })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
      await expect(page.getByText(THANK_YOU)).toHaveCount(0);
      await expect(page.getByLabel('Name')).toHaveValue('Dana');
      await expect(page.getByLabel('Email')).toHaveValue('dana@example.com');
      await expect(page.getByLabel('Role')).toHaveValue('Other');
      await expect(page.getByLabel('Message')).toHaveValue('Please call me back.');
      expect(warnings.some((w) => w.startsWith('contact form'))).toBe(true);
    });
  }

  test('a retry after a failure sends the same idempotency key and then thanks the visitor', async ({ page }) => {
    const keys: unknown[] = [];
    let attempts = 0;
    await page.route('**/api/forms/add', async (route) => {
      keys.push((route.request().postDataJSON() as { idempotencyKey?: unknown }).idempotencyKey);
      if (++attempts === 1) return route.abort('failed');
      return route.continue();
    });
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Dana');
    await page.getByLabel('Email').fill('dana@example.com');
    await page.getByLabel('Role').selectOption('Other');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(SEND_FAILED)).toBeVisible();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    await expect(page.getByText(SEND_FAILED)).toHaveCount(0);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

/** The country the phone prefix starts at (the masked field, loaded when the visitor starts on the form). */
async function phoneCountry(page: Page) {
  await page.getByLabel('Name').focus();
  const select = page.getByLabel('Country calling code');
  await expect(select).toBeAttached();
  return select;
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`contact phone prefix at ${name} width`, () => {
    test.use({ viewport });

    test('starts at Canada on the Canadian contact pages and at the US elsewhere', async ({ page }) => {
      for (const path of ['/contact-ca', '/can/contact-us']) {
        await page.goto(path);
        await expect(await phoneCountry(page)).toHaveValue('ca');
        await expect(page.getByText('CA +1', { exact: true })).toBeVisible();
        await page.getByLabel('Phone').pressSequentially('4165550199');
        await expect(page.getByLabel('Phone')).toHaveValue('(416) 555-0199');
      }
      await page.goto('/contact');
      await expect(await phoneCountry(page)).toHaveValue('us');
      await expect(page.getByText('US +1', { exact: true })).toBeVisible();
    });

    test('without JavaScript the Canadian form has a plain phone field and sends the number as typed', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport, baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      await page.goto('/contact-ca');
      await expect(page.getByLabel('Country calling code')).toHaveCount(0);
      await expect(page.getByLabel('Phone')).toHaveAttribute('type', 'tel');
      await expect(page.getByLabel('Region')).toHaveValue('Canada');
      await page.getByLabel('Name').fill('Chantal Phone');
      await page.getByLabel('Phone').fill('416 555 0199');
      await page.getByLabel('Email').fill('chantal@example.ca');
      await page.getByLabel('Province').selectOption('Ontario');
      await page.getByLabel('Role').selectOption('Grower');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
      await context.close();
    });
  });
}

test.describe('Find a Rep or Retailer', () => {
  test('both fields are needed; choosing who clears the message; Enter in the zip box searches', async ({ page }) => {
    await page.goto('/find-a-rep');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a Rep or Retailer' })).toBeVisible();
    // the message needs the page's script; without it the form still searches by a plain GET
    await expect(page.locator('form.finder-form[data-enhanced]')).toHaveCount(1);
    await expect(page.getByLabel('Country')).toHaveValue('2');
    await expect(page.getByLabel('Zip', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Please select a value and enter Zipcode')).toBeVisible();
    await page.getByLabel('I am a grower').check();
    await expect(page.getByText('Please select a value and enter Zipcode')).toHaveCount(0);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Please select a value and enter Zipcode')).toBeVisible();

    await page.getByLabel('Country').selectOption('3');
    await expect(page.getByLabel('Postal Code')).toBeVisible();
    await page.getByLabel('Country').selectOption('2');
    await page.getByLabel('Zip', { exact: true }).fill('50010');
    await page.getByLabel('Zip', { exact: true }).press('Enter');

    await expect(page).toHaveURL(/\/reps-retailers\?label=Retailers&zip=50010$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Retailers near Ames, IA 50010' })).toBeVisible();
    const cards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards.first()).toContainText('Ames Farmers Cooperative');
    const distances = (await cards.locator('.finder-result__distance strong').allTextContents()).map((t) => parseFloat(t));
    expect(distances.length).toBeGreaterThan(3);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Search radius' }).getByRole('link', { name: '25 mi' }).click();
    await expect(page).toHaveURL(/radius=25/);
    await page.reload();
    await expect(page.getByRole('link', { name: '25 mi' })).toHaveAttribute('aria-current', 'true');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a Canadian postal code: reps covering it, kilometres for retailers', async ({ page }) => {
    await page.goto('/find-a-rep-ca');
    await expect(page.getByLabel('Country')).toHaveValue('3');
    await page.getByLabel('I am a retailer').check();
    await page.getByLabel('Postal Code').fill('s7k 1a1');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\?label=Reps&zip=s7k\+1a1$/);
    await expect(page.getByRole('heading', { level: 1, name: /Reps for .*S7K 1A1/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Cole Anderson' })).toBeVisible();

    await page.getByLabel('I am a grower').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Retailers near .*S7K 1A1/ })).toBeVisible();
    await expect(page.getByText(/km away/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: '50 km' })).toHaveAttribute('aria-current', 'true');
  });

  test('a code that is neither a ZIP nor a postal code gets a clear message', async ({ page }) => {
    await page.goto('/reps-retailers?label=Retailers&zip=abc');
    await expect(page.getByRole('alert')).toContainText('is not a valid U.S. ZIP code or Canadian postal code');
  });

  test('contacting a rep: the short form, its errors, then /rep-thankyou', async ({ page }) => {
    await page.goto('/reps-retailers?label=Reps&zip=50010');
    await page.getByRole('button', { name: 'Contact Megan Alvarez' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Megan Alvarez' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText('Name is required.', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Email is required.', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Name').fill('Sam Ortiz');
    await dialog.getByLabel('Email').fill('sam@example.com');
    await dialog.getByLabel('Phone').pressSequentially('5155550123');
    await dialog.getByLabel('Message').fill('Please call about ANVOL for fall.');
    const [request] = await Promise.all([
      page.waitForRequest('**/api/forms/contact-rep'),
      dialog.getByRole('button', { name: 'Send message' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({
      name: 'Sam Ortiz',
      email: 'sam@example.com',
      phone: '+1 (515) 555-0123',
      targetType: 'rep',
      zip: '50010',
      label: 'Reps',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    await expect(page).toHaveURL(/\/rep-thankyou\?id=\d+&back=%2Freps-retailers%3Flabel%3DReps%26zip%3D50010$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for contacting a rep' })).toBeVisible();
    await expect(page.getByText(/on its way to Megan Alvarez/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to results' }).click();
    await expect(page).toHaveURL(/\/reps-retailers\?label=Reps&zip=50010$/);
  });

  test('contacting a retailer goes to /retailer-thankyou; Escape closes the form', async ({ page }) => {
    await page.goto('/reps-retailers?label=Retailers&zip=50010');
    const open = page.getByRole('button', { name: 'Contact Ames Farmers Cooperative' });
    const dialog = page.getByRole('dialog', { name: 'Contact Ames Farmers Cooperative' });
    await open.click();
    // the form's code loads on the first click: Escape is pressed once the dialog is there, or it would
    // close nothing and the dialog would open over the next click
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(open).toBeFocused();
    await open.click();
    await dialog.getByLabel('Name').fill('Lee Park');
    await dialog.getByLabel('Email').fill('lee@example.com');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/retailer-thankyou\?id=\d+&back=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for contacting a retailer' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    for (const path of ['/find-a-rep', '/contact', '/reps-retailers?label=Retailers&zip=S7K%201A1']) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
});
