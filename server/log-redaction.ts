import type { FastifyRequest } from 'fastify';

/**
 * Paths whose last segment is a live secret (ASVS 7.1.1): reset and set-password links, emailed
 * sign-in links, new-address confirmations and previews. The request log names the path with the
 * token replaced, so a log reader cannot use the link.
 */
const TOKEN_PATHS = /^(\/account\/(?:reset-password|one-time-login|confirm-email)\/|\/preview\/)[^/?#]+/i;

/** A URL (path and query) with any link token in its path replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PATHS, '$1[redacted]');
}

/** Fastify's request serializer (method, url, host, remote address and port), with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
