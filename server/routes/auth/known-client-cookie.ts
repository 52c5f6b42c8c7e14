import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '#domain/auth/auth-service.ts';
import { KNOWN_CLIENT_MAX_AGE_MS } from '#domain/auth/known-client.ts';

/** The cookie of a browser that signed in before (domain/auth/known-client.ts). */
export const KNOWN_CLIENT_COOKIE = 'known_client';
/**
 * Only the sign-in calls read it: login posts to /auth/login from the browser (fetch, same origin),
 * and the second step, the emailed link and the signed-in password checks are all under /auth.
 */
const COOKIE_PATH = '/auth';
/** A real value is about 90 characters; anything far longer is not one (never parsed further). */
const MAX_VALUE_LENGTH = 200;

/** The known-client value the request carries, or null. */
export function knownClientOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== KNOWN_CLIENT_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return value.length > 0 && value.length <= MAX_VALUE_LENGTH ? value : null;
  }
  return null;
}

/** What a sign-in call tells the auth service about its client: the IP, the known-client cookie, the browser. */
export function signInContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, knownClient: knownClientOf(request), userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/**
 * Gives the browser its known-client cookie after a sign-in: HttpOnly (no script reads it),
 * SameSite=Strict (only the site's own pages send it), Secure when the site is served over https
 * (the request came over https, or PUBLIC_SITE_URL says https), for a year.
 */
export function setKnownClient(request: FastifyRequest, reply: FastifyReply, value: string): void {
  const secure = request.protocol === 'https' || request.server.env.PUBLIC_SITE_URL.startsWith('https:');
  reply.header(
    'set-cookie',
    [
      `${KNOWN_CLIENT_COOKIE}=${value}`,
      `Path=${COOKIE_PATH}`,
      `Max-Age=${Math.floor(KNOWN_CLIENT_MAX_AGE_MS / 1000)}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
    ].join('; '),
  );
}
