import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_PAGES } from '#tests/setup/template-pages.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { SHARED_CACHE_CONTROL } from './page-cache.ts';

// The page cache keys a page on the visitor inputs the render is given (shared/request-inputs.ts), so a
// cookie value outside the allowed set can neither make a page of its own nor store a page under
// another visitor's key.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
});
afterAll(() => t.close());

/** Malformed region cookie values, each with the cookie header of the key it must share. */
const MALFORMED: { value: string; canonical: string }[] = [
  { value: '3x', canonical: '' },
  { value: '0x3', canonical: '' },
  { value: ' 3', canonical: '' },
  // a cookie value ends at ';': this header holds region 3 and a nameless cookie
  { value: '3;3', canonical: 'region=3' },
  { value: '', canonical: '' },
  { value: '3'.repeat(200), canonical: '' },
  { value: 'x'.repeat(200), canonical: '' },
];
const CANONICAL = ['', 'region=3'];

/**
 * Pages never stored (the product selector) carry a per-request nonce, and the contact forms a per-render
 * stamp (the spam verdict's time to fill, ADR 043): the rest of the bytes must match.
 */
const withoutNonces = (body: string) => body.replace(/ nonce="[^"]*"/g, '').replace(FORM_STAMP, '$1per render');
const FORM_STAMP = /(name="formStarted" value="|formStarted(?:&quot;|\\"|"):(?:&quot;|\\"|"))[^"&\\]+/g;

const get = (url: string, cookie: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const contentChanged = () => t.app.services.contentEvents.changed({ kind: 'all' });

function expectSamePage(res: LightMyRequestResponse, ref: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBe(ref.statusCode);
  expect(withoutNonces(res.body), what).toBe(withoutNonces(ref.body));
  expect(res.headers['cache-control'], what).toBe(ref.headers['cache-control']);
}

describe('malformed region cookies', () => {
  it.each(TEMPLATE_PAGES)(
    '$template ($path): each serves the bytes of its canonical key and leaves the canonical entries as they were',
    async ({ path, status }) => {
      const ref: Record<string, LightMyRequestResponse> = {};
      for (const cookie of CANONICAL) {
        contentChanged();
        ref[cookie] = await get(path, cookie);
        expect(ref[cookie]!.statusCode, cookie).toBe(status ?? 200);
      }
      const stored = ref['']!.headers['x-page-cache'] === 'miss';
      expect(stored, 'only the product selector is never stored').toBe(path !== '/product-selector');

      for (const { value, canonical } of MALFORMED) {
        const cookie = `region=${value}`;
        // right after a content change, the malformed cookie renders first: it must store nothing another visitor gets
        contentChanged();
        expectSamePage(await get(path, cookie), ref[canonical]!, `${cookie} after a change`);
        for (const other of CANONICAL) {
          const res = await get(path, other);
          expectSamePage(res, ref[other]!, `${other || 'no cookie'} after ${cookie}`);
          if (stored && other === canonical) expect(res.headers['x-page-cache'], `${cookie} stored its canonical page`).toBe('hit');
        }

        // with the canonical entries stored, the malformed cookie is answered from its canonical one: no render, no entry
        if (!stored) continue;
        const { size } = t.app.pageCache!.store;
        const renders = t.app.pageCache!.stats.renders;
        const res = await get(path, cookie);
        expect(res.headers['x-page-cache'], cookie).toBe('hit');
        expectSamePage(res, ref[canonical]!, cookie);
        expect(t.app.pageCache!.stats.renders, cookie).toBe(renders);
        expect(t.app.pageCache!.store.size, cookie).toBe(size);
      }
    },
    60_000,
  );

  it('a Canada page is never stored for visitors without a cookie, nor a U.S. page for Canada (the knowledge center)', async () => {
    const list = '/knowledge-center';
    contentChanged();
    const us = (await get(list, '')).body;
    const ca = (await get(list, 'region=3')).body;
    expect(us).toContain('data-region="2"');
    expect(ca).toContain('data-region="3"');
    expect(ca).not.toBe(us);

    contentChanged();
    expect((await get(list, 'region=3x')).body).toBe(us);
    expect((await get(list, '')).body).toBe(us);
    contentChanged();
    expect((await get(list, 'region=0x3')).body).toBe(us);
    expect((await get(list, 'region=3')).body).toBe(ca);
    // sent twice, the first one counts
    expect((await get(list, 'region=3x; region=3')).body).toBe(us);
    expect((await get(list, 'region=3; region=2')).body).toBe(ca);
  });

  it('answers a malformed cookie from the canonical entry over real HTTP too (the server listener)', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    contentChanged();
    const plain = await fetch(`${base}/about`);
    const plainBody = await plain.text();
    for (const value of ['3x', '0x3', '', '3'.repeat(200)]) {
      const res = await fetch(`${base}/about`, { headers: { cookie: `region=${value}` } });
      expect(res.headers.get('x-page-cache'), value).toBe('hit');
      expect(await res.text(), value).toBe(plainBody);
    }
  });
});

describe('the notice cookie', () => {
  const random = () => `notice-${randomBytes(6).toString('hex')}`;

  it('keys on dismissed or not: made-up values cost no render and no entry', async () => {
    contentChanged();
    const shown = await get('/about', '');
    expect(shown.body).toContain('class="notice-bar"');
    const { size } = t.app.pageCache!.store;
    const renders = t.app.pageCache!.stats.renders;
    for (let i = 0; i < 5; i++) {
      const res = await get('/about', `notice-dismissed=${random()}`);
      expect(res.headers['x-page-cache']).toBe('hit');
      expect(res.body).toBe(shown.body);
    }
    expect(t.app.pageCache!.stats.renders).toBe(renders);
    expect(t.app.pageCache!.store.size).toBe(size);
  });

  it('keys the current notice’s id as dismissed, and only that id', async () => {
    const { notice } = await t.app.services.settings.get();
    expect(notice.enabled).toBe(true);
    contentChanged();
    const shown = await get('/about', '');
    const renders = t.app.pageCache!.stats.renders;
    const dismissed = await get('/about', `other=1; notice-dismissed=${notice.id}`);
    expect(dismissed.headers['x-page-cache']).toBe('miss');
    expect(dismissed.body).not.toContain('class="notice-bar"');
    expect(t.app.pageCache!.stats.renders).toBe(renders + 1);
    expect((await get('/about', `notice-dismissed=${notice.id}`)).headers['x-page-cache']).toBe('hit');
    expect((await get('/about', '')).body).toBe(shown.body);

    // only the page everyone gets is for shared caches: a made-up value is that page, a dismissal is not
    expect((await get('/agrotain', `notice-dismissed=${random()}`)).headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
    expect((await get('/agrotain', `notice-dismissed=${notice.id}`)).headers['cache-control']).toBe('private, no-cache');

    // a new notice shows again to those who dismissed the old one
    const next = { ...notice, id: random(), text: 'A newer notice for the cache key test.' };
    await t.app.services.settings.update({ notice: next });
    try {
      const old = await get('/about', `notice-dismissed=${notice.id}`);
      expect(old.body).toContain('A newer notice for the cache key test.');
      expect((await get('/about', `notice-dismissed=${next.id}`)).body).not.toContain('class="notice-bar"');
    } finally {
      await t.app.services.settings.update({ notice });
    }
  });
});
