import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

export interface SecurityOptions {
  dev: boolean;
  /** Extra script origins, e.g. Google's reCAPTCHA when a site key is configured. */
  recaptcha: boolean;
}

/**
 * `nonce` for a page rendered for one request; `{ hashes }` for a page that may be served again
 * (page cache, ADR 007): the sha256 sources of exactly the inline scripts the renderer wrote.
 */
export function contentSecurityPolicy(nonce: string | { hashes: readonly string[] }, opts: SecurityOptions): string {
  const inline = typeof nonce === 'string' ? [`'nonce-${nonce}'`] : nonce.hashes.map((h) => `'${h}'`);
  const recaptchaScript = opts.recaptcha ? ' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/' : '';
  const recaptchaFrame = opts.recaptcha ? ' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/' : '';
  const directives = [
    "default-src 'self'",
    `script-src ${["'self'", ...inline].join(' ')}${recaptchaScript}`,
    // React sets style attributes on a few elements (progress, transforms); no inline <style> blocks are used.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${opts.dev ? ' ws: wss:' : ''}${opts.recaptcha ? ' https://www.google.com/recaptcha/' : ''}`,
    `frame-src 'self'${recaptchaFrame}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ];
  if (!opts.dev) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * The headers helmet sets, worked out once: helmet's middleware run against a response that only
 * records them. They do not depend on the request, and running its dozen middlewares per request
 * was a few percent of a fresh page render (ADR 016).
 */
function helmetHeaders(opts: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  const middleware = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: opts.dev ? false : { maxAge: 31536000, includeSubDomains: true },
    // Same-origin pages see the full referrer (the product selector's Close uses it); other sites get the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  let failed: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  if (!headers['x-content-type-options']) throw new Error('helmet set no headers');
  return headers;
}

/**
 * Sign-in screens and previews: their addresses can hold a live token (reset, one-time sign-in and
 * address-confirmation links, preview links), which a Referer would carry into access logs, even this
 * site's own asset requests. Every other page keeps the site-wide policy.
 */
const NO_REFERRER_PAGE = /^\/(?:account|preview)(?:[/.?]|$)/i;

/**
 * Security headers on every reply; a fresh CSP nonce per request, used by the React Router
 * renderer for its inline hydration scripts. The OpenAPI browser sets its own CSP.
 */
export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  const headers = helmetHeaders(opts);
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (NO_REFERRER_PAGE.test(request.url)) reply.header('referrer-policy', 'no-referrer');
    request.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // A 304 has no body; its headers update the copy the browser keeps, whose scripts carry an earlier
    // nonce: a policy with this request's nonce would refuse them (ADR 007).
    if (!request.url.startsWith('/api/docs') && !reply.hasHeader('content-security-policy') && reply.statusCode !== 304) {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, opts));
    }
    return payload;
  });
}
