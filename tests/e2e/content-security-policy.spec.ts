import { expect, test } from './fixtures.ts';
import { cspViolations, recordCspViolations, watchForProblems } from './page-problems.ts';

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
