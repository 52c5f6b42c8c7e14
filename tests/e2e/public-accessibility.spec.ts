import { TEMPLATE_PAGES } from '#tests/setup/template-pages.ts';
import { expect, test } from './fixtures.ts';
import { axeViolations, WCAG_RULES } from './axe.ts';
import { cspViolations, recordCspViolations, watchForProblems } from './page-problems.ts';

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
