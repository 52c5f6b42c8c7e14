import { apiTokens, axeViolations } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

/** Preview before saving (ADR 024): the link POST /api/admin/preview answers, in a real browser. */
test('a preview shows the unsaved content in the public template with its bar, noindex and axe clean', async ({ page }) => {
  const { token } = await apiTokens(page.request);
  const res = await page.request.post('/api/admin/preview', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      kind: 'knowledge',
      content: {
        type: 0,
        category: 39,
        region: 2,
        title: 'Previewed Side-Dress Timing',
        metadata: { desc: 'An unsaved summary.' },
        modules: [{ type: 2, content: '<p>Side-dress before V6.</p>' }],
        publishDate: '2026-05-01T00:00:00Z',
      },
    },
  });
  expect(res.status()).toBe(200);
  const { url } = ((await res.json()) as { data: { url: string } }).data;

  const response = await page.goto(url);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Previewed Side-Dress Timing' })).toBeVisible();
  await expect(page.getByText('Side-dress before V6.')).toBeVisible();
  await expect(page.getByText('Preview — not published')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await axeViolations(page)).toEqual([]);
});
