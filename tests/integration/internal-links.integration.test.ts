import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { TEMPLATE_PAGES } from '#tests/setup/template-pages.ts';

let t: TestApp;
beforeAll(async () => {
  // the seed wrote the documents' files under the test data directory (tests/setup/global-db.ts)
  t = await createTestApp({ DATA_DIR: path.resolve('.tmp/test-data') }, { ui: 'build' });
});
afterAll(() => t.close());

function decode(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Every same-site address a page refers to: links, stylesheets, preloads, scripts, images, documents. */
function internalAddresses(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/\s(?:href|src|action|poster)="([^"]*)"/g)) found.add(decode(m[1]!));
  for (const m of html.matchAll(/\s(?:srcset|imagesrcset)="([^"]*)"/g)) {
    for (const candidate of decode(m[1]!).split(',')) found.add(candidate.trim().split(/\s+/)[0]!);
  }
  // "/x" is this site; "//host/x" is another one
  return [...found].filter((a) => a.startsWith('/') && !a.startsWith('//')).map((a) => a.split('#')[0]!);
}

it('every internal link, asset and document on the homes and one page of each template answers without a 4xx or 5xx', async () => {
  const referrers = new Map<string, string>();
  for (const { path, status } of TEMPLATE_PAGES) {
    const res = await t.app.inject(path);
    expect(res.statusCode, path).toBe(status ?? 200);
    for (const address of internalAddresses(res.body)) if (!referrers.has(address)) referrers.set(address, path);
  }
  // the footer's legal links are on every page; guard the count so a broken extraction cannot pass quietly
  expect(referrers.has('/privacy-policy')).toBe(true);
  expect(referrers.has('/terms-of-use')).toBe(true);
  expect(referrers.size).toBeGreaterThan(100);

  const broken: string[] = [];
  for (const [address, from] of referrers) {
    let url = address;
    // follow same-site redirects, so a redirect to a missing page counts as broken
    for (let hop = 0; hop < 5; hop++) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html,*/*' } });
      if (res.statusCode >= 400) {
        broken.push(`${address} (on ${from}) answered ${res.statusCode}${url === address ? '' : ` at ${url}`}`);
        break;
      }
      const location = res.headers.location;
      if (
        res.statusCode < 300 ||
        res.statusCode >= 400 ||
        typeof location !== 'string' ||
        !location.startsWith('/') ||
        location.startsWith('//')
      )
        break;
      url = location;
    }
  }
  expect(broken).toEqual([]);
}, 120_000);
