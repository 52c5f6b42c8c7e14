import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FINDER_LABELS, FinderQuerySchema } from '#shared/validation/finder.ts';
import { envelope, errorResponses, ok, publicOperation } from '../../http.ts';

const Label = z.enum(FINDER_LABELS);
const Located = {
  label: Label,
  zip: z.string(),
  place: z.string(),
  approximate: z.boolean(),
  country: z.enum(['US', 'CA']),
};

export const FinderResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('empty'), label: Label }),
  z.object({ kind: z.literal('invalid'), label: Label, zip: z.string(), message: z.string() }),
  z.object({
    kind: z.literal('retailers'),
    ...Located,
    unit: z.enum(['mi', 'km']),
    radius: z.number(),
    widened: z.boolean(),
    results: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
        postalCode: z.string(),
        phone: z.string(),
        website: z.string().nullable(),
        products: z.array(z.string()),
        distance: z.number(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('reps'),
    ...Located,
    results: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        title: z.string(),
        photo: z.string().nullable(),
        email: z.string(),
        phone: z.string(),
        matchedBy: z.string(),
      }),
    ),
  }),
]);

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
