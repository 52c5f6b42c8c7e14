import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DomainError } from '#domain/errors.ts';
import { fail } from '../http.ts';

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Maps validation and domain failures to clear 4xx replies; anything else is logged and answered 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? 'Invalid value.',
      }));
      const errors = fieldErrors(issues);
      const first = issues[0]?.message ?? 'Invalid request.';
      return reply.code(400).send(fail(first, errors));
    }
    if (err instanceof ZodError) {
      return reply.code(400).send(fail(err.issues[0]?.message ?? 'Invalid request.', fieldErrors(err.issues)));
    }
    if (err instanceof DomainError) {
      return reply.code(err.status).send(fail(err.message, err.details));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(fail(status === 429 ? 'Too many requests. Please wait a moment and try again.' : err.message));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(fail('Something went wrong. Please try again later.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(fail(`No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
