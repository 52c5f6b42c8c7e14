import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FormsAddBodySchema, RepContactBodySchema } from '#shared/validation/contact.ts';
import { envelope, ErrorEnvelopeSchema, errorResponses, ok } from '../../http.ts';

const StoredSchema = z.object({ id: z.number().int() });

/**
 * Public lead forms. Each post is rate-limited per client IP (FORM_RATE_LIMIT per minute; counters
 * in Redis when REDIS_URL is set, so they are shared by every instance) and answers success only
 * after the submission is stored.
 */
export async function formsRoutes(app: FastifyInstance) {
  // Without the offline queue a Redis outage fails fast, and skipOnError then lets the lead through.
  const redis = app.env.REDIS_URL ? new Redis(app.env.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  if (redis) {
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'rate-limit store (Redis) unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Give the first connection a moment so counting starts with the first request; never block start-up for long.
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      redis.once('ready', done);
      setTimeout(done, 2000).unref();
    });
  }
  await app.register(rateLimit, { global: false, redis, nameSpace: 'rl:forms:', skipOnError: true });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { max: app.env.FORM_RATE_LIMIT, timeWindow: '1 minute' };
  const responses = { 200: envelope(StoredSchema), ...errorResponses, 429: ErrorEnvelopeSchema };

  r.post(
    '/api/forms/add',
    {
      config: { rateLimit: limit },
      schema: {
        tags: ['public'],
        summary: 'Send the contact form (stored as a Contact submission, then the regional team is emailed)',
        body: FormsAddBodySchema,
        response: responses,
      },
    },
    async (request) => ok(await app.services.forms.submitContact(request.body, { ip: request.ip })),
  );

  r.post(
    '/api/forms/contact-rep',
    {
      config: { rateLimit: limit },
      schema: {
        tags: ['public'],
        summary: 'Contact a rep or retailer from the finder results (stored as a Rep submission, type 1)',
        body: RepContactBodySchema,
        response: responses,
      },
    },
    async (request) => ok(await app.services.forms.submitRepContact(request.body, { ip: request.ip })),
  );
}
