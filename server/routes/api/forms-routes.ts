import type { FastifyInstance } from 'fastify';
import { leadsApi } from '#shared/contracts/leads.ts';
import { route } from '../../contract-route.ts';
import { ErrorEnvelopeSchema, errorResponses, ok } from '../../http.ts';

/**
 * Public lead forms. Each post is rate-limited per client IP (FORM_RATE_LIMIT per minute; counters
 * in Redis when REDIS_URL is set, so they are shared by every instance) and answers success only
 * after the submission is stored.
 */
export async function formsRoutes(app: FastifyInstance) {
  // Counting (and the shared Redis client) is set up once for the app in server/plugins/rate-limit.ts.
  const extras = {
    config: { rateLimit: { max: app.env.FORM_RATE_LIMIT, timeWindow: '1 minute' } },
    errors: { ...errorResponses, 429: ErrorEnvelopeSchema },
  };

  route(app, leadsApi.contact, async (request) => ok(await app.services.leads.submitContact(request.body, { ip: request.ip })), extras);
  route(
    app,
    leadsApi.contactRep,
    async (request) => ok(await app.services.leads.submitRepContact(request.body, { ip: request.ip })),
    extras,
  );
}
