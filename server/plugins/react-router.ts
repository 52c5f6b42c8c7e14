import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { MAX_FORM_BYTES, safeLocation } from '#shared/input.ts';
import type { AppContext } from '#app/load-context.ts';
import { parseVisitorInputs, type VisitorInputs } from '#shared/request-inputs.ts';
import { htmlResponse, renderedHtmlOf } from '#app/lib/fast-render/rendered-html.ts';
import { isApiPath, isDocumentPath } from './errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '#db/unavailable.ts';
import { createRouteReads } from '../page-cache/route-reads.ts';
import type { PageCache } from './page-cache.ts';
import { withStaticRender } from '#app/lib/fast-render/fresh-render.server.tsx';

export interface ReactRouterOptions {
  mode: 'production' | 'development';
  root: string;
  context: Omit<AppContext, 'nonce' | 'requestId' | 'visitor'>;
  /** The rendered-page cache (ADR 007); pages are rendered for every request without it. */
  pageCache?: PageCache;
  /** Content templates without React Router's document handler (ADR 016); production builds only. */
  staticRender?: boolean;
  /** Earlier releases' hashed assets, served after this build's own (SHARED_ASSETS_DIR, deploy/release.sh). */
  sharedAssetsDir?: string;
}

/**
 * The URL React Router sees is the configured site origin plus the request's path, never the Host
 * header or a path a URL parser could read as another host (`//evil.example/x` would otherwise
 * become https://evil.example/x). Such paths were already answered 404 by the input boundary;
 * the concatenation keeps any that slip through on our own origin.
 */
export function pageUrl(siteOrigin: string, requestUrl: string): URL {
  const local = requestUrl.startsWith('/') ? requestUrl.replace(/^[/\\]+/, '/') : `/${requestUrl}`;
  return new URL(siteOrigin + local);
}

/**
 * Whether a form post (or any request that changes something) comes from a page of this site: no
 * Origin header (an old browser, or no browser), the configured public address, or the host the
 * request itself was sent to (so forms work on any address the server is reached by: another PORT,
 * 127.0.0.1 or a LAN name in development, a staging host name). A page of another site always sends
 * its own origin, which matches neither.
 */
export function isOwnOrigin(origin: string | undefined, siteOrigin: string, requestHost: string | undefined): boolean {
  if (origin === undefined) return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed or privacy-hiding page) or not an origin at all
  }
  return from.origin === siteOrigin || (requestHost !== undefined && from.host === requestHost.toLowerCase());
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, siteOrigin: string, pathOverride?: string): Request {
  const url = pageUrl(siteOrigin, pathOverride ?? request.url);
  const controller = new AbortController();
  // a visitor who leaves stops the work; a reply that was sent in full has nothing left to stop (and an
  // abort per request would build an AbortError every time)
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  // The origin was checked against the addresses the site is reached by (isOwnOrigin); React Router's
  // own check compares it with the URL it is given, which is always PUBLIC_SITE_URL's.
  headers.delete('origin');
  // another path (an error page's view, the page without undeclared parameters) is read, never posted to
  const method = pathOverride === undefined || request.method === 'HEAD' ? request.method : 'GET';
  const init: RequestInit = { method, headers, signal: controller.signal };
  // the body as read and counted by the page routes' parser (PAGE_BODY_LIMIT)
  if (pathOverride === undefined && request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body)) {
    init.body = new Uint8Array(request.body);
  }
  return new Request(url, init);
}

/**
 * The largest body a page route takes: React Router actions read form posts (the lead forms without
 * JavaScript), a few KB each. Fastify's parser counts it as it streams, chunked posts included, and
 * answers 413 at the limit, before the form rate limit is counted or any action reads a byte. Larger
 * bodies (document uploads, CSV imports) go to API routes, which set their own limits.
 */
export const PAGE_BODY_LIMIT = MAX_FORM_BYTES;

/**
 * The lead forms' pages, whose actions store a lead when a form is posted without JavaScript
 * (app/lib/lead-actions.server.ts). Their posts count against FORM_RATE_LIMIT per IP like the API's.
 */
export const LEAD_FORM_PAGE = /^\/(?:contact|contact-ca|can\/contact-us|reps-retailers\/contact)\/?(?:[?#]|$)/i;

/**
 * Admin and account screens (and their .data requests) and previews of unsaved content (ADR 024,
 * their Not Found answers too): never indexed, never kept by any cache.
 */
export const PRIVATE_PAGE = /^\/(?:siteadmin|account|preview)(?:[/.?]|$)/;

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/** The Unavailable page's view for a request: its Try again link leads back to the page asked for. */
function unavailableView(url: string): string {
  return `/error/unavailable?${new URLSearchParams({ back: url })}`;
}

/** The same page with another status (an error page's view rendered for the status the server decided). */
function withStatus(response: Response, status: number): Response {
  const html = renderedHtmlOf(response);
  const init = { status, headers: response.headers };
  return html !== undefined ? htmlResponse(html, init) : new Response(response.body, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const html = renderedHtmlOf(response);
  if (html !== undefined) return reply.send(html);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * Mounts the React Router app: built client assets as static files (hashed ones cached for a year)
 * and every other path through the React Router request handler, rendered on the server.
 * In development, Vite runs in middleware mode inside this same server, with hot reload.
 */
export async function registerReactRouter(app: FastifyInstance, opts: ReactRouterOptions) {
  let build: ServerBuild | (() => Promise<ServerBuild>);

  if (opts.mode === 'development') {
    const [{ default: middie }, vite] = await Promise.all([import('@fastify/middie'), import('vite')]);
    const viteServer = await vite.createServer({ root: opts.root, server: { middlewareMode: true }, appType: 'custom' });
    await app.register(middie);
    app.use(viteServer.middlewares);
    app.addHook('onClose', () => viteServer.close());
    build = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const serverEntry = path.join(opts.root, 'build/server/index.js');
    if (!existsSync(serverEntry)) throw new Error(`No app build at ${serverEntry}; run "npm run build" first.`);
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    await app.register(fastifyStatic, {
      root: path.join(opts.root, 'build/client'),
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
    // This build's files are routes of their own (above); any other /assets/ file is looked up in the
    // shared folder when it is asked for, so files a later release added there are found too.
    if (opts.sharedAssetsDir) {
      await app.register(fastifyStatic, {
        root: path.resolve(opts.sharedAssetsDir),
        prefix: '/assets/',
        wildcard: true,
        index: false,
        decorateReply: false,
        setHeaders(res) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
  }

  // the page cache keys and tags pages by what their routes declare (app/lib/page-reads.ts)
  if (typeof build !== 'function') opts.pageCache?.useRoutes(createRouteReads(build.routes));
  const routerHandle = createRequestHandler(build, opts.mode);
  // content templates skip React Router's document handler in production (ADR 016); Vite rebuilds in development
  const handle = typeof build === 'function' || opts.staticRender === false ? routerHandle : withStaticRender(build, routerHandle);
  const siteOrigin = new URL(opts.context.config.siteUrl).origin;
  // What pages read of the visitor, where the page cache does not parse it (no cache, error pages).
  // Without the settings no notice counts as dismissed, as in the cache.
  const visitorOf = async (request: FastifyRequest): Promise<VisitorInputs> =>
    parseVisitorInputs(request.headers.cookie, await opts.context.services.settings.shownNoticeId().catch(() => null));
  const contextFor = (request: FastifyRequest, visitor: VisitorInputs): AppContext => ({
    ...opts.context,
    nonce: request.cspNonce,
    requestId: request.id,
    clientIp: request.ip,
    visitor,
  });
  // Over the limit, the action still answers (429, the failure alert, what was typed kept) rather than a bare JSON error.
  const formLimit = app.hasDecorator('createRateLimit')
    ? app.createRateLimit({ max: app.env.FORM_RATE_LIMIT, timeWindow: '1 minute' })
    : null;
  async function overFormLimit(request: FastifyRequest): Promise<boolean> {
    if (request.method !== 'POST' || !formLimit || !LEAD_FORM_PAGE.test(request.url)) return false;
    const limit = await formLimit(request);
    return !limit.isAllowed && limit.isExceeded;
  }

  // The site's own error pages with a real status: Page Not Found (404, or 410 for a removed page) for
  // paths the server refuses before React Router (control characters, host-like paths) and unknown
  // documents, Bad Request for an address that cannot be read, Form Not Sent for a post from another site.
  app.errorPage = async (request, reply, status, viewPath = status === 503 ? unavailableView(request.url) : '/not-found') => {
    const response = await handle(toWebRequest(request, reply, siteOrigin, viewPath), contextFor(request, await visitorOf(request)));
    await sendWebResponse(reply.code(status), withStatus(response, status));
    return reply;
  };

  await app.register(async (scope) => {
    // React Router actions parse the body themselves: here it is only read, up to the limit, as bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PAGE_BODY_LIMIT }, (_req, body, done) => done(null, body));
    // last word on private pages, however they were sent (streamed, or rendered once by the page cache)
    scope.addHook('onSend', async (request, reply, payload) => {
      if (PRIVATE_PAGE.test(request.url)) {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex');
      }
      return payload;
    });
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      bodyLimit: PAGE_BODY_LIMIT,
      // pages, not API operations: kept out of the OpenAPI document
      schema: { hide: true },
      handler: async (request, reply) => {
        // Unknown API and document paths answer the 404 handler (JSON, or the Not Found page to a browser).
        if (isApiPath(request.url) || isDocumentPath(request.url)) return reply.callNotFound();
        if (request.method !== 'GET' && request.method !== 'HEAD' && !isOwnOrigin(request.headers.origin, siteOrigin, request.host)) {
          request.log.warn({ origin: request.headers.origin, host: request.host }, 'form post from another site refused');
          const back = pathOf(request.url);
          return app.errorPage!(request, reply, 403, `/error/form-refused?${new URLSearchParams({ back })}`);
        }
        const formRateLimited = await overFormLimit(request);
        const render = async (webRequest: Request, nonce: string, visitor: VisitorInputs) => {
          const failure = { databaseUnavailable: false };
          const context = { ...contextFor(request, visitor), nonce, formRateLimited, failure } satisfies AppContext;
          const response = await handle(webRequest, context);
          // a loader or action met a database that is away for a moment: the Unavailable page, 503 (ADR 047)
          if (failure.databaseUnavailable && response.status >= 500) {
            request.log.warn({ url: request.url }, 'the database is unavailable: answered the Unavailable page (503)');
            reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
            return withStatus(await handle(toWebRequest(request, reply, siteOrigin, unavailableView(request.url)), { ...context }), 503);
          }
          // every Location a page answers with passes the one safe-path check (a loader that redirects to
          // its URL's path could otherwise send `//host`): one that fails names nothing of ours
          const location = response.headers.get('location');
          if (location === null || safeLocation(location) !== null) return response;
          request.log.error({ location }, 'a page redirected to an address that could leave the site: answered Not Found instead');
          return withStatus(await handle(toWebRequest(request, reply, siteOrigin, '/not-found'), context), 404);
        };
        if (opts.pageCache) {
          return opts.pageCache.serve(request, reply, {
            webRequest: (search) =>
              toWebRequest(request, reply, siteOrigin, search === undefined ? undefined : pathOf(request.url) + search),
            render,
            send: (response) => sendWebResponse(reply, response),
          });
        }
        return sendWebResponse(reply, await render(toWebRequest(request, reply, siteOrigin), request.cspNonce, await visitorOf(request)));
      },
    });
  });
}
