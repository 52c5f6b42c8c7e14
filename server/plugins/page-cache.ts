import { requestIdOf } from '../request-id.ts';
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { tagsForChange, type ContentEvents } from '#domain/content-events/content-events.ts';
import type { KindDefinition } from '#shared/kinds/index.ts';
import { withQuery } from '#shared/paths.ts';
import { regionForPath } from '#shared/regions.ts';
import { parseVisitorInputs, visitorKey, type VisitorInputs } from '#shared/request-inputs.ts';
import { createUpgrader, ensureVariant } from '../page-cache/compression.ts';
import { etagFor, etagMatches, hashRenderedScripts, pickEncoding } from '../page-cache/http-cache.ts';
import { createPageStore, type CachedPage, type PageStore } from '../page-cache/page-store.ts';
import { requestAddress, splitQuery, withoutTracking } from '../page-cache/request-url.ts';
import type { PathReads } from '../page-cache/route-reads.ts';
import { renderedHtmlOf } from '#app/lib/fast-render/rendered-html.ts';
import { contentSecurityPolicy, type SecurityOptions } from './security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered-page cache, where pages are rendered from the build (ADR 007). */
    pageCache?: PageCache;
  }
}

/** Statuses whose pages are kept: a 500 or a 403 must be rendered afresh. */
const STORED_STATUSES = new Set([200, 301, 302, 404]);
/** Never cached: APIs, sign-in, the visitor's account, the administration and previews of unsaved content (ADR 024). */
const PRIVATE_PREFIXES = ['/api/', '/auth/', '/account', '/siteadmin', '/preview/'];
/** Where a page has no per-visitor part, a CDN may hold it for a minute and serve it stale while it refreshes. */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** Response headers that describe one transfer, not the page. */
const TRANSFER_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'etag',
  'vary',
  'x-page-cache',
  'date',
  'keep-alive',
]);

/** How the React Router plugin hands a request to the cache. */
export interface PageRenderer {
  /** The request as React Router sees it; `search` replaces the query the visitor sent. */
  webRequest(search?: string): Request;
  /**
   * Renders; `nonce` goes on every inline script the renderer writes, and `visitor` is what the page
   * reads of the visitor (the load context's), the values its key was built from.
   */
  render(request: Request, nonce: string, visitor: VisitorInputs): Promise<Response>;
  /** Streams a response as it is (actions, data requests, anything not HTML). */
  send(response: Response): Promise<unknown>;
}

/** How a cached reply came about, in the X-Page-Cache header. */
type CacheState = 'hit' | 'miss' | 'coalesced';

export interface PageCacheStats {
  /** requests answered with a stored page */
  hits: number;
  /** pages rendered for a storable request (each a miss) */
  renders: number;
  /** requests answered from another request's render of the same page (single flight) */
  coalesced: number;
}

export interface PageCache {
  store: PageStore;
  stats: PageCacheStats;
  /** The build's route declarations (app/lib/page-reads.ts); until they are given, nothing is stored. */
  useRoutes(readsFor: (pathname: string) => PathReads): void;
  serve(request: FastifyRequest, reply: FastifyReply, renderer: PageRenderer): Promise<unknown>;
  /**
   * Answers a stored page straight from the HTTP server's request listener, before Fastify builds
   * its request (see buildApp's serverFactory). False when the page is not stored, or when a
   * redirect may apply: Fastify handles it.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** The onRequest hook that answers stored pages inside Fastify (app.inject, or what answer() left); registered after the redirects hook. */
  onRequest: onRequestHookHandler;
  /** Background work (compressing popular pages at the best level) finished. */
  idle(): Promise<void>;
}

export interface PageCacheOptions {
  maxBytes: number;
  security: SecurityOptions;
  events: ContentEvents;
  /** the versioned kinds whose definitions say which pages a change touches (the registry's by default) */
  kinds?: readonly KindDefinition[];
  /**
   * Whether a stored redirect may answer this normal-form path and query (tracking parameters left
   * out): true for a redirect, and when the redirect table is not in memory. The raw listener then
   * leaves the request to Fastify, whose redirect hook runs before any stored page (ADR 009).
   */
  mayRedirect(path: string, search: string): boolean;
  /** The id of the notice pages show now (null when none): a notice cookie with another value is no dismissal. */
  shownNoticeId(): Promise<string | null>;
  log?: { warn(obj: object, msg?: string): void };
}

/** A request's place in the cache: its key, and the query split by what its page reads. */
interface Slot {
  path: string;
  /** the declared parameters: what the page is keyed on and rendered with */
  kept: string;
  /** every other parameter, as sent: a redirect the page answers with passes them on */
  dropped: string;
  reads: PathReads;
  fixedRegion: boolean;
  /** what the page is rendered with of the visitor's cookies: its key holds exactly these */
  visitor: VisitorInputs;
  /** null when the request may not be stored or answered from the store */
  key: string | null;
}

function isPrivate(path: string): boolean {
  const p = path.toLowerCase();
  return PRIVATE_PREFIXES.some((prefix) => p.startsWith(prefix) || `${p}/` === prefix);
}

/** A request whose page may be stored and served to someone else with the same key. */
function isCacheable(headers: IncomingHttpHeaders, path: string): boolean {
  if (headers.authorization !== undefined || isPrivate(path)) return false;
  // client-side navigation data (React Router's .data requests) and its own routes are not pages
  if (path.endsWith('.data') || path.startsWith('/__')) return false;
  // the product selector's Close goes back to the page named by the Referer header
  return !(path === '/product-selector' || path.startsWith('/product-selector/'));
}

const isRedirect = (status: number) => status >= 300 && status < 400 && status !== 304;

function copyHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of response.headers) if (!TRANSFER_HEADERS.has(key)) headers[key] = value;
  return headers;
}

/** A redirect the page answered with, sent on with the parameters its route does not read. */
function withDropped(location: string, dropped: string): string {
  return dropped && location.startsWith('/') && !location.startsWith('//') ? withQuery(location, dropped) : location;
}

/**
 * The rendered-page cache (ADR 007) in front of the React Router handler.
 *
 * GET and HEAD of public pages are kept after the first render, keyed by the normal-form path, the
 * query parameters the page's routes declare (every other parameter is dropped from the key and from
 * the URL the page is rendered with) and the visitor inputs (shared/request-inputs.ts: the region,
 * left out where the route fixes it, and whether the current notice was dismissed). The render gets
 * those parsed values and no Cookie header, so a page is stored under the key of what it shows.
 * Stored redirects are resolved before any lookup, on the same normal form
 * (server/plugins/redirects.ts), so a stored page never hides one.
 *
 * A miss is sent at once, compressed at a fast level; pages served again get the smallest variants in
 * the background. Concurrent misses of one key render once. An entry holds the final bytes, the status
 * and the headers; its CSP lists the hashes of the page's own inline scripts instead of a nonce. Every
 * HTML reply, stored or not, carries an ETag and answers If-None-Match with 304. Content changes drop
 * entries by the tags their routes declare.
 */
export function createPageCache(app: FastifyInstance, opts: PageCacheOptions): PageCache {
  const store = createPageStore(opts.maxBytes);
  const upgrader = createUpgrader({ log: opts.log });
  const stats: PageCacheStats = { hits: 0, renders: 0, coalesced: 0 };
  /** renders under way, by key, with the store's generation when they started */
  const flights = new Map<string, { generation: number; page: Promise<CachedPage | null> }>();
  let readsFor: ((pathname: string) => PathReads) | null = null;
  /**
   * The id of the notice pages show now, read from the site settings before each render (undefined
   * until the first, before which nothing is stored). A render is handed the visitor inputs its key
   * was built from, so a stale id can only give a visitor the other variant, never store one under
   * the other's key.
   */
  let noticeId: string | null | undefined;
  async function readNoticeId() {
    noticeId = await opts.shownNoticeId().catch(() => noticeId ?? null);
  }
  const visitorOf = (headers: IncomingHttpHeaders) => parseVisitorInputs(headers.cookie, noticeId ?? null);

  const unsubscribe = opts.events.onChange((change) => {
    const dropped = store.dropTags(tagsForChange(change, opts.kinds));
    app.log.debug({ change, dropped }, 'page cache: content changed');
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    store.clear();
    await upgrader.idle();
  });

  /**
   * Where a GET or HEAD of a public page stands: its normal-form path (the hooks before have answered
   * any other form), the query split by what the page reads, the visitor inputs it is rendered with,
   * and its key, built from those. Null for anything else.
   */
  function slotOf(request: { method?: string; url?: string; headers: IncomingHttpHeaders }): Slot | null {
    if (!readsFor || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    const address = requestAddress(request.url ?? '/');
    if (address.kind !== 'normal' || isPrivate(address.path) || address.path.endsWith('.data') || address.path.startsWith('/__'))
      return null;
    const { path, search } = address;
    const reads = readsFor(path);
    const { kept, dropped } = splitQuery(search, reads.query);
    // Routes that fix the region render the same for every stored region, so they are not given one;
    // the finder pages are left out because a region change in progress overrides them.
    const fixedRegion = regionForPath(path, true) !== null;
    const parsed = visitorOf(request.headers);
    const visitor: VisitorInputs = fixedRegion ? { ...parsed, region: null } : parsed;
    const key = store.enabled && isCacheable(request.headers, path) ? `${path}${kept}\n${visitorKey(visitor)}` : null;
    return { path, kept, dropped, reads, fixedRegion, visitor, key };
  }

  /** A stored page for this key, counting the hit (a page served again gets its best variants). */
  function stored(key: string): CachedPage | undefined {
    const page = store.get(key);
    if (page && !page.best) upgrader.upgrade(page, () => store.resized(key, page));
    return page;
  }

  function write(
    request: { method?: string; headers: IncomingHttpHeaders },
    res: ServerResponse,
    key: string | null,
    page: CachedPage,
    state: CacheState,
    dropped: string,
  ) {
    if (state === 'hit') stats.hits++;
    const headers: Record<string, string | string[] | number> = {
      ...page.headers,
      'x-page-cache': state,
      // the proxy's id (or our own), echoed as on every other reply
      'x-request-id': requestIdOf(request.headers['x-request-id']),
    };
    if (app.lifecycle?.closing) headers.connection = 'close';
    if (dropped && typeof page.headers.location === 'string') headers.location = withDropped(page.headers.location, dropped);
    if (page.status === 200 && etagMatches(request.headers['if-none-match'], page.etag)) {
      delete headers['content-type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const encoding = page.body.length > 0 ? pickEncoding(request.headers['accept-encoding']) : null;
    if (encoding && ensureVariant(page, encoding) && key) store.resized(key, page);
    const body = encoding ? page[encoding]! : page.body;
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    res.writeHead(page.status, headers);
    res.end(request.method === 'HEAD' ? undefined : body);
  }

  /** Writes a stored page straight to the socket: the entry already holds every header the hooks set. */
  function writePage(request: FastifyRequest, reply: FastifyReply, slot: Slot, page: CachedPage, state: CacheState) {
    reply.hijack();
    write(request, reply.raw, slot.key, page, state, slot.dropped);
  }

  function lookup(request: { method?: string; url?: string; headers: IncomingHttpHeaders }): { slot: Slot; page: CachedPage } | undefined {
    if (store.size === 0 || noticeId === undefined) return undefined;
    const slot = slotOf(request);
    const page = slot?.key ? stored(slot.key) : undefined;
    return page && slot ? { slot, page } : undefined;
  }

  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (store.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const address = requestAddress(req.url ?? '/');
    // another form of the address (a 301 to the normal form, or a 400), or a redirect: Fastify answers
    if (address.kind !== 'normal' || opts.mayRedirect(address.path, withoutTracking(address.search))) return false;
    const found = lookup(req);
    // A stored Not Found page is answered by the hook instead, inside Fastify, so the admin's Not
    // Found log (an onResponse hook) still counts every visit to a missing path.
    if (!found || found.page.status === 404) return false;
    write(req, res, found.slot.key, found.page, 'hit', found.slot.dropped);
    return true;
  }

  // Requests that do not pass through the server's listener (app.inject), and those it left to Fastify.
  const onRequest: onRequestHookHandler = (request, reply, done) => {
    const found = lookup(request);
    if (!found) return done();
    writePage(request, reply, found.slot, found.page, 'hit');
  };

  /**
   * A page rendered for this request only (not storable): still gets an ETag and 304; compression is
   * left to @fastify/compress. `nonce` is this render's CSP nonce (none when the bytes carry none): the
   * tag is computed without it, so the same page has the same tag on every request.
   */
  function sendOnce(
    request: FastifyRequest,
    reply: FastifyReply,
    response: Response,
    body: Buffer,
    extra: Record<string, string>,
    nonce?: string,
  ) {
    reply.status(response.status);
    for (const [key, value] of Object.entries(copyHeaders(response))) reply.header(key, value);
    for (const [key, value] of Object.entries(extra)) reply.header(key, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const etag = etagFor(body, nonce);
    reply.header('etag', etag);
    if (response.status === 200 && etagMatches(request.headers['if-none-match'], etag)) {
      reply.removeHeader('content-type');
      // A browser merges a 304's headers into the copy it keeps, whose scripts carry the nonce of the
      // render it stored: a CSP naming this request's nonce would refuse them. The 304 sends no CSP (the
      // security plugin leaves 304s alone too), so the stored copy keeps the policy it came with.
      reply.removeHeader('content-security-policy');
      return reply.code(304).send();
    }
    return reply.send(body);
  }

  /** A redirect answered with the visitor's other parameters (not stored). */
  function sendRedirect(renderer: PageRenderer, response: Response, dropped: string) {
    const location = response.headers.get('location');
    if (!dropped || !location) return renderer.send(response);
    const headers = new Headers(response.headers);
    headers.set('location', withDropped(location, dropped));
    return renderer.send(new Response(null, { status: response.status, headers }));
  }

  async function serve(request: FastifyRequest, reply: FastifyReply, renderer: PageRenderer): Promise<unknown> {
    await readNoticeId();
    const slot = request.method === 'GET' || request.method === 'HEAD' ? slotOf(request) : null;
    if (!slot) return renderer.send(await renderer.render(renderer.webRequest(), request.cspNonce, visitorOf(request.headers)));
    const key = slot.key;
    if (key) {
      // stored by a request that was rendering at the same time as this one
      const hit = stored(key);
      if (hit) return writePage(request, reply, slot, hit, 'hit');
      const flight = flights.get(key);
      // joined only while no content changed since that render started (it could show the old content)
      if (flight && flight.generation === store.generation) {
        const page = await flight.page.catch(() => null);
        if (page) {
          stats.coalesced++;
          return writePage(request, reply, slot, page, 'coalesced');
        }
      }
    }
    if (!key) return render(request, reply, renderer, slot, null);

    stats.renders++;
    let settle!: (page: CachedPage | null) => void;
    const flight = { generation: store.generation, page: new Promise<CachedPage | null>((resolve) => (settle = resolve)) };
    flights.set(key, flight);
    let page: CachedPage | null = null;
    try {
      return await render(request, reply, renderer, slot, key, (stored) => (page = stored));
    } finally {
      settle(page);
      if (flights.get(key) === flight) flights.delete(key);
    }
  }

  /**
   * Renders the page with its declared parameters only and answers. With a key, a storable result is
   * stored, written and handed to `onPage` (for the requests waiting on this render); anything else is sent.
   */
  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    renderer: PageRenderer,
    slot: Slot,
    key: string | null,
    onPage?: (page: CachedPage) => void,
  ): Promise<unknown> {
    let webRequest = renderer.webRequest(slot.kept);
    // HEAD is answered from the GET rendering (same headers and validator, no body). A page that may be
    // stored gets no Cookie header: it reads the visitor only from `slot.visitor`, the values of its key.
    if (request.method === 'HEAD' || key) {
      const headers = new Headers(webRequest.headers);
      if (key) headers.delete('cookie');
      webRequest = new Request(webRequest, { method: 'GET', headers });
    }
    const generation = store.generation;
    // A stored page is served to many visitors, so its scripts are allowed by hash; the nonce of
    // this render only marks which scripts the renderer wrote.
    const nonce = key ? randomBytes(18).toString('base64') : request.cspNonce;
    const response = await renderer.render(webRequest, nonce, slot.visitor);

    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    // a redirect (301/302) answers without an HTML body; a stored one keeps its own target
    const redirect = !html && isRedirect(response.status);
    if (!html && !(key && redirect && STORED_STATUSES.has(response.status)))
      return redirect ? sendRedirect(renderer, response, slot.dropped) : renderer.send(response);

    // a content template's HTML comes as the string it was rendered to (ADR 016)
    const renderedHtml = renderedHtmlOf(response);
    const bytes = async () =>
      renderedHtml !== undefined
        ? Buffer.from(renderedHtml, 'utf8')
        : response.body
          ? Buffer.from(await response.arrayBuffer())
          : Buffer.alloc(0);
    if (!key) return sendOnce(request, reply, response, await bytes(), {}, nonce);

    let body: Buffer;
    let csp: string | null = null;
    if (html) {
      // hashed on the string, so a miss makes one buffer of the page, not two
      const hashed = hashRenderedScripts(renderedHtml ?? (await bytes()).toString('utf8'), nonce);
      body = Buffer.from(hashed.html, 'utf8');
      csp = contentSecurityPolicy({ hashes: hashed.hashes }, opts.security);
    } else {
      body = await bytes();
    }
    const rendered = copyHeaders(response);
    // a shared cache (CDN) keys on the URL alone: only the page everyone gets (notice shown) is shared
    if (slot.fixedRegion && response.status === 200 && !slot.visitor.noticeDismissed) rendered['cache-control'] = SHARED_CACHE_CONTROL;
    if (csp) rendered['content-security-policy'] = csp;

    // a cookie may come from the page (its loader) or from a hook that ran before it (on the reply)
    const storable = response.headers.getSetCookie().length === 0 && !reply.hasHeader('set-cookie') && STORED_STATUSES.has(response.status);
    if (!storable) {
      if (redirect && rendered.location) rendered.location = withDropped(rendered.location, slot.dropped);
      return sendOnce(request, reply, response, body, rendered);
    }

    // the headers every request gets (security plugin), then the page's own
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !TRANSFER_HEADERS.has(name)) headers[name] = typeof value === 'number' ? String(value) : value;
    }
    Object.assign(headers, rendered, { etag: etagFor(body), vary: 'Accept-Encoding' });
    const page: CachedPage = { status: response.status, headers, body, gzip: null, br: null, best: false, etag: headers.etag as string };
    // content changed while this page was rendering: serve it, but do not keep what may be old
    if (store.generation === generation) store.set(key, page, slot.reads.tags);
    onPage?.(page);
    return writePage(request, reply, slot, page, 'miss');
  }

  const cache: PageCache = {
    store,
    stats,
    useRoutes(next) {
      readsFor = next;
    },
    serve,
    answer,
    onRequest,
    idle: () => upgrader.idle(),
  };
  app.decorate('pageCache', cache);
  return cache;
}
