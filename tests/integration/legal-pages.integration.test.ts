import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEGAL_LINKS } from '#shared/navigation.ts';
import { REGION_COOKIE } from '#shared/regions.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
});
afterAll(() => t.close());

const regions = [2, 3, 4] as const;
const pages = LEGAL_LINKS.map((l) => l.to);

it.each(pages.flatMap((path) => regions.map((region) => ({ path, region }))))(
  '$path renders for region $region, keeps the region and shows only its own text',
  async ({ path, region }) => {
    const res = await t.app.inject({ url: path, headers: { cookie: `${REGION_COOKIE}=${region}` } });
    expect(res.statusCode).toBe(200);
    // the region-neutral page leaves the visitor's region (header, footer) as it was
    expect(res.body).toContain(`data-region="${region}"`);
    expect(res.body).not.toContain('Related resources');
    expect(res.body).not.toContain('Find a rep or retailer near you');
  },
);

it.each(['/privacy-policy', '/terms-of-use'])('%s says its text is a placeholder for the company to replace', async (path) => {
  const res = await t.app.inject(path);
  expect(res.body).toMatch(/<h1[^>]*>(Privacy Policy|Terms of Use)<\/h1>/);
  expect(res.body).toContain('<strong>Placeholder text.</strong>');
});

it('an ordinary custom page still shows related resources and the Find a Rep banner', async () => {
  const res = await t.app.inject('/growing-season-guide');
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('Related resources');
  expect(res.body).toContain('Find a rep or retailer near you');
});
