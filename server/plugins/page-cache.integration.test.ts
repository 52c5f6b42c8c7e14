import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptHash } from '#server/page-cache/http-cache.ts';
import { editKnowledgeItem, productContentOf } from '#tests/setup/content-edits.ts';
import { expectCachedAs } from '#tests/setup/page-cache-hits.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { startTwoInstances, withinASecond, type TwoInstances } from '#tests/setup/two-instances.ts';
import { ROLE_IDS } from '#shared/permissions.ts';
import { CA_PRODUCT_SLUGS, US_PRODUCT_SLUGS } from '#shared/regions.ts';
import { RepFormSchema, RetailerFormSchema } from '#shared/validation/reps-retailers.ts';
import { SHARED_CACHE_CONTROL } from './page-cache.ts';

const ITEM = '/knowledge-center/keep-surface-applied-urea-in-the-field';
const ITEM_SLUG = 'keep-surface-applied-urea-in-the-field';

let t: TestApp;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build', onQuery: (q) => queries.push(q) });
});
afterAll(() => t.close());

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    // JSON-LD is data, not script: the browser never runs it, so CSP does not apply
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !attrs!.includes('application/ld+json'))
    .map(([, attrs, text]) => ({ attrs: attrs!, text: text! }));

const scriptSources = (csp: string) => /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];

describe('rendered-page cache', () => {
  it('serves a stored page without a database query, and the first render only once', async () => {
    const first = await t.app.inject(ITEM);
    expect(first.statusCode).toBe(200);
    queries.length = 0;
    const second = await t.app.inject(ITEM);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(queries).toEqual([]);
    expect(second.body).toBe(first.body);
    // answered before the security plugin runs, with the headers it set when the page was stored
    for (const name of [
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'strict-transport-security',
      'content-security-policy',
      'content-type',
    ]) {
      expect(second.headers[name]).toBe(first.headers[name]);
    }
  });

  it('keys region-neutral pages by the region cookie and region-fixed pages by path alone', async () => {
    const us = await t.app.inject({ url: '/knowledge-center', headers: { cookie: 'region=2' } });
    const ca = await t.app.inject({ url: '/knowledge-center', headers: { cookie: 'region=3' } });
    expect(ca.headers['x-page-cache']).toBe('miss');
    expect(ca.body).not.toBe(us.body);
    expect((await t.app.inject({ url: '/knowledge-center', headers: { cookie: 'region=3' } })).body).toBe(ca.body);
    // per-visitor HTML stays out of shared caches
    expect(us.headers['cache-control']).toBe('private, no-cache');

    await t.app.inject({ url: '/agrotain', headers: { cookie: 'region=3' } });
    const product = await t.app.inject({ url: '/agrotain', headers: { cookie: 'region=4; other=1' } });
    expect(product.headers['x-page-cache']).toBe('hit');
    expect(product.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
  });

  it('drops the page and the lists that show it when a knowledge item changes through the service, and nothing unrelated', async () => {
    await t.app.inject(ITEM);
    await t.app.inject('/knowledge-center');
    await t.app.inject('/press-releases');
    await t.app.inject('/');
    await editKnowledgeItem(t.app, ITEM_SLUG, { title: 'Urea Stays Put: A Field Guide' });

    const page = await t.app.inject(ITEM);
    expect(page.headers['x-page-cache']).toBe('miss');
    expect(page.body).toContain('Urea Stays Put: A Field Guide');
    const list = await t.app.inject('/knowledge-center');
    expect(list.headers['x-page-cache']).toBe('miss');
    expect(list.body).toContain('Urea Stays Put: A Field Guide');
    // a product page shows related knowledge cards
    expect((await t.app.inject('/agrotain')).body).toContain('Urea Stays Put: A Field Guide');
    expect((await t.app.inject('/press-releases')).headers['x-page-cache']).toBe('hit');
    expect((await t.app.inject('/')).headers['x-page-cache']).toBe('hit');
  });

  it('answers a new redirect at once, and the Not Found page again once the redirect is deleted', async () => {
    expect((await t.app.inject('/about')).statusCode).toBe(200);
    const redirect = await t.app.services.redirects.save({ fromPath: '/old-about', toPath: '/about', statusCode: 301 });
    // answered by the redirects hook from its in-memory table, before any page is rendered or stored
    const moved = await t.app.inject('/old-about');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/about');
    await t.app.services.redirects.delete(redirect.id);
    expect((await t.app.inject('/old-about')).statusCode).toBe(404);
  });

  it('drops a landing page at every path it answers, and leaves product pages', async () => {
    await t.app.inject('/home-ca');
    await t.app.inject('/can');
    await t.app.inject('/anvol-ca');
    const { title, hero, sections, seo } = await t.app.services.landingPages.getByKey('home-ca');
    await t.app.services.landingPages.save('home-ca', { title, hero: { ...hero, headline: 'Canada Home After an Edit' }, sections, seo });
    for (const p of ['/home-ca', '/can']) {
      const res = await t.app.inject(p);
      expect(res.headers['x-page-cache']).toBe('miss');
      expect(res.body).toContain('Canada Home After an Edit');
    }
    expect((await t.app.inject('/anvol-ca')).headers['x-page-cache']).toBe('hit');
  });

  it('drops the finder results, the contact page and the thank-you pages when a rep or retailer is renamed or removed through the service', async () => {
    const { repsRetailers } = t.app.services;
    const admin = [ROLE_IDS.administrator];
    const rep = await repsRetailers.addRep(
      RepFormSchema.parse({ name: 'Rita Cached', email: 'rita.cached@example.com', zips: '50010' }),
      admin,
    );
    const retailer = await repsRetailers.addRetailer(
      RetailerFormSchema.parse({ name: 'Cached Coop', city: 'Ames', state: 'IA', postalCode: '50010' }),
    );
    const pages = {
      results: '/reps-retailers?label=Reps&zip=50010',
      contact: `/reps-retailers/contact?type=rep&id=${rep.id}&zip=50010&label=Reps`,
      repThanks: `/rep-thankyou?id=${rep.id}`,
      retailerThanks: `/retailer-thankyou?id=${retailer.id}`,
      retailerContact: `/reps-retailers/contact?type=retailer&id=${retailer.id}&zip=50010&label=Retailers`,
    };
    for (const url of Object.values(pages)) {
      expect((await t.app.inject(url)).statusCode, url).toBe(200);
      expect((await t.app.inject(url)).headers['x-page-cache'], url).toBe('hit');
    }

    await repsRetailers.editRep(
      {
        ...RepFormSchema.parse({ name: 'Rita Renamed', email: 'rita.cached@example.com', zips: '50010' }),
        id: rep.id,
        baseVersion: (await repsRetailers.getRep(rep.id)).version,
      },
      admin,
    );
    for (const url of [pages.results, pages.contact, pages.repThanks]) {
      const res = await t.app.inject(url);
      expect(res.headers['x-page-cache'], url).toBe('miss');
      expect(res.body, url).toContain('Rita Renamed');
      expect(res.body, url).not.toContain('Rita Cached');
    }

    await repsRetailers.deleteRetailer(retailer.id);
    // the contact page of a removed listing is a 404 at once; the thank-you page no longer names it
    expect((await t.app.inject(pages.retailerContact)).statusCode).toBe(404);
    const thanks = await t.app.inject(pages.retailerThanks);
    expect(thanks.headers['x-page-cache']).toBe('miss');
    expect(thanks.body).not.toContain('Cached Coop');
  });

  it('drops every page when a product changes (it is in the menu and footer of every page)', async () => {
    await t.app.inject('/press-releases');
    const content = productContentOf(await t.app.services.products.getPublicBySlug('optrient'));
    await t.app.services.products.save('optrient', { ...content, tagline: 'A tagline seen on every page' });
    const press = await t.app.inject('/press-releases');
    expect(press.headers['x-page-cache']).toBe('miss');
    expect(press.body).toContain('A tagline seen on every page');
  });

  it('drops every page when site settings change (the notice is on every page)', async () => {
    await t.app.inject('/');
    await t.app.services.settings.update({
      notice: { enabled: true, id: 'cache-test', text: 'Cache test notice text.', linkUrl: '', linkText: '' },
    });
    const home = await t.app.inject('/');
    expect(home.headers['x-page-cache']).toBe('miss');
    expect(home.body).toContain('Cache test notice text.');
  });

  it('lists the hash of every inline script in the CSP of a cached page, and nothing else', async () => {
    for (const state of ['miss', 'hit']) {
      const res = await t.app.inject('/product-labels?region=3');
      expect(res.headers['x-page-cache']).toBe(state);
      const csp = String(res.headers['content-security-policy']);
      const sources = scriptSources(csp);
      const scripts = inlineScripts(res.body);
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) expect(sources).toContain(`'${scriptHash(s.text)}'`);
      expect(sources.filter((s) => s.startsWith("'sha256-")).length).toBe(new Set(scripts.map((s) => s.text)).size);
      expect(sources).not.toContain(`'${scriptHash('alert(document.cookie)')}'`);
      expect(csp).not.toMatch(/'unsafe-inline'[^;]*;\s*style-src/);
      expect(sources.some((s) => s.startsWith("'nonce-") || s === "'unsafe-inline'")).toBe(false);
      expect(res.body).not.toContain('nonce=');
    }
  });

  it('keeps the per-request nonce for pages it never stores', async () => {
    const res = await t.app.inject('/product-selector?step=1');
    expect(res.headers['x-page-cache']).toBeUndefined();
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    for (const s of inlineScripts(res.body)) expect(s.attrs).toContain(`nonce="${nonce}"`);
    const authorised = await t.app.inject({ url: ITEM, headers: { authorization: 'Bearer x' } });
    expect(authorised.headers['x-page-cache']).toBeUndefined();
    expect(String(authorised.headers['content-security-policy'])).toContain("'nonce-");
  });

  it('sends an ETag on every HTML reply and answers If-None-Match with 304, cached or not', async () => {
    const cached = await t.app.inject('/about');
    const etag = String(cached.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const notModified = await t.app.inject({ url: '/about', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect((await t.app.inject({ url: '/about', headers: { 'if-none-match': 'W/"other"' } })).statusCode).toBe(200);

    // never stored (the selector reads the Referer): rendered for each request with a fresh nonce, and
    // validated over the page without it, so the same page revalidates
    for (const url of ['/product-selector', '/product-selector?step=3&challenge=5']) {
      const once = await t.app.inject(url);
      expect(once.headers['x-page-cache'], url).toBeUndefined();
      expect(String(once.headers['content-security-policy']), url).toContain("'nonce-");
      const tag = String(once.headers.etag);
      expect(tag, url).toMatch(/^W\/".+"$/);
      const revalidated = await t.app.inject({ url, headers: { 'if-none-match': tag } });
      expect(revalidated.statusCode, url).toBe(304);
      expect(revalidated.body, url).toBe('');
      expect(revalidated.headers.etag, url).toBe(tag);
      // A browser merges a 304's headers into its stored copy: a CSP with this request's nonce would
      // refuse the stored page's scripts (they carry the first nonce), so the 304 sends none.
      expect(revalidated.headers['content-security-policy'], url).toBeUndefined();
    }
    // a different page does not match
    const first = String((await t.app.inject('/product-selector')).headers.etag);
    const step = await t.app.inject({ url: '/product-selector?step=2&challenge=1', headers: { 'if-none-match': first } });
    expect(step.statusCode).toBe(200);
    expect(step.headers.etag).not.toBe(first);
  });

  it('serves the stored page to links with tracking parameters, and keeps them on redirects', async () => {
    const plain = await t.app.inject('/press-releases');
    queries.length = 0;
    await expectCachedAs(
      t.app,
      [
        '/press-releases?utm_source=newsletter&utm_medium=email',
        '/press-releases?fbclid=IwAR0abc',
        '/press-releases?gclid=Cj0KCQ&msclkid=9',
      ],
      plain.body,
    );
    expect(queries).toEqual([]);
    // what the list reads (the search) still keys it; the tracking parameters never reach the page
    const searched = await t.app.inject('/knowledge-center?q=zinc&utm_campaign=spring');
    expect(searched.headers['x-page-cache']).toBe('miss');
    expect(searched.body).toContain('Spotting and Fixing Zinc Deficiency in Corn');
    expect(searched.body).not.toContain('utm_');
    expect((await t.app.inject('/knowledge-center?q=zinc')).headers['x-page-cache']).toBe('hit');

    // a redirect passes the query on to its target: the stored one answers plain requests only
    expect((await t.app.inject('/can/find-a-rep')).headers.location).toBe('/find-a-rep-ca');
    expect((await t.app.inject('/can/find-a-rep')).headers['x-page-cache']).toBe('hit');
    const tracked = await t.app.inject('/can/find-a-rep?utm_source=mail');
    expect(tracked.statusCode).toBe(301);
    expect(tracked.headers.location).toBe('/find-a-rep-ca?utm_source=mail');
    expect((await t.app.inject('/can/find-a-rep')).headers.location).toBe('/find-a-rep-ca');
  });

  it('answers HEAD from the same entry: headers and length, no body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/press-releases?page=1' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const get = await t.app.inject({ url: '/press-releases?page=1' });
    expect(get.headers['x-page-cache']).toBe('hit');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
  });

  it('serves brotli, gzip or identity from the entry, compressed once, with Vary: Accept-Encoding', async () => {
    const plain = await t.app.inject({ url: '/home-ca', headers: { 'accept-encoding': 'identity' } });
    const br = await t.app.inject({ url: '/home-ca', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await t.app.inject({ url: '/home-ca', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const r of [plain, br, gz]) expect(r.headers.vary).toBe('Accept-Encoding');
    // not compressed twice: each variant decodes to exactly the page
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});

describe('over real HTTP (hits answered by the server listener)', () => {
  it('serves the stored page with every header, brotli, 304 and HEAD', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const first = await fetch(`${base}/wolf-trax`);
    const firstBody = await first.text();
    const hit = await fetch(`${base}/wolf-trax`, { headers: { 'accept-encoding': 'br' } });
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(hit.headers.get('content-encoding')).toBe('br');
    expect(await hit.text()).toBe(firstBody);
    for (const name of ['x-content-type-options', 'strict-transport-security', 'content-security-policy', 'cache-control', 'etag']) {
      expect(hit.headers.get(name)).toBe(first.headers.get(name));
    }
    const revalidated = await fetch(`${base}/wolf-trax`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    const head = await fetch(`${base}/wolf-trax`, { method: 'HEAD' });
    expect(head.headers.get('x-page-cache')).toBe('hit');
    expect(await head.text()).toBe('');
    // not stored: Fastify renders it
    expect((await fetch(`${base}/wolf-trax`, { headers: { authorization: 'Bearer x' } })).headers.get('x-page-cache')).toBeNull();
  });

  it('still counts every visit to a missing page in the Not Found log when the 404 page is stored', async () => {
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' };
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/no-such-brochure`, { headers: browser })).status).toBe(404);
    expect((await fetch(`${base}/no-such-brochure`, { headers: browser })).headers.get('x-page-cache')).toBe('hit');
    const log = await t.app.services.redirects.filterNotFound('no-such-brochure', 0, 10);
    expect(log.items.map((e) => [e.path, e.hits])).toEqual([['/no-such-brochure', 4]]);
  });
});

describe('the real app with a small budget and a hook that sets a cookie', () => {
  const BUDGET_MB = 0.15; // room for about five pages (a product page's three variants are about 30 KB)
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp(
      { PAGE_CACHE_MB: String(BUDGET_MB) },
      {
        ui: 'build',
        // A hook that runs before the page (as a session refresh or a consent cookie would) and
        // sets a cookie on the reply, not through React Router's response.
        beforeReady: (app) => {
          app.addHook('onRequest', async (request, reply) => {
            if (request.url.includes('visitor-cookie')) reply.header('set-cookie', 'visitor=42; Path=/; HttpOnly');
          });
        },
      },
    );
  });
  afterAll(() => small.close());

  it('never stores a page whose reply sets a cookie, and still sends the cookie every time', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await small.app.inject('/about?visitor-cookie=1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-page-cache']).toBeUndefined();
      expect(res.headers['set-cookie']).toBe('visitor=42; Path=/; HttpOnly');
    }
    // the same page without the cookie is stored as usual
    await small.app.inject('/about');
    expect((await small.app.inject('/about')).headers['x-page-cache']).toBe('hit');
  });

  it('never stores the region switch, which sets the region cookie, and only follows local paths', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await small.app.inject('/set-region?region=3&from=/agrotain');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/agrotain-ca');
      expect(res.headers['x-page-cache']).toBeUndefined();
      expect(String(res.headers['set-cookie'])).toMatch(/^region=3;/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const from of ['//evil.example/agrotain', 'https://evil.example/agrotain', '/\\evil.example', '/agrotain/../../x', 'agrotain']) {
      const res = await small.app.inject(`/set-region?region=3&from=${encodeURIComponent(from)}`);
      expect(res.headers.location, from).toBe('/home-ca');
    }
  });

  it('holds the memory budget with real pages, the least recently used out first', async () => {
    const budget = BUDGET_MB * 1024 * 1024;
    const store = small.app.pageCache!.store;
    const kept = '/press-releases';
    const keptBody = (await small.app.inject(kept)).body;
    const pages = [...US_PRODUCT_SLUGS, ...CA_PRODUCT_SLUGS].map((slug) => `/${slug}`);
    for (const page of pages) {
      expect((await small.app.inject(page)).statusCode, page).toBe(200);
      expect(store.bytes, page).toBeLessThanOrEqual(budget);
      // the list stays in use, so it is never the least recently used
      expect((await small.app.inject(kept)).headers['x-page-cache'], page).toBe('hit');
    }
    expect(store.size).toBeGreaterThanOrEqual(3);
    expect(store.size).toBeLessThan(pages.length);
    expect(store.bytes).toBeGreaterThan(budget / 2);
    const hit = await small.app.inject(kept);
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(hit.body).toBe(keptBody);
    // the newest product is still there; the first ones went first
    expect((await small.app.inject(pages.at(-1)!)).headers['x-page-cache']).toBe('hit');
    expect((await small.app.inject(pages[0]!)).headers['x-page-cache']).toBe('miss');
    expect(store.bytes).toBeLessThanOrEqual(budget);
  });
});

describe('content changes across instances', () => {
  let instances: TwoInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    instances = await startTwoInstances({ ui: 'build' });
    ({ a, b } = instances);
  });
  afterAll(() => instances?.close());

  it('a write on one instance drops the page on the other within a second', async () => {
    await b.inject('/press-releases');
    expect((await b.inject('/press-releases')).headers['x-page-cache']).toBe('hit');
    const slug = 'press-cache-' + Date.now();
    await a.services.pressReleases.create({
      type: 0,
      category: null,
      pinned: false,
      slug,
      regionId: 2,
      version: { title: 'Instances Agree Within a Second', metadata: { desc: 'x' }, heroMedia: null, modules: [], publishDate: new Date() },
    });
    const started = Date.now();
    let body = '';
    while (Date.now() - started < 1000) {
      body = (await b.inject('/press-releases')).body;
      if (body.includes('Instances Agree Within a Second')) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(body).toContain('Instances Agree Within a Second');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a redirect saved on one instance answers on the other within a second, and stops once deleted there', async () => {
    // B has read its redirect table (and stored the Not Found page) before A writes
    expect((await b.inject('/old-cross-instance')).statusCode).toBe(404);
    expect((await b.inject('/old-cross-instance')).statusCode).toBe(404);
    const redirect = await a.services.redirects.save({ fromPath: '/old-cross-instance', toPath: '/about', statusCode: 301 });
    const moved = await withinASecond(
      () => b.inject('/old-cross-instance'),
      (r) => r.statusCode === 301,
    );
    expect(moved.reply.statusCode).toBe(301);
    expect(moved.reply.headers.location).toBe('/about');
    expect(moved.ms).toBeLessThan(1000);

    await a.services.redirects.delete(redirect.id);
    const gone = await withinASecond(
      () => b.inject('/old-cross-instance'),
      (r) => r.statusCode === 404,
    );
    expect(gone.reply.statusCode).toBe(404);
    expect(gone.ms).toBeLessThan(1000);
  });

  it('a notice bar saved on one instance shows on the other within a second', async () => {
    // B has read the settings and stored the page before A writes
    await b.inject('/about');
    expect((await b.inject('/about')).headers['x-page-cache']).toBe('hit');
    const text = `Cross-instance notice ${Date.now()}.`;
    await a.services.settings.update({ notice: { enabled: true, id: 'cross-instance', text, linkUrl: '', linkText: '' } });
    const shown = await withinASecond(
      () => b.inject('/about'),
      (r) => r.body.includes(text),
    );
    expect(shown.reply.body.includes(text), 'the notice on B').toBe(true);
    expect(shown.ms).toBeLessThan(1000);
    // and B's own settings read (the API, the lead forms) has the new notice too, not a cached copy
    expect((await b.services.settings.get()).notice.text).toBe(text);
  });
});
