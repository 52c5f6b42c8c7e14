import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isFindRepPath } from '#shared/navigation.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { homeAndCampaignPages } from '#tests/setup/template-pages.ts';

/**
 * No doubled blocks. A page is read as its sequence of bands: the sections of the landing
 * page in order, then the footer's Find a Rep banner when there is one (the footer's first block, so
 * it follows the page's last section with nothing in between). A call-to-action band is a section
 * call to action (`.landing-cta`) or the footer's banner. Bands are adjacent when they are neighbours
 * in that sequence; "doubled" means a run of adjacent call-to-action bands with more than one link to
 * the finder (/find-a-rep, /find-a-rep-ca).
 */
function ctaRuns(html: string): { bands: string[]; finderLinks: number }[] {
  const { document } = new JSDOM(html).window;
  const sections = [...document.querySelectorAll('main .landing > section')];
  const banner = document.querySelector('footer > .find-rep-banner');
  const sequence = banner && document.querySelector('footer')?.firstElementChild === banner ? [...sections, banner] : sections;
  const runs: { bands: string[]; finderLinks: number }[] = [];
  let current: { bands: string[]; finderLinks: number } | null = null;
  for (const band of sequence) {
    const isCta = band.classList.contains('landing-cta') || band.classList.contains('find-rep-banner');
    if (!isCta) {
      current = null;
      continue;
    }
    if (!current) runs.push((current = { bands: [], finderLinks: 0 }));
    current.bands.push(band.querySelector('h2')?.textContent ?? band.className);
    current.finderLinks += [...band.querySelectorAll('a[href]')].filter((a) => isFindRepPath(a.getAttribute('href')!)).length;
  }
  return runs;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
});
afterAll(() => t.close());

it('homes and campaigns never stack two Find a Rep calls to action', async () => {
  const pages = await homeAndCampaignPages();
  expect(pages.length).toBe(8);
  let runsSeen = 0;
  for (const path of pages) {
    const res = await t.app.inject(path);
    expect(res.statusCode, path).toBe(200);
    const runs = ctaRuns(res.body);
    runsSeen += runs.length;
    for (const run of runs) expect(run.finderLinks, `${path}: ${run.bands.join(' + ')}`).toBeLessThanOrEqual(1);
  }
  // every page but the International home (reduced footer, no finder) ends with a call to action
  expect(runsSeen).toBeGreaterThanOrEqual(7);
});

it('the page keeps its own band and the footer banner shows where the page does not end with one', async () => {
  const home = new JSDOM((await t.app.inject('/')).body).window.document;
  expect(home.querySelector('main .landing > section:last-child.landing-cta a[href="/find-a-rep"]')?.textContent).toBe('Find a Rep');
  expect(home.querySelector('.find-rep-banner')).toBeNull();
  for (const path of ['/about', '/agrotain', '/press-releases']) {
    const doc = new JSDOM((await t.app.inject(path)).body).window.document;
    expect(doc.querySelector('footer > .find-rep-banner a[href="/find-a-rep"]')?.textContent, path).toBe('Find a Rep');
  }
});
