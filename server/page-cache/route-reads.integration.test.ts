/**
 * Routes declare what they read (ADR 007): every public loader runs here against the real
 * services, with the query and the services watched. A loader that reads a query parameter its
 * route did not declare fails (the page cache would never give it that parameter), and so does one
 * that reads content its route's tags do not cover (a change to that content would leave the stored
 * page as it was), or reads the Cookie header (the visitor inputs come parsed in the load context).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readsOf, type PageReads } from '#app/lib/page-reads.ts';
import { groupByParent } from '#app/lib/fast-render/fresh-render.server.tsx';
import { projectRoot } from '#config/project-root.ts';
import { tagsForChange, type ContentKind } from '#domain/content-events/content-events.ts';
import { ALL_PAGES, knowledgeTag, landingTag, pathTag, pressTag } from '#shared/cache-tags.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createRouteReads } from './route-reads.ts';

/** Addresses that reach every public route with a loader, with the parameters each reads; the sitemap adds the rest. */
const SAMPLES = [
  '/knowledge-center?category=39&q=zinc&page=2',
  '/knowledge-center/category/39?q=corn&type=0&page=1',
  '/knowledge-center?type=2',
  '/press-releases?page=2',
  '/product-labels?region=3&product=agrotain',
  '/find-a-rep',
  '/find-a-rep-ca',
  '/reps-retailers?label=Reps&zip=50010&radius=100',
  '/reps-retailers/contact?type=rep&id=1&label=Reps&zip=50010&back=/reps-retailers',
  '/reps-retailers/contact?targetType=retailer&targetId=1',
  '/reps-retailers/contact',
  '/rep-thankyou?id=1&back=/reps-retailers?zip=50010',
  '/retailer-thankyou?id=1',
  '/product-selector?step=3&challenge=5&crop=1',
  '/product-selector?step=1&challenge=2&go=next',
  '/product-selector?step=99',
  '/contact',
  '/contact?challenge=5&crop=1&nitrogen=1&product=anvol&product=superu',
  '/contact-ca',
  '/can/contact-us',
  '/not-found',
  '/access-denied',
  '/error',
  '/error/server-error',
  '/error/bad-request',
  '/error/form-refused?back=/contact',
  '/error/form-too-large?back=/contact',
  '/error/unavailable?back=%2Fknowledge-center%3Fq%3Durea',
  '/careers',
  '/set-region?region=3&from=/agrotain',
  '/can/find-a-rep',
  '/preview/not-a-token',
  '/no-such-custom-page',
  '/can',
  '/int',
];

/** Parameters no route reads, added to every sample: reading one is the failure this test looks for. */
const UNDECLARED = 'ref=partner-1&utm_source=mail&_ga=1.2';

interface Read {
  service: string;
  method: string;
  args: unknown[];
}

/** The tags a change to what `read` read would drop, and the one tag that must be there for a read of one item. */
function changeFor(read: Read): { tags: string[]; item?: string } | null {
  const slug = typeof read.args[0] === 'string' ? read.args[0] : undefined;
  const kinds: Record<string, ContentKind> = {
    knowledge: 'knowledge',
    pressReleases: 'press',
    pages: 'page',
    landingPages: 'landing',
    products: 'product',
    documents: 'document',
    finder: 'finder',
    settings: 'settings',
  };
  const kind = kinds[read.service];
  if (!kind) return null; // reference data (states), not content
  const tags = tagsForChange({ kind, id: kind === 'landing' ? slug : null, oldSlug: slug ?? null, newSlug: slug ?? null });
  const bySlug = /BySlug$|ByKey$/.test(read.method) && slug !== undefined;
  const item = !bySlug
    ? undefined
    : kind === 'knowledge'
      ? knowledgeTag(slug)
      : kind === 'press'
        ? pressTag(slug)
        : kind === 'page'
          ? pathTag(slug)
          : kind === 'landing'
            ? landingTag(slug)
            : undefined;
  return { tags, item };
}

/** Records the names of the query parameters read while `run` runs ('*' for reading them all). */
async function watchingQuery<T>(run: () => Promise<T>): Promise<{ names: Set<string>; result: T | unknown }> {
  const names = new Set<string>();
  const proto = URLSearchParams.prototype;
  const saved = {
    get: proto.get,
    getAll: proto.getAll,
    has: proto.has,
    entries: proto.entries,
    keys: proto.keys,
    values: proto.values,
    forEach: proto.forEach,
    iterator: proto[Symbol.iterator],
  };
  const search = Object.getOwnPropertyDescriptor(URL.prototype, 'search')!;
  proto.get = function (name) {
    names.add(name);
    return saved.get.call(this, name);
  };
  proto.getAll = function (name) {
    names.add(name);
    return saved.getAll.call(this, name);
  };
  proto.has = function (name, value) {
    names.add(name);
    return saved.has.call(this, name, value);
  };
  const all = <F extends (...args: never[]) => unknown>(f: F) =>
    function (this: URLSearchParams, ...args: Parameters<F>) {
      names.add('*');
      return f.apply(this, args);
    } as unknown as F;
  proto.entries = all(saved.entries);
  proto.keys = all(saved.keys);
  proto.values = all(saved.values);
  proto.forEach = all(saved.forEach);
  proto[Symbol.iterator] = all(saved.iterator);
  Object.defineProperty(URL.prototype, 'search', {
    ...search,
    get(this: URL) {
      const value = search.get!.call(this) as string;
      if (value) names.add('*');
      return value;
    },
  });
  try {
    let result: unknown;
    try {
      result = await run();
    } catch (thrown) {
      result = thrown; // a redirect or a 404 answers too
    }
    return { names, result };
  } finally {
    Object.assign(proto, {
      get: saved.get,
      getAll: saved.getAll,
      has: saved.has,
      entries: saved.entries,
      keys: saved.keys,
      values: saved.values,
      forEach: saved.forEach,
    });
    proto[Symbol.iterator] = saved.iterator;
    Object.defineProperty(URL.prototype, 'search', search);
  }
}

/**
 * Whether anything reads `request`'s Cookie header (or walks all its headers): pages read the visitor
 * only through the load context (shared/request-inputs.ts), the values the page cache keys on.
 */
function watchingCookie(request: Request): () => boolean {
  let read = false;
  const headers = request.headers;
  const watched = new Proxy(headers, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if ((prop !== 'get' && prop !== 'has') || String(args[0]).toLowerCase() === 'cookie') read = true;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  Object.defineProperty(request, 'headers', { value: watched });
  return () => read;
}

let t: TestApp;
let build: ServerBuild;
let tree: RouteObject[];
let sitemap: string[];

beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
  build = (await import(pathToFileURL(path.join(projectRoot, 'build/server/index.js')).href)) as ServerBuild;
  const byParent = groupByParent(build.routes);
  const treeOf = (parentId: string): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r): RouteObject =>
      r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: treeOf(r.id) },
    );
  tree = treeOf('');
  const xml = (await t.app.inject('/sitemap.xml')).body;
  sitemap = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
});
afterAll(() => t.close());

describe('route declarations', () => {
  it('every route with a server loader declares what it reads', () => {
    const undeclared = Object.values(build.routes)
      .filter((r) => r?.module.loader && !readsOf(r.module.handle))
      .map((r) => r!.id);
    expect(undeclared).toEqual([]);
  });

  it('no loader reads a query parameter its route did not declare, and every content read is covered by its tags', async () => {
    const covered = new Set<string>();
    const problems: string[] = [];
    expect(sitemap.length).toBeGreaterThan(20);
    for (const sample of [...SAMPLES, ...sitemap]) {
      const url = new URL(sample, 'http://localhost');
      const matches = matchRoutes(tree, url.pathname) ?? [];
      for (const { route, params } of matches) {
        const module = build.routes[route.id!]!.module;
        if (!module.loader) continue;
        covered.add(route.id!);
        const reads = readsOf(module.handle) as PageReads;
        const reads$: Read[] = [];
        const services = new Proxy(t.app.services, {
          get(target, service: string) {
            const real = (target as unknown as Record<string, object>)[service];
            if (!real || typeof real !== 'object') return real;
            return new Proxy(real, {
              get(obj, method: string) {
                const value = (obj as Record<string, unknown>)[method];
                if (typeof value !== 'function') return value;
                return (...args: unknown[]) => {
                  reads$.push({ service, method, args });
                  return (value as (...a: unknown[]) => unknown).apply(obj, args);
                };
              },
            });
          },
        });
        const search = url.search ? `${url.search}&${UNDECLARED}` : `?${UNDECLARED}`;
        const request = new Request(`http://localhost${url.pathname}${search}`, {
          headers: { cookie: 'region=3', referer: 'http://localhost/agrotain' },
        });
        const readsCookie = watchingCookie(request);
        const context = {
          services,
          config: { siteUrl: 'http://localhost', recaptchaSiteKey: null },
          nonce: 'n',
          requestId: 'r',
          visitor: { region: 3, noticeDismissed: false },
          log: t.app.log,
        };
        const { names } = await watchingQuery(() => Promise.resolve(module.loader!({ request, params, context } as never)));
        if (readsCookie())
          problems.push(`${route.id} (${sample}) reads the Cookie header instead of the visitor inputs in its load context`);
        const extra = [...names].filter((n) => !reads.query.includes(n));
        if (extra.length)
          problems.push(
            `${route.id} (${sample}) reads ${extra.map((n) => (n === '*' ? 'the whole query' : `?${n}`)).join(', ')} without declaring it`,
          );

        const declared = new Set(reads.tags({ pathname: url.pathname, params }));
        for (const read of reads$) {
          const change = changeFor(read);
          if (!change || change.tags.includes(ALL_PAGES)) continue;
          if (change.item && !declared.has(change.item))
            problems.push(
              `${route.id} (${sample}) reads ${read.service}.${read.method}(${String(read.args[0])}) but does not declare ${change.item}`,
            );
          else if (!change.tags.some((tag) => declared.has(tag)))
            problems.push(`${route.id} (${sample}) reads ${read.service}.${read.method} but declares none of ${change.tags.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // a route added without a sample here would go unchecked
    const withLoader = Object.values(build.routes)
      .filter((r) => r?.module.loader)
      .map((r) => r!.id);
    expect(withLoader.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('stores each page under its path, "all" and what its routes declare', () => {
    const readsFor = createRouteReads(build.routes);
    expect(readsFor('/knowledge-center/some-item')).toEqual({
      query: new Set(),
      tags: ['all', 'path:/knowledge-center/some-item', 'knowledge:some-item', 'knowledge-related'],
    });
    expect(readsFor('/home-ca').tags).toContain('landing:home-ca');
    expect(readsFor('/can').tags).toContain('landing:home-ca');
    expect([...readsFor('/knowledge-center/category/39').query].sort()).toEqual(['category', 'page', 'q', 'type']);
    expect([...readsFor('/reps-retailers').query].sort()).toEqual(['label', 'radius', 'zip']);
    expect(readsFor('/agrotain').query.size).toBe(0);
  });
});

/** What a content change drops, among the site's pages, by intersecting tags as the page cache does. */
describe('what a content change drops', () => {
  const SITE = [
    '/',
    '/home-ca',
    '/can',
    '/about',
    '/clear-choice',
    '/agrotain',
    '/anvol-ca',
    '/knowledge-center',
    '/knowledge-center/category/39',
    '/knowledge-center/zinc-deficiency-in-corn',
    '/can/knowledge-center/canola-sulphur',
    '/press-releases',
    '/press-releases/anvol-available-nationwide',
    '/can/press-releases/x',
    '/product-labels',
    '/find-a-rep',
    '/reps-retailers',
    '/reps-retailers/contact',
    '/rep-thankyou',
    '/retailer-thankyou',
    '/some-custom-page',
    '/old/deep/path',
  ];
  const dropped = (change: Parameters<typeof tagsForChange>[0]) => {
    const readsFor = createRouteReads(build.routes);
    const tags = new Set(tagsForChange(change));
    return SITE.filter((p) => readsFor(p).tags.some((tag) => tags.has(tag)));
  };

  it('a knowledge item: its page, the lists, and pages with related resources; not press, homes or labels', () => {
    const hit = dropped({ kind: 'knowledge', id: 3, oldSlug: 'zinc-deficiency-in-corn', newSlug: 'zinc-in-corn' });
    expect(hit).toEqual(
      expect.arrayContaining([
        '/knowledge-center/zinc-deficiency-in-corn',
        '/knowledge-center',
        '/knowledge-center/category/39',
        '/agrotain',
        '/some-custom-page',
      ]),
    );
    for (const page of ['/', '/press-releases', '/product-labels', '/find-a-rep']) expect(hit).not.toContain(page);
  });

  it('a press release: its page (US or Canada path) and the press list only', () => {
    expect(dropped({ kind: 'press', oldSlug: 'anvol-available-nationwide', newSlug: 'anvol-available-nationwide' })).toEqual([
      '/press-releases',
      '/press-releases/anvol-available-nationwide',
    ]);
    expect(dropped({ kind: 'press', oldSlug: 'x', newSlug: 'x' })).toEqual(['/press-releases', '/can/press-releases/x']);
  });

  it('a custom page or a redirect: the old and the new path, whatever their depth', () => {
    expect(dropped({ kind: 'page', oldSlug: 'some-custom-page', newSlug: 'renamed' })).toEqual(['/some-custom-page']);
    expect(dropped({ kind: 'redirect', oldSlug: '/old/deep/path/', newSlug: null })).toEqual(['/old/deep/path']);
  });

  it('a landing page: the paths it answers at (a home has two)', () => {
    expect(dropped({ kind: 'landing', id: 'home-ca' })).toEqual(['/home-ca', '/can']);
    expect(dropped({ kind: 'landing', id: 'about' })).toEqual(['/about']);
    expect(dropped({ kind: 'landing', id: 'clear-choice' })).toEqual(['/clear-choice']);
  });

  it('documents: product pages and the labels page; the finder: its pages', () => {
    expect(dropped({ kind: 'document', id: 'guid' })).toEqual(['/agrotain', '/anvol-ca', '/product-labels']);
    // the contact page and the thank-you pages name the listing too
    expect(dropped({ kind: 'finder' })).toEqual(['/reps-retailers', '/reps-retailers/contact', '/rep-thankyou', '/retailer-thankyou']);
  });

  it('settings and products: every page (they are in the navigation and footer)', () => {
    expect(dropped({ kind: 'settings' })).toEqual(SITE);
    expect(dropped({ kind: 'product', id: 1, oldSlug: 'agrotain', newSlug: 'agrotain' })).toEqual(SITE);
  });
});
