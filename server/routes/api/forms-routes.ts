import type { FastifyInstance, FastifyReply } from 'fastify';
import { PendingLeadsUnavailableError } from '#domain/leads/pending-leads.ts';
import { leadsApi } from '#shared/contracts/leads.ts';
import { route } from '../../contract-route.ts';
import { ErrorEnvelopeSchema, errorResponses, fail, ok } from '../../http.ts';

/**
 * Public lead forms. Each post is rate-limited per client IP (FORM_RATE_LIMIT per minute; counters
 * in Redis when REDIS_URL is set, so they are shared by every instance) and answers success only
 * after the submission is stored.
 */
export async function formsRoutes(app: FastifyInstance) {
  // Counting (and the shared Redis client) is set up once for the app in server/plugins/rate-limit.ts.
  const extras = {
    config: { rateLimit: { max: app.env.FORM_RATE_LIMIT, timeWindow: '1 minute' } },
    errors: { ...errorResponses, 429: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema },
  };
  /**
   * The database was unreachable and the pending-leads journal could not be written either (a full
   * disk, a read-only folder): 503 with Retry-After, never a success (ADR 046).
   */
  const refused = (err: unknown, reply: FastifyReply) => {
    if (!(err instanceof PendingLeadsUnavailableError)) throw err;
    return reply.code(503).header('retry-after', String(err.retryAfter)).send(fail(err.message));
  };

  route(
    app,
    leadsApi.contact,
    (request, reply) => app.services.leads.submitContact(request.body, { ip: request.ip }).then(ok, (err: unknown) => refused(err, reply)),
    extras,
  );
  route(
    app,
    leadsApi.contactRep,
    (request, reply) =>
      app.services.leads.submitRepContact(request.body, { ip: request.ip }).then(ok, (err: unknown) => refused(err, reply)),
    extras,
  );
}
