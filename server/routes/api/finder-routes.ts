import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FinderQuerySchema } from '#shared/validation/finder.ts';
import { FinderResultSchema } from '#shared/validation/reps-retailers.ts';
import { envelope, errorResponses, ok, publicOperation } from '../../http.ts';

export async function finderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/finder/search',
    {
      schema: {
        ...publicOperation,
        operationId: 'searchFinder',
        tags: ['public'],
        summary: 'Retailers near a US ZIP or Canadian postal code (label Retailers), or the reps covering it (label Reps)',
        querystring: FinderQuerySchema,
        response: { 200: envelope(FinderResultSchema), ...errorResponses },
      },
    },
    async (request) => ok(await app.services.finder.search(request.query)),
  );
}
