import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok } from '../../http.ts';

const StateSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
const RedirectSchema = z.object({ toPath: z.string(), statusCode: z.number().int() }).nullable();

/** Region-neutral lookups used by the public site: states and redirects. */
export async function publicLookupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/states/get-all/:regionId',
    {
      schema: {
        tags: ['public'],
        summary: 'States (US, region 2) or provinces and territories (Canada, region 3)',
        params: z.object({ regionId: z.coerce.number().int().refine((n) => [2, 3, 4].includes(n), 'Region must be 2, 3 or 4.') }),
        response: { 200: envelope(z.array(StateSchema)), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok(await app.services.geo.statesForRegion(request.params.regionId));
    },
  );

  r.get(
    '/api/redirects/get-redirect/*',
    {
      schema: {
        tags: ['public'],
        summary: 'The redirect stored for a path, or data null when there is none',
        params: z.object({ '*': z.string().max(2000) }),
        response: { 200: envelope(RedirectSchema), ...errorResponses },
      },
    },
    async (request) => {
      const target = await app.services.redirects.resolve('/' + request.params['*']);
      return ok(target);
    },
  );
}
