import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FormsAddBodySchema, RepContactBodySchema } from '#shared/validation/contact.ts';
import { envelope, ErrorEnvelopeSchema, errorResponses, ok, publicOperation } from '../../http.ts';

const StoredSchema = z.object({ id: z.number().int() });

/**
 * Public lead forms. Each post is rate-limited per client IP (FORM_RATE_LIMIT per minute; counters
 * in Redis when REDIS_URL is set, so they are shared by every instance) and answers success only
 * after the submission is stored.
 */
export async function formsRoutes(app: FastifyInstance) {
  // Counting (and the shared Redis client) is set up once for the app in server/plugins/rate-limit.ts.
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { max: app.env.FORM_RATE_LIMIT, timeWindow: '1 minute' };
  const responses = { 200: envelope(StoredSchema), ...errorResponses, 429: ErrorEnvelopeSchema };

  r.post(
    '/api/forms/add',
    {
      config: { rateLimit: limit },
      schema: {
        ...publicOperation,
        operationId: 'addContactForm',
        tags: ['public'],
        summary: 'Send the contact form (stored as a Contact submission, then the regional team is emailed)',
        body: FormsAddBodySchema,
        response: responses,
      },
    },
    async (request) => ok(await app.services.leads.submitContact(request.body, { ip: request.ip })),
  );

  r.post(
    '/api/forms/contact-rep',
    {
      config: { rateLimit: limit },
      schema: {
        ...publicOperation,
        operationId: 'contactRep',
        tags: ['public'],
        summary: 'Contact a rep or retailer from the finder results (stored as a Rep submission, type 1)',
        body: RepContactBodySchema,
        response: responses,
      },
    },
    async (request) => ok(await app.services.leads.submitRepContact(request.body, { ip: request.ip })),
  );
}
