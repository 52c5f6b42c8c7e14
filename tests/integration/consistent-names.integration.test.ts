import { afterAll, beforeAll, expect, it } from 'vitest';
import { readableText } from '#tests/setup/page-text.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { TEMPLATE_PAGES } from '#tests/setup/template-pages.ts';

/**
 * One name for the country and one for the finder. The spec's own texts stay where it gives
 * them: 'USA' among the contact form's region options, 'US' in the header's region selector, 'U.S.' in
 * the finder's country choice, 'Retailers & Reps' as the navigation link, 'Find a Rep' on the banner
 * and 'Find a Retailer/Rep' on the selector's results. Everywhere else the country is "U.S." and the
 * finder "Find a Rep or Retailer".
 */
const PAGES = [
  ...TEMPLATE_PAGES.filter((p) => !p.status).map((p) => p.path),
  '/home-ca',
  '/find-a-rep-ca',
  '/contact-ca',
  '/can/press-releases/saskatoon-office-opening',
  '/reps-retailers',
];
// the spec's texts: the contact form's region options and the header's region codes (the select, and its links without JavaScript)
const SPEC_TEXTS = ['.contact-form select[name="region"] option', '.region-select option', '.region-links__link'];

const OTHER_COUNTRY_NAMES = /\bUnited States\b|\bUSA\b|\bU\.S\.A\b|(?<![\w.])US(?![\w.])/g;
const OTHER_FINDER_NAMES = /Retailers and Reps|Reps (?:and|&) Retailers|Retailers?\/Reps?|Retailer or Rep\b|Rep (?:and|&) Retailer\b/g;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
});
afterAll(() => t.close());

it('public pages name the country and the finder one way, apart from the spec texts', async () => {
  const problems: string[] = [];
  for (const path of PAGES) {
    const res = await t.app.inject(path);
    expect(res.statusCode, path).toBe(200);
    const text = readableText(res.body, SPEC_TEXTS);
    for (const m of [...text.matchAll(OTHER_COUNTRY_NAMES), ...text.matchAll(OTHER_FINDER_NAMES)]) {
      problems.push(`${path}: "${m[0]}" in "…${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40)}…"`);
    }
  }
  expect(problems).toEqual([]);
});

it('the spec texts stay as given', async () => {
  const contact = await t.app.inject('/contact');
  expect(contact.body).toMatch(/<option value="USA"[^>]*>USA<\/option>/);
  const finder = await t.app.inject('/find-a-rep');
  expect(finder.body).toMatch(/<option value="2"[^>]*>U\.S\.<\/option>/);
  expect(finder.body).toMatch(/<a[^>]*class="site-nav__link[^"]*"[^>]*href="\/find-a-rep"[^>]*>Retailers &amp; Reps<\/a>/);
  const home = await t.app.inject('/');
  expect(home.body).toMatch(/<option value="2"[^>]*>US<\/option>/);
  // the footer's company links use the navigation's name for the finder
  expect(home.body).toMatch(/<li><a href="\/find-a-rep"[^>]*>Retailers &amp; Reps<\/a><\/li>/);
  expect(readableText(home.body)).toContain('Find a Rep');
});
