import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { hydratesFrom } from '../hydration.ts';

// The fresh-render path (app/lib/fast-render/fresh-render.server.tsx: content templates without React Router's document
// handler, rendered by StaticServerRouter, with the kept header and footer of app/lib/fast-render/shell-fragments.tsx)
// against React Router's own: its document handler and its <ServerRouter>, on two apps over identically
// seeded databases, page cache off (ADR 016). The reference app runs the same build, whose entry is wrapped
// here so that content templates render through <ServerRouter> (with the context React Router hands the
// entry) instead of StaticServerRouter; so the two sides share no rendering code of ours.
let lean: TestApp;
let router: TestApp;
let build: ServerBuild;
let entry: ServerBuild['entry']['module'];
let referenceRenders = 0;
const EMPTY_STREAM_BOUNDARY = '<!--$--><!--/$--></body>';
beforeAll(async () => {
  build = (await import(pathToFileURL(path.join(process.cwd(), 'build/server/index.js')).href)) as ServerBuild;
  entry = build.entry.module;
  [lean, router] = await Promise.all([
    createTestApp({ PAGE_CACHE_MB: '0' }, { ui: 'build' }),
    createTestApp({ PAGE_CACHE_MB: '0' }, { ui: 'build', staticRender: false }),
  ]);
  const referenceServices = router.app.services;
  build.entry.module = {
    ...entry,
    default(request: Request, status: number, headers: Headers, context: EntryContext, load: AppLoadContext) {
      const hydrates = hydratesFrom(context.staticHandlerContext.matches.map((m) => context.routeModules[m.route.id]));
      if (load.services !== referenceServices || hydrates || request.method === 'HEAD') {
        return entry.default(request, status, headers, context, load);
      }
      headers.set('Content-Type', 'text/html; charset=utf-8');
      let html = renderToString(createElement(ServerRouter, { context, url: request.url, nonce: load.nonce }));
      // The one difference: <ServerRouter> keeps a Suspense boundary for React Router's loader-data stream,
      // empty on a content template (it renders no <Scripts />, so nothing is streamed). The fresh path has
      // no stream and renders no boundary. Exactly that boundary is taken out of the reference, once.
      if (html.split(EMPTY_STREAM_BOUNDARY).length === 2) {
        html = html.replace(EMPTY_STREAM_BOUNDARY, '</body>');
        referenceRenders++;
      }
      return new Response(html.startsWith('<!DOCTYPE') ? html : `<!DOCTYPE html>${html}`, { status, headers });
    },
  } as ServerBuild['entry']['module'];
});
afterAll(async () => {
  if (entry) build.entry.module = entry;
  await Promise.all([lean?.close(), router?.close()]);
});

/** The per-request CSP nonce and the contact forms' per-render stamp (ADR 043) are the only parts of a page that may differ. */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, '').replace(FORM_STAMP, '$1per render');
const FORM_STAMP = /(name="formStarted" value="|formStarted(?:&quot;|\\"|"):(?:&quot;|\\"|"))[^"&\\]+/g;

async function both(url: string, cookie?: string) {
  const headers = { accept: 'text/html', ...(cookie ? { cookie } : {}) };
  const [a, b] = await Promise.all([lean.app.inject({ url, headers }), router.app.inject({ url, headers })]);
  return { lean: a, router: b };
}

describe('content templates without React Router’s document handler', () => {
  it('render every page of the sitemap (status 200) byte for byte as React Router’s <ServerRouter> does, twice (header and footer kept the second time)', async () => {
    const sitemap = await lean.app.inject('/sitemap.xml');
    const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
    expect(paths.length).toBeGreaterThan(40);
    const before = referenceRenders;
    for (const path of paths) {
      for (const round of [1, 2]) {
        const { lean: a, router: b } = await both(path);
        expect(a.statusCode, `${path} (${round})`).toBe(200);
        expect(b.statusCode, `${path} (${round})`).toBe(200);
        expect(withoutNonces(a.body), `${path} (${round})`).toBe(withoutNonces(b.body));
        expect(a.body).not.toContain('x-fragment');
      }
    }
    // the reference really went through <ServerRouter> (all but the form templates in the sitemap)
    expect(referenceRenders - before).toBeGreaterThan(paths.length);
  }, 120_000); // every sitemap page twice through both renderers: about 25 s on a busy 2-core host

  it('render the same for another region, a query, a dismissed notice, a missing page and a redirect', async () => {
    const cases: [string, string?][] = [
      ['/', 'region=3'],
      ['/agrotain', 'region=4'],
      ['/knowledge-center?type=2', 'region=2'],
      ['/knowledge-center/category/1'],
      ['/press-releases?page=2'],
      ['/product-labels?region=3'],
      ['/', 'notice-dismissed=anything'],
      ['/knowledge-center/no-such-item'],
      ['/no-such-page-at-all'],
      ['/home-ca'],
    ];
    for (const [path, cookie] of cases) {
      const { lean: a, router: b } = await both(path, cookie);
      expect(a.statusCode, path).toBe(b.statusCode);
      expect(a.headers.location, path).toBe(b.headers.location);
      expect(withoutNonces(a.body), path).toBe(withoutNonces(b.body));
    }
    expect((await lean.app.inject('/no-such-page-at-all')).statusCode).toBe(404);
  });

  it('leave form templates, HEAD and posts to React Router with the same answers', async () => {
    for (const path of ['/contact', '/find-a-rep', '/product-selector']) {
      const { lean: a, router: b } = await both(path);
      expect(a.statusCode, path).toBe(200);
      expect(withoutNonces(a.body), path).toBe(withoutNonces(b.body));
    }
    const head = await lean.app.inject({ method: 'HEAD', url: '/agrotain' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('render the header again once the site settings change (the company name is in it)', async () => {
    const before = await lean.app.inject('/about');
    expect(before.body).not.toContain('Fragment Test Farms');
    const settings = await lean.app.services.settings.get();
    await lean.app.services.settings.update({ companyName: 'Fragment Test Farms' });
    try {
      const after = await lean.app.inject('/about');
      expect(after.statusCode).toBe(200);
      const header = /<header[\s\S]*?<\/header>/.exec(after.body)?.[0] ?? '';
      expect(header).toContain('Fragment Test Farms');
    } finally {
      await lean.app.services.settings.update({ companyName: settings.companyName });
    }
  });
});
