import { TEMPLATE_PAGES } from '#tests/setup/template-pages.ts';
import { expect, test, type Page } from './fixtures.ts';
import { axeViolations, WCAG_RULES } from './axe.ts';

test('the axe run covers every WCAG 2.1 A and AA rule, including the experimental ones', () => {
  expect(WCAG_RULES).toContain('label-content-name-mismatch');
  expect(WCAG_RULES.length).toBeGreaterThanOrEqual(60);
});

test('axe finds no violations with the mobile menu and with the Solutions menu open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/agrotain');
  await page.getByRole('button', { name: 'Solutions' }).click();
  await expect(page.getByRole('navigation', { name: 'Solutions' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the logo link and the region options are named by the text they show', async ({ page }) => {
  await page.goto('/home-ca');
  const logo = page.getByRole('banner').getByRole('link', { name: /home$/ });
  await expect(logo).toHaveAttribute('href', '/home-ca');
  await expect(logo).not.toHaveAttribute('aria-label', /.*/);
  const region = page.getByLabel('Region');
  await expect(region.getByRole('option')).toHaveText(['US', 'CA', 'INT']);
  for (const name of ['US', 'CA', 'INT']) await expect(region.getByRole('option', { name, exact: true })).toHaveCount(1);
});

/** Everything the browser refuses or reports while the page loads and is used. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText ?? ''})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  return problems;
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/** Collects the page's CSP violations; registered before any page script runs, so one during loading is caught too. */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
}

// One load of each template page serves both whole-site checks: first what the browser refused or
// reported while the page loaded (the 404 page is left out of that one: its own status is reported
// as a failed resource), then axe.
for (const { template, path, status } of TEMPLATE_PAGES) {
  const also = status ? '' : '; no CSP violations, console errors or blocked requests';
  test(`axe (WCAG 2.1 A and AA, every rule) finds no violations on the ${template} page ${path}${also}`, async ({ page }) => {
    await recordCspViolations(page);
    const problems = watchForProblems(page);
    await page.goto(path);
    if (!status) {
      await page.waitForLoadState('networkidle');
      expect.soft(await cspViolations(page), 'CSP violations').toEqual([]);
      expect.soft(problems, 'console errors and failed requests').toEqual([]);
    }
    expect(await axeViolations(page)).toEqual([]);
  });
}

test.describe('no Content Security Policy violations, console errors or blocked requests', () => {
  test.beforeEach(async ({ page }) => {
    await recordCspViolations(page);
  });

  for (const path of ['/contact', '/contact-ca']) {
    test(`on ${path}, also while the phone field is used`, async ({ page }) => {
      const problems = watchForProblems(page);
      await page.goto(path);
      await page.getByLabel('Phone').pressSequentially('5155550199');
      await expect(page.getByLabel('Phone')).toHaveValue('(515) 555-0199');
      await page.getByLabel('Country calling code').selectOption('ca');
      await page.getByLabel('Phone').clear();
      await page.getByLabel('Phone').pressSequentially('4165550123');
      await expect(page.getByLabel('Phone')).toHaveValue('(416) 555-0123');
      await page.waitForLoadState('networkidle');
      expect(await cspViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('on /find-a-rep, also through a search', async ({ page }) => {
    const problems = watchForProblems(page);
    await page.goto('/find-a-rep');
    expect(await cspViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'I am a grower' }).check();
    await page.getByLabel('Zip', { exact: true }).fill('50010');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/reps-retailers\?/);
    await page.waitForLoadState('networkidle');
    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
