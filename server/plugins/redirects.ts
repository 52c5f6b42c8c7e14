import type { FastifyInstance, FastifyReply } from 'fastify';
import { isbot } from 'isbot';
import { safeLocation } from '#shared/input.ts';
import { withQuery } from '#shared/paths.ts';
import { fail } from '../http.ts';
import { requestAddress, withoutTracking } from '../page-cache/request-url.ts';
import { isApiPath, wantsHtml } from './errors.ts';

/** A stored target the site may send a visitor to: one of its own paths, or a full http(s) address. */
export function isSafeRedirectTarget(target: string): boolean {
  return safeLocation(target) !== null;
}

const GONE_MESSAGE = 'This page has been removed and is no longer available.';
const BAD_ADDRESS_MESSAGE = 'The address is not valid: a slash or backslash in it is encoded (%2F, %5C).';

/**
 * React Router's client-side navigation asks for a page's data as `/path.data` (`/_root.data` for
 * the home page), with its own `_routes` parameter: the page path it stands for, and the visitor's
 * query without `_routes`. Null for an ordinary request.
 */
function dataRequestPage(path: string, search: string): { path: string; search: string } | null {
  if (!path.endsWith('.data')) return null;
  // `_routes` is removed as text, so the visitor's own parameters keep their exact encoding
  const rest = search
    .replace(/^\?/, '')
    .split('&')
    .filter((p) => p && p !== '_routes' && !p.startsWith('_routes='))
    .join('&');
  return { path: path === '/_root.data' ? '/' : path.slice(0, -'.data'.length), search: rest ? `?${rest}` : '' };
}

/** A Location that fails the safe-path check: such an address names nothing of ours (as at the input boundary). */
function notFound(reply: FastifyReply) {
  reply.callNotFound();
  return reply;
}

/**
 * Stored redirects are answered here, before routing and before the page cache looks anything up
 * (ADR 009), so they also fire for paths a real route owns (an old product slug, /about, an old
 * article) and no stored page can hide one. The table lives in memory (RedirectsService), so this
 * costs a map lookup per request; a hit is counted in memory and written in a batch later. A 410
 * entry answers Gone.
 *
 * The lookup is on the address's normal form (server/page-cache/request-url.ts), the one the page
 * cache keys on, without tracking parameters: `/x/../Old-Page/?id=3&utm_source=mail` finds the redirect
 * for `/old-page?id=3`. A redirect that keeps the query gives its target the visitor's whole query.
 * An address that is not in normal form and has no redirect is answered with a 301 to its normal
 * form (or a 400 for an encoded slash), so it is never rendered or stored under another key.
 *
 * React Router's data requests (`/old-path.data`) are treated as the page they stand for and answered
 * in the form its client follows.
 *
 * Page requests that end in 404 are recorded for the admin's Not Found log, except from clients
 * that say they are bots or crawlers (isbot's maintained user-agent list).
 */
export function registerRedirects(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.url)) return;
    const address = requestAddress(request.url);
    if (address.kind === 'refused') {
      if (app.errorPage && wantsHtml(request)) return app.errorPage(request, reply, 400, '/error/bad-request');
      return reply.code(400).send(fail(BAD_ADDRESS_MESSAGE));
    }
    // Health probes must answer from the process itself, whatever the database does.
    if (address.path === '/healthz' || address.path === '/readyz') return;
    const data = dataRequestPage(address.path, address.search);
    const path = data?.path ?? address.path;
    const visitorSearch = data ? data.search : address.search;
    let target;
    try {
      // a redirect for this exact query (a legacy /page.aspx?id=12) first, then one for the path
      target = await app.services.redirects.resolve(path, withoutTracking(visitorSearch).slice(1));
    } catch (err) {
      // No redirect table (database unreachable): the route answers as it would without one.
      request.log.error({ err }, 'redirect lookup failed');
      target = null;
    }
    if (target && target.statusCode === 410) {
      // A data request cannot show the Gone page: the client loads the path as a document instead,
      // which answers 410 below (and counts the hit then).
      if (data) {
        const reload = safeLocation(path + data.search);
        if (!reload) return notFound(reply);
        return reply.code(204).header('X-Remix-Redirect', reload).header('X-Remix-Reload-Document', 'true').send();
      }
      app.services.redirects.recordHit(target.id);
      if (app.errorPage && wantsHtml(request)) return app.errorPage(request, reply, 410);
      return reply.code(410).send(fail(GONE_MESSAGE));
    }
    if (target && (!target.toPath || !isSafeRedirectTarget(target.toPath))) {
      request.log.warn({ from: path, to: target.toPath }, 'stored redirect ignored: its target is not a local path or http(s) address');
      target = null;
    }
    if (target?.toPath) {
      const location = safeLocation(withQuery(target.toPath, target.keepQuery ? visitorSearch : ''));
      if (!location) return notFound(reply);
      app.services.redirects.recordHit(target.id);
      // React Router's client follows a redirect given this way (204 + X-Remix-Redirect); a plain 3xx
      // would be fetched as if the target's HTML were the page's data.
      if (data) return reply.code(204).header('X-Remix-Redirect', location).header('X-Remix-Status', String(target.statusCode)).send();
      return reply.redirect(location, target.statusCode);
    }
    // no redirect: another spelling of an address goes to its one normal form, unless that form could
    // be read as another host (`/./\evil.example` is `/\evil.example`): it names nothing of ours
    if (address.kind === 'moved') {
      const location = safeLocation(address.location);
      return location ? reply.redirect(location, 301) : notFound(reply);
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 404 || request.method !== 'GET' || isApiPath(request.url)) return;
    // Browsers always send a user agent: a request without one is a script, like a named bot.
    const agent = request.headers['user-agent'] ?? '';
    if (!agent || isbot(agent)) return;
    const q = request.url.indexOf('?');
    const path = q === -1 ? request.url : request.url.slice(0, q);
    // A client-side navigation asks for the page's data as /path.data (/_root.data for the home page).
    app.services.redirects.recordMiss(path === '/_root.data' ? '/' : path.replace(/\.data$/, ''));
  });
}
