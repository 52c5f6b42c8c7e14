import type { FastifyInstance, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DomainError, EditConflictError } from '#domain/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '#db/unavailable.ts';
import { fail } from '../http.ts';

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Renders one of the site's error pages (HTML, with the site's header and footer) and answers with
     * `status`: the view at `viewPath` (a path of the error-page route), Page Not Found by default.
     * Set when the page routes are mounted.
     */
    errorPage:
      | ((
          request: FastifyRequest,
          reply: FastifyReply,
          status: 400 | 403 | 404 | 410 | 413 | 503,
          viewPath?: string,
        ) => Promise<FastifyReply>)
      | null;
  }
}

/** The API's own paths (/api/..., and the sign-in calls under /auth/...) always answer JSON, whatever the client accepts. */
export function isApiPath(url: string): boolean {
  return /^\/(api|auth)(?:[/?]|$)/.test(url);
}

/**
 * Zod's built-in wording ("Invalid input: expected string, received undefined") is for developers;
 * a schema that gives no message of its own gets one a person can act on, naming the field.
 */
export function readableMessage(message: string, path: readonly PropertyKey[]): string {
  const m = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (!m) return message;
  const field = path.length ? path.map(String).join('.') : 'The request body';
  if (m[2] === 'undefined') return path.length ? `${field} is required.` : 'The request needs a JSON body.';
  const expected = m[1] === 'string' ? 'text' : m[1] === 'object' ? 'an object' : m[1] === 'array' ? 'a list' : `a ${m[1]}`;
  return `${field} must be ${expected}.`;
}

/** The document center's paths (/doccenter/{guid}) belong to the server, not to the page routes. */
export function isDocumentPath(url: string): boolean {
  return /^\/doccenter(?:[/?]|$)/i.test(url);
}

/** A client that takes HTML (a browser, not a script fetching JSON). */
export function wantsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/i.test(request.headers.accept ?? '');
}

/** A browser asking for a page (not the API, not a script fetching JSON) gets the HTML Not Found page. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  return wantsHtml(request);
}

function notFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, message: string) {
  if (app.errorPage && wantsPage(request)) return app.errorPage(request, reply, 404);
  return reply.code(404).send(fail(message));
}

/**
 * The database is away for a moment (a restart, a failover, a blip): 503 with Retry-After and words a
 * person can act on, never 500, which stays for bugs (ADR 047). A browser asking for a page gets the
 * site's Unavailable page.
 */
export function databaseUnavailable(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, err: unknown) {
  request.log.warn({ err }, 'the database is unavailable: answered 503');
  reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  if (app.errorPage && wantsPage(request)) return app.errorPage(request, reply, 503);
  return reply.code(503).send(fail(DATABASE_UNAVAILABLE_MESSAGE));
}

/** Maps validation and domain failures to clear 4xx replies; anything else is logged and answered 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const path = (v.instancePath || '').split('/').filter(Boolean);
        return { path, message: readableMessage(v.message ?? 'Invalid value.', path) };
      });
      const errors = fieldErrors(issues);
      const first = issues[0]?.message ?? 'Invalid request.';
      return reply.code(400).send(fail(first, errors));
    }
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path, message: readableMessage(i.message, i.path) }));
      return reply.code(400).send(fail(issues[0]?.message ?? 'Invalid request.', fieldErrors(issues)));
    }
    if (err instanceof EditConflictError) return reply.code(409).send({ ...fail(err.message), data: err.conflict });
    if (err instanceof DomainError) {
      if (err.status === 404) return notFound(app, request, reply, err.message);
      return reply.code(err.status).send(fail(err.message, err.details));
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      // the rest of the body is never read: the connection closes once this answer is sent
      reply.header('connection', 'close');
      if (app.errorPage && wantsHtml(request) && !isApiPath(request.url)) {
        const back = request.url.split('?')[0]!;
        return app.errorPage(request, reply, 413, `/error/form-too-large?${new URLSearchParams({ back })}`);
      }
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(fail(status === 429 ? 'Too many requests. Please wait a moment and try again.' : err.message));
    }
    if (isDatabaseUnavailable(err)) return databaseUnavailable(app, request, reply, err);
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(fail('Something went wrong. Please try again later.'));
  });

  app.decorate('errorPage', null);
  app.setNotFoundHandler((request, reply) => notFound(app, request, reply, `No route for ${request.method} ${request.url.split('?')[0]}`));
}
