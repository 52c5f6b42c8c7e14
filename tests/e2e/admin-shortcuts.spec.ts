import type { APIRequestContext } from '@playwright/test';
import { apiTokens, axeViolations, signInQuickly } from './admin-helpers.ts';
import { expect, test, waitForDocument } from './fixtures.ts';

/**
 * Edit Page: the public knowledge item and press release pages are the same HTML for
 * everyone (page cache); the site script adds Edit Page for a signed-in administrator.
 */
const PAGES = [
  {
    what: 'knowledge item',
    path: '/knowledge-center/keep-surface-applied-urea-in-the-field',
    api: '/api/admin/knowledge-center',
    admin: '/siteadmin/knowledge-center/edit',
  },
  {
    what: 'press release',
    path: '/press-releases/new-agronomy-centre-in-iowa',
    api: '/api/admin/press-releases',
    admin: '/siteadmin/press-releases/edit',
  },
];

/** The item's base id, from the admin list (searched by its slug). */
async function baseIdOf(request: APIRequestContext, api: string, path: string): Promise<number> {
  const { token } = await apiTokens(request);
  const slug = path.split('/').pop()!;
  const res = await request.post(`${api}/filter`, { data: { searchText: slug }, headers: { authorization: `Bearer ${token}` } });
  const items = ((await res.json()) as { data: { items: { id: number; slug: string }[] } }).data.items;
  const item = items.find((i) => i.slug === slug);
  expect(item, `${slug} in ${api}/filter`).toBeDefined();
  return item!.id;
}

for (const p of PAGES) {
  test.describe(`Edit Page on a ${p.what}`, () => {
    test('signed out: no Edit Page', async ({ page }) => {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // the site script has run (it sets the marker after adding the link, when there is one)
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      await expect(page.getByRole('link', { name: 'Edit Page' })).toHaveCount(0);
    });

    test('signed in: Edit Page leads to the edit screen, from the same cached page, keyboard and axe clean', async ({ page }) => {
      const id = await baseIdOf(page.request, p.api, p.path);
      // the page as everyone gets it: stored by the page cache after a first visit
      await page.request.get(p.path);
      await signInQuickly(page);
      const response = await page.goto(p.path);
      expect(response?.headers()['x-page-cache']).toBe('hit');
      const edit = page.getByRole('link', { name: 'Edit Page' });
      await expect(edit).toBeVisible();
      await expect(edit).toHaveAttribute('href', `${p.admin}/${id}`);
      expect(await axeViolations(page)).toEqual([]);

      await edit.focus();
      await expect(edit).toBeFocused();
      await page.keyboard.press('Enter');
      await waitForDocument(page, new RegExp(`${p.admin}/${id}$`));
    });
  });
}
