import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tagsForChange, tagsForPath, type ContentEvents } from '#domain/content-events/content-events.ts';
import { dismissedNoticeId } from '#shared/notice.ts';
import { parseRegion, REGION_COOKIE, regionForPath } from '#shared/regions.ts';
import { etagFor, etagMatches, hashRenderedScripts, pickEncoding } from '../page-cache/http-cache.ts';
import { createPageStore, type CachedPage, type PageStore } from '../page-cache/page-store.ts';
import { withoutTrackingParams } from '../page-cache/tracking-params.ts';
import { renderedHtmlOf } from '#app/lib/rendered-html.ts';
import { contentSecurityPolicy, type SecurityOptions } from './security.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

declare module 'fastify' {
  interface FastifyInstance {
    /** The rendered-page cache, where pages are rendered from the build (ADR 007). */
    pageCache?: PageCache;
  }
}

/** Statuses whose pages are kept (issue 10): a 500 or a 403 must be rendered afresh. */
const STORED_STATUSES = new Set([200, 301, 302, 404]);
/** Never cached: APIs, sign-in, the visitor's account, the administration and previews of unsaved content (ADR 024). */
const PRIVATE_PREFIXES = ['/api/', '/auth/', '/account', '/siteadmin', '/preview/'];
/** Where a page has no per-visitor part, a CDN may hold it for a minute and serve it stale while it refreshes. */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** Response headers that describe one transfer, not the page. */
const TRANSFER_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'etag', 'vary', 'x-page-cache', 'date', 'keep-alive']);

/** How the React Router plugin hands a request to the cache. */
export interface PageRenderer {
  /** The request as React Router sees it. */
  webRequest(): Request;
  /** Renders; `nonce` goes on every inline script the renderer writes. */
  render(request: Request, nonce: string): Promise<Response>;
  /** Streams a response as it is (actions, data requests, anything not HTML). */
  send(response: Response): Promise<unknown>;
}

export interface PageCache {
  store: PageStore;
  serve(request: FastifyRequest, reply: FastifyReply, renderer: PageRenderer): Promise<unknown>;
  /**
   * Answers a stored page straight from the HTTP server's request listener, before Fastify builds
   * its request (see buildApp's serverFactory). False when the page is not stored: Fastify handles it.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
}

export interface PageCacheOptions {
  maxBytes: number;
  security: SecurityOptions;
  events: ContentEvents;
}

function isPreview(url: URL): boolean {
  return url.searchParams.has('preview') || url.pathname.split('/').some((segment) => segment.toLowerCase() === 'preview');
}

/** A request whose page may be stored and served to someone else with the same key. */
function isCacheable(request: FastifyRequest, url: URL): boolean {
  if (request.headers.authorization !== undefined) return false;
  const p = url.pathname.toLowerCase();
  if (PRIVATE_PREFIXES.some((prefix) => p.startsWith(prefix) || `${p}/` === prefix)) return false;
  // client-side navigation data (React Router's .data requests) is not a page
  if (p.endsWith('.data')) return false;
  // the product selector's Close goes back to the page named by the Referer header
  if (p === '/product-selector' || p.startsWith('/product-selector/')) return false;
  return !isPreview(url);
}

function withoutRegionCookie(headers: Headers): Headers {
  const next = new Headers(headers);
  const cookie = next.get('cookie');
  if (cookie) {
    const kept = cookie
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c && !c.startsWith(`${REGION_COOKIE}=`));
    if (kept.length) next.set('cookie', kept.join('; '));
    else next.delete('cookie');
  }
  return next;
}

const REGION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${REGION_COOKIE}=([^;]*)`);

function regionCookie(cookieHeader: string | undefined): string {
  const match = cookieHeader?.match(REGION_COOKIE_PATTERN);
  return String(parseRegion(match?.[1]) ?? '-');
}

/**
 * The cache key: path and query (without tracking parameters such as utm_source, which no page reads),
 * the region cookie unless the route fixes the region, and the dismissed notice's cookie (the server
 * leaves a dismissed notice out of the page). `search` is the query the page is rendered with;
 * `tracking` says whether the request carried parameters that were left out.
 */
function keyFor(request: { url?: string; headers: IncomingHttpHeaders }): { key: string; url: URL; search: string; tracking: boolean; fixedRegion: boolean } {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const search = withoutTrackingParams(url.search);
  // Routes that fix the region render the same for every visitor; the finder pages are left out
  // because a region change in progress overrides them.
  const fixedRegion = regionForPath(url.pathname, true) !== null;
  const notice = dismissedNoticeId(request.headers.cookie);
  const key = `${url.pathname}${search}\n${fixedRegion ? '*' : regionCookie(request.headers.cookie)}\n${notice}`;
  return { key, url, search, tracking: search !== url.search, fixedRegion };
}

const isRedirect = (status: number) => status === 301 || status === 302;

function copyHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of response.headers) if (!TRANSFER_HEADERS.has(key)) headers[key] = value;
  return headers;
}

/**
 * The rendered-page cache (issue 10, item 3; ADR 007) in front of the React Router handler.
 *
 * GET and HEAD of public pages are kept after the first render, keyed by path, query and the
 * region cookie (left out where the route fixes the region, since nothing else differs per visitor).
 * An entry holds the final bytes with gzip and brotli variants compressed once, the status and the
 * headers; its CSP lists the hashes of the page's own inline scripts instead of a nonce. Every HTML
 * reply, stored or not, carries an ETag and answers If-None-Match with 304.
 * Content changes drop entries by tag (domain/content-events).
 */
export function createPageCache(app: FastifyInstance, opts: PageCacheOptions): PageCache {
  const store = createPageStore(opts.maxBytes);
  const unsubscribe = opts.events.onChange((change) => {
    const dropped = store.dropTags(tagsForChange(change));
    app.log.debug({ change, dropped }, 'page cache: content changed');
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    store.clear();
  });

  /**
   * Writes a stored page straight to the socket. A hit is answered from the first onRequest hook,
   * before the security plugin or any route runs: the entry already holds every header they set.
   */
  function writePage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: 'hit' | 'miss') {
    reply.hijack();
    write(request, reply.raw, page, state);
  }

  function write(request: { method?: string; headers: IncomingHttpHeaders }, res: ServerResponse, page: CachedPage, state: 'hit' | 'miss') {
    const headers: Record<string, string | string[] | number> = { ...page.headers, 'x-page-cache': state };
    if (app.lifecycle?.closing) headers.connection = 'close';
    if (page.status === 200 && etagMatches(request.headers['if-none-match'], page.etag)) {
      delete headers['content-type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const encoding = page.body.length > 0 ? pickEncoding(request.headers['accept-encoding']) : null;
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body;
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    res.writeHead(page.status, headers);
    res.end(request.method === 'HEAD' ? undefined : body);
  }

  function lookup(request: { method?: string; url?: string; headers: IncomingHttpHeaders }): CachedPage | undefined {
    if (store.size === 0 || (request.method !== 'GET' && request.method !== 'HEAD') || request.headers.authorization !== undefined) return undefined;
    const { key, tracking } = keyFor(request);
    const hit = store.get(key);
    // A stored redirect was rendered without tracking parameters; redirects pass the query on to
    // their target, so a request with them is rendered (and not stored) to keep them.
    return hit && tracking && isRedirect(hit.status) ? undefined : hit;
  }

  // Requests that do not pass through the server's listener (app.inject) are answered here.
  app.addHook('onRequest', (request, reply, done) => {
    const hit = lookup(request);
    if (!hit) return done();
    writePage(request, reply, hit, 'hit');
  });

  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    const hit = lookup(req);
    // A stored Not Found page is answered by the hook above instead, inside Fastify, so the admin's
    // Not Found log (an onResponse hook) still counts every visit to a missing path.
    if (!hit || hit.status === 404) return false;
    write(req, res, hit, 'hit');
    return true;
  }

  /**
   * A page rendered for this request only (not storable): still gets an ETag and 304; compression is
   * left to @fastify/compress. `nonce` is this render's CSP nonce (none when the bytes carry none): the
   * tag is computed without it, so the same page has the same tag on every request.
   */
  function sendOnce(request: FastifyRequest, reply: FastifyReply, response: Response, body: Buffer, extra: Record<string, string>, nonce?: string) {
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

  async function serve(request: FastifyRequest, reply: FastifyReply, renderer: PageRenderer): Promise<unknown> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return renderer.send(await renderer.render(renderer.webRequest(), request.cspNonce));
    }
    const { url, search, tracking, fixedRegion, key: candidate } = keyFor(request);
    const key = store.enabled && isCacheable(request, url) ? candidate : null;
    if (key) {
      // stored by a request that was rendering at the same time as this one
      const hit = store.get(key);
      if (hit && !(tracking && isRedirect(hit.status))) return writePage(request, reply, hit, 'hit');
    }

    let webRequest = renderer.webRequest();
    // HEAD is answered from the GET rendering (same headers and validator, no body).
    if (request.method === 'HEAD' || (key && fixedRegion)) {
      webRequest = new Request(webRequest, { method: 'GET', headers: key && fixedRegion ? withoutRegionCookie(webRequest.headers) : webRequest.headers });
    }
    // A stored page is the same whatever tracking parameters brought the visitor: rendered without them.
    const asRequested = webRequest;
    if (key && tracking) {
      const target = new URL(webRequest.url);
      target.search = search;
      webRequest = new Request(target, { method: webRequest.method, headers: webRequest.headers, signal: webRequest.signal });
    }
    const generation = store.generation;
    // A stored page is served to many visitors, so its scripts are allowed by hash; the nonce of
    // this render only marks which scripts the renderer wrote.
    const nonce = key ? randomBytes(18).toString('base64') : request.cspNonce;
    let response = await renderer.render(webRequest, nonce);

    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    // a stored redirect (301/302) answers without an HTML body and is kept too
    const redirect = !html && isRedirect(response.status);
    if (key && tracking && redirect) {
      // redirects pass the query on to their target: this one is answered with the visitor's own
      response = await renderer.render(asRequested, nonce);
      return renderer.send(response);
    }
    if (!html && !(key && redirect)) return renderer.send(response);

    // a content template's HTML comes as the string it was rendered to (ADR 016)
    const renderedHtml = renderedHtmlOf(response);
    let body: Buffer = renderedHtml !== undefined ? Buffer.from(renderedHtml, 'utf8') : response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
    if (!key) return sendOnce(request, reply, response, body, {}, nonce);

    let csp: string | null = null;
    if (html) {
      const hashed = hashRenderedScripts(renderedHtml ?? body.toString('utf8'), nonce);
      body = Buffer.from(hashed.html, 'utf8');
      csp = contentSecurityPolicy({ hashes: hashed.hashes }, opts.security);
    }
    const rendered = copyHeaders(response);
    // a shared cache (CDN) keys on the URL alone: only the page everyone gets (notice shown) is shared
    if (fixedRegion && response.status === 200 && !dismissedNoticeId(request.headers.cookie)) rendered['cache-control'] = SHARED_CACHE_CONTROL;
    if (csp) rendered['content-security-policy'] = csp;

    // a cookie may come from the page (its loader) or from a hook that ran before it (on the reply)
    const storable = response.headers.getSetCookie().length === 0 && !reply.hasHeader('set-cookie') && STORED_STATUSES.has(response.status);
    if (!storable) return sendOnce(request, reply, response, body, rendered);

    // the headers every request gets (security plugin), then the page's own
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !TRANSFER_HEADERS.has(name)) headers[name] = typeof value === 'number' ? String(value) : value;
    }
    const etag = etagFor(body);
    Object.assign(headers, rendered, { etag, vary: 'Accept-Encoding' });

    const [gz, br] = body.length
      ? await Promise.all([
          gzip(body, { level: 9 }),
          brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        ])
      : [body, body];
    const page: CachedPage = { status: response.status, headers, body, gzip: gz, br, etag };
    // content changed while this page was rendering: serve it, but do not keep what may be old
    if (store.generation === generation) store.set(key, page, tagsForPath(url.pathname));
    return writePage(request, reply, page, 'miss');
  }

  const cache: PageCache = { store, serve, answer };
  app.decorate('pageCache', cache);
  return cache;
}
