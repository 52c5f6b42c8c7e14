import { expect, test, type Page } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { WIDTHS } from './widths.ts';

const cards = (page: Page) => page.getByRole('main').locator('.resource-grid > li');

test.describe('knowledge center list', () => {
  test('filters by type, searches, pages with Load more and switches category', async ({ page }) => {
    await page.goto('/knowledge-center');
    await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Center' })).toBeVisible();
    await expect(cards(page)).toHaveCount(9);
    await expect(page.getByRole('status')).toHaveText('Showing 9 of 11 resources');
    // pinned items come first
    await expect(cards(page).first()).toContainText('Featured');

    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(/\/knowledge-center\?page=2$/);
    await expect(cards(page)).toHaveCount(11);
    await expect(page.getByRole('status')).toHaveText('Showing 11 of 11 resources');
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0);
    // keyboard users continue at the first new card
    await expect(cards(page).nth(9).getByRole('link')).toBeFocused();

    await page.getByLabel('Resource type').selectOption({ label: 'Podcasts' });
    await expect(page).toHaveURL(/\/knowledge-center\/category\/38$/);
    await expect(cards(page)).toHaveCount(2);
    for (const badge of await cards(page).locator('.badge').allTextContents()) expect(badge).toBe('Podcast');

    await page.getByLabel('Resource type').selectOption({ label: 'All resources' });
    await expect(page).toHaveURL(/\/knowledge-center$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('zinc');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(/q=zinc/);
    await expect(cards(page).getByRole('link', { name: 'Spotting and Fixing Zinc Deficiency in Corn' })).toBeVisible();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(cards(page)).toHaveCount(9);

    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Research and Reports' }).click();
    await expect(page).toHaveURL(/\/knowledge-center\/category\/40$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Research and Reports' })).toBeVisible();
    for (const badge of await cards(page).locator('.badge').allTextContents()) expect(badge).toBe('Research');
  });

  test('shows Canadian items to a Canadian visitor', async ({ page, context }) => {
    await context.addCookies([{ name: 'region', value: '3', url: test.info().project.use.baseURL! }]);
    await page.goto('/knowledge-center');
    await expect(cards(page)).toHaveCount(5);
    await expect(cards(page).getByRole('link', { name: 'Sulphur for Canola: Timing and Form' })).toHaveAttribute(
      'href',
      '/can/knowledge-center/sulphur-for-canola',
    );
  });

  test('answers 404 for an unknown category', async ({ page }) => {
    const res = await page.goto('/knowledge-center/category/41');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
});

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('the knowledge center has one filter state: the type select and the category links agree', async ({ page }) => {
      await page.goto('/knowledge-center');
      const categories = page.getByRole('navigation', { name: 'Categories' });
      await expect(categories.getByRole('link', { name: 'All resources' })).toHaveAttribute('aria-current', 'page');
      await page.getByLabel('Resource type').selectOption({ label: 'Podcasts' });
      await expect(page).toHaveURL(/\/knowledge-center\/category\/38$/);
      await expect(categories.getByRole('link', { name: 'Podcasts' })).toHaveAttribute('aria-current', 'page');
      await expect(categories.getByRole('link', { name: 'All resources' })).not.toHaveAttribute('aria-current', 'page');
      await expect(page.getByLabel('Resource type')).toHaveValue('38');
      for (const badge of await cards(page).locator('.badge').allTextContents()) expect(badge).toBe('Podcast');

      // a search keeps the category, and the category links keep the search
      await page.getByRole('searchbox', { name: 'Search' }).fill('nitrogen');
      await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
      await expect(page).toHaveURL(/\/knowledge-center\/category\/38\?q=nitrogen$/);
      await categories.getByRole('link', { name: 'Research and Reports' }).click();
      await expect(page).toHaveURL(/\/knowledge-center\/category\/40\?q=nitrogen$/);
      await expect(page.getByLabel('Resource type')).toHaveValue('40');
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('nitrogen');
    });

    test('the knowledge search reads the full text, and its placeholder suggests words that find something', async ({ page }) => {
      await page.goto('/knowledge-center');
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('nitrogen');
      await search.press('Enter');
      await expect(page).toHaveURL(/\?q=nitrogen$/);
      // the urea article says nitrogen only in its body text
      await expect(cards(page).getByRole('link', { name: 'How to Keep Surface-Applied Urea in the Field' })).toBeVisible();
      expect(await cards(page).count()).toBeGreaterThan(2);

      const placeholder = (await search.getAttribute('placeholder'))!;
      const words = placeholder.replace(/^Try /, '').split(/, | or /);
      expect(words).toHaveLength(3);
      for (const word of words) {
        await page.goto(`/knowledge-center?q=${encodeURIComponent(word)}`);
        expect(await cards(page).count(), word).toBeGreaterThan(0);
      }
    });

    test('an empty knowledge search says what was searched and offers to clear the filters', async ({ page }) => {
      await page.goto('/knowledge-center/category/38?q=quasar');
      await expect(page.getByRole('status')).toHaveText('No podcasts match \u201cquasar\u201d.');
      await expect(page.getByRole('heading', { level: 2, name: 'Nothing found for \u201cquasar\u201d' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(
        'We searched the titles, summaries and full text of the podcasts for \u201cquasar\u201d.',
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Search all resources' }).click();
      await expect(page).toHaveURL(/\/knowledge-center\?q=quasar$/);
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/knowledge-center$/);
      await expect(cards(page)).toHaveCount(9);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list filters and pages through the query string', async ({ page }) => {
    await page.goto('/knowledge-center?type=1');
    await expect(page).toHaveURL(/\/knowledge-center\/category\/40$/);
    await expect(cards(page)).toHaveCount(3);
    await page.goto('/knowledge-center');
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(11);
  });
});

test.describe('knowledge item', () => {
  const path = '/knowledge-center/keep-surface-applied-urea-in-the-field';

  test('renders all four module types with dates, images and line breaks', async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'How to Keep Surface-Applied Urea in the Field' })).toBeVisible();
    await expect(page.locator('time').first()).toHaveText('October 6, 2026');
    await expect(page.getByRole('heading', { level: 2, name: 'Why urea escapes' })).toBeVisible();
    await expect(page.locator('blockquote')).toContainText('We used to broadcast urea');
    const roi = page.locator('.cm-roi__item').first();
    await expect(roi).toContainText('Up to 40%');
    expect(await roi.locator('.cm-roi__text br').count()).toBe(1);
    const image = page.getByRole('img', { name: 'Soil probe pulling a core from a field with crop residue' });
    await expect(image).toHaveAttribute('width', '800');
    await expect(image).toHaveAttribute('height', '600');
    await expect(page.getByRole('figure').filter({ hasText: 'Protect what you spread' })).toBeVisible();

    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(ld.map((x) => x['@type'])).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Articles' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'More from the Knowledge Center' }).locator('li')).toHaveCount(3);
  });

  test('an external link opens in a new tab and an internal link does not', async ({ page, context }) => {
    await context.route('https://www.ars.usda.gov/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>ARS</title>' }));
    await page.goto(path);
    const external = page.getByRole('link', { name: 'Agricultural Research Service' });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const [popup] = await Promise.all([context.waitForEvent('page'), external.click()]);
    await expect(popup).toHaveURL('https://www.ars.usda.gov/');
    await popup.close();

    const internal = page.getByRole('main').getByRole('link', { name: 'AGROTAIN', exact: true });
    await expect(internal).not.toHaveAttribute('target', /.*/);
    await internal.click();
    await expect(page).toHaveURL(/\/agrotain$/);
    expect(context.pages()).toHaveLength(1);
  });

  test('a Canadian item lives under /can and a podcast is a PodcastEpisode', async ({ page, request }) => {
    const moved = await request.get('/knowledge-center/sulphur-for-canola', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()['location']).toBe('/can/knowledge-center/sulphur-for-canola');
    await page.goto('/can/knowledge-center/sulphur-for-canola');
    await expect(page.getByRole('heading', { level: 1, name: 'Sulphur for Canola: Timing and Form' })).toBeVisible();
    await expect(page.getByLabel('Region')).toHaveValue('3');
    await page.goto('/knowledge-center/field-notes-podcast-nitrogen-timing');
    expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain('"PodcastEpisode"');
  });
});

test('a press release opens from the list with its date and NewsArticle data', async ({ page }) => {
  await page.goto('/press-releases');
  await expect(cards(page)).toHaveCount(6);
  await page.getByRole('link', { name: 'Northfield Agronomics Opens Western Canada Office in Saskatoon' }).click();
  await expect(page).toHaveURL(/\/can\/press-releases\/saskatoon-office-opening$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Northfield Agronomics Opens Western Canada Office in Saskatoon' }),
  ).toBeVisible();
  await expect(page.locator('time')).toHaveText('September 15, 2026');
  await expect(page.locator('blockquote')).toContainText('Prairie farms');
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  expect(ld[0]).toMatchObject({
    '@type': 'NewsArticle',
    headline: 'Northfield Agronomics Opens Western Canada Office in Saskatoon',
    datePublished: '2026-09-15T00:00:00.000Z',
  });
});

test('the press pages keep their Find a Rep band apart from the navy footer', async ({ page }) => {
  for (const path of ['/press-releases', '/press-releases/new-agronomy-centre-in-iowa']) {
    await page.goto(path);
    const band = page.locator('.find-rep-banner');
    await expect(band).toBeVisible();
    const [bandColour, footerColour] = await band.evaluate((el) => [
      getComputedStyle(el).backgroundColor,
      getComputedStyle(el.closest('footer')!).backgroundColor,
    ]);
    expect(bandColour, path).not.toBe(footerColour);
    expect(await axeViolations(page)).toEqual([]);
  }
  // elsewhere the band keeps its page's theme colour (the nitrogen family's blue on AGROTAIN)
  await page.goto('/agrotain');
  expect(await page.locator('.find-rep-banner').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(20, 64, 107)');
});

test('a custom page shows its hero, modules and related resources', async ({ page }) => {
  await page.goto('/growing-season-guide');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Growing Season Guide' })).toBeVisible();
  await expect(
    page.locator('.custom-hero--highlighted').getByRole('img', { name: 'Rows of young corn under a clear morning sky' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Plan before the first pass' })).toBeVisible();
  await expect(page.locator('.cm-roi__item').filter({ hasText: 'Spring' }).locator('br')).toHaveCount(1);
  const related = page.getByRole('region', { name: 'Related resources' });
  await expect(related.locator('li')).toHaveCount(3);
  await page.goto('/canada-field-days');
  await expect(page.locator('.custom-hero--cropped').getByRole('img', { name: 'Canola in bloom stretching to the horizon' })).toBeVisible();
  await expect(page.getByLabel('Region')).toHaveValue('3');
});

test('a hidden custom page is Page Not Found with status 404', async ({ page }) => {
  const res = await page.goto('/draft-winter-meeting');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Winter Grower Meeting')).toHaveCount(0);
});

// The knowledge list, category, item, press list and release, and /growing-season-guide are template
// pages: public-accessibility.spec.ts runs axe on them.
for (const path of ['/canada-field-days']) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
  });
}
