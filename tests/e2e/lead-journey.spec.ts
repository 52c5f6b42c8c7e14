import { expect, type Page, test } from './fixtures.ts';
import { apiTokens, axeViolations, signInQuickly } from './admin-helpers.ts';

/**
 * The visitor's journey: from the product selector's result to the contact form,
 * which shows the answers and products it will send and lets the visitor untick them; the lead carries
 * them into the admin's View. With JavaScript (the form sends to the API) and without (it posts to
 * the page's action).
 */

const THANK_YOU = 'Thank you! Our team is reviewing your request and will connect you with the right resource.';
const JOURNEY = 'challenge=5&crop=1&nitrogen=1&product=anvol&product=superu';
const SHOWN = ['Challenge', 'Nitrogen loss protection', 'Crop', 'Corn', 'Nitrogen source', 'Urea', 'Recommended products', 'ANVOL, SUPERU'];
const BOX = 'Send my product selector answers and recommended products with this message';

/** Nitrogen loss protection, corn, urea: the result recommends ANVOL and SUPERU. */
async function walkSelector(page: Page) {
  await page.goto('/product-selector');
  for (const answer of [/Nitrogen loss protection/, 'Corn', /^Urea/]) {
    await page.getByRole('radio', { name: answer }).check();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your recommended products');
}

async function fillContact(page: Page, name: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('jo.journey@example.com');
  await page.getByLabel('Role').selectOption('Grower');
  await page.getByRole('textbox', { name: 'Message' }).fill('Which of these suits 600 acres of corn?');
}

/** The lead as the admin API has it. */
async function storedJourney(page: Page, name: string) {
  const { token } = await apiTokens(page.request);
  const res = await page.request.post('/api/admin/forms/filter', {
    data: { search: name, status: -1 },
    headers: { authorization: `Bearer ${token}` },
  });
  const items = ((await res.json()) as { data: { items: { name: string; journey: unknown }[] } }).data.items;
  expect(items).toHaveLength(1);
  return items[0]!.journey;
}

test('the selector result leads to the contact form, which shows and sends the answers; the admin sees them in the View', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Jo Journey ${Date.now()}`;
  await walkSelector(page);
  await page.getByRole('link', { name: 'Ask us about these products' }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?${JOURNEY}$`));

  const group = page.getByRole('group', { name: 'From the product selector' });
  await expect(group.locator('dt, dd')).toHaveText(SHOWN);
  await expect(group.getByRole('checkbox', { name: BOX })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  // nothing of it was kept in the browser
  expect((await page.context().cookies()).map((c) => c.value).join(' ')).not.toMatch(/anvol|challenge/);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toMatch(/anvol/);

  await fillContact(page, name);
  const [request] = await Promise.all([page.waitForRequest('**/api/forms/add'), page.getByRole('button', { name: 'Send' }).click()]);
  expect((request.postDataJSON() as { journey?: string }).journey).toBe(JOURNEY);
  await expect(page.getByText(THANK_YOU)).toBeVisible();

  await signInQuickly(page);
  await page.goto('/siteadmin/forms');
  await page.getByLabel('Search name or email').fill(name);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `View the Form written by ${name}` })
    .click();
  const view = page.getByRole('dialog', { name: `Written by ${name}` });
  const journey = view.getByRole('region', { name: 'From the product selector' });
  await expect(journey.locator('dt, dd')).toHaveText(SHOWN);
  expect(await axeViolations(page)).toEqual([]);
});

test('unticking the box sends the message without the answers', async ({ page }) => {
  const name = `Una Unticked ${Date.now()}`;
  await page.goto(`/contact?${JOURNEY}`);
  const box = page.getByRole('checkbox', { name: BOX });
  await box.uncheck();
  await fillContact(page, name);
  const [request] = await Promise.all([page.waitForRequest('**/api/forms/add'), page.getByRole('button', { name: 'Send' }).click()]);
  expect(request.postDataJSON()).not.toHaveProperty('journey');
  await expect(page.getByText(THANK_YOU)).toBeVisible();
  expect(await storedJourney(page, name)).toBeNull();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the result links to the form, whose ticked box posts the answers and whose unticked box does not', async ({ page }) => {
    const ticked = `Nia NoScript ${Date.now()}`;
    await walkSelector(page);
    await page.getByRole('link', { name: 'Ask us about these products' }).click();
    await expect(page.getByRole('group', { name: 'From the product selector' }).locator('dt, dd')).toHaveText(SHOWN);
    await fillContact(page, ticked);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    expect(await storedJourney(page, ticked)).toMatchObject({ products: [{ name: 'ANVOL' }, { name: 'SUPERU' }] });

    const unticked = `Ned NoScript ${Date.now()}`;
    await page.goto(`/contact?${JOURNEY}`);
    await page.getByRole('checkbox', { name: BOX }).uncheck();
    await fillContact(page, unticked);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    expect(await storedJourney(page, unticked)).toBeNull();
  });
});
