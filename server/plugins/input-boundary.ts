import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cleanStrings, hasControlCharacters, isHostLikePath } from '#shared/input.ts';

function rawPath(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return q === -1 ? request.url : request.url.slice(0, q);
}

/**
 * The one place request input is made safe to store (ADR 008):
 * - a path that names another host (`//evil.example/x`, `/\evil.example/x`) or that contains a
 *   control character once decoded can name nothing of ours: 404 before any route runs, so no
 *   route, loader or redirect ever sees it;
 * - every string in a JSON body or the query loses NUL and the other C0 controls (tab, line feed
 *   and carriage return stay) and lone surrogates become U+FFFD, so free text is stored rather than
 *   refused by PostgreSQL, and the lead is kept.
 * Route parameters are identifiers: a control character there never reaches a query (see above).
 * Multipart bodies are parsed by their route after this hook, which cleans their text the same way
 * (documents-routes.ts, readUpload).
 */
export function registerInputBoundary(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const path = rawPath(request);
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // Invalid percent-encoding: the router answers it with a 400 envelope (frameworkErrors).
      return;
    }
    if (isHostLikePath(path) || hasControlCharacters(decoded)) {
      reply.callNotFound();
      return reply;
    }
  });

  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') request.body = cleanStrings(request.body);
    if (request.query && typeof request.query === 'object') request.query = cleanStrings(request.query);
  });
}
