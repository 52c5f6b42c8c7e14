import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContentModuleSchema, MediaRefSchema, SeoDataSchema } from '#shared/content-types.ts';
import { envelope, errorResponses, ok, publicOperation } from '../../http.ts';
import { ContentCardDtoSchema } from './content-schemas.ts';
import { isRegionId } from '#shared/regions.ts';

export const PageDtoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  visibility: z.number().int(),
  regionIds: z.array(z.number().int()),
  metadata: SeoDataSchema,
  modules: z.array(ContentModuleSchema),
  heroImageType: z.number().int().nullable(),
  heroMedia: MediaRefSchema.nullable(),
  updated: z.string(),
});

export async function pagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/pages/get-by-slug/:slug',
    {
      schema: {
        ...publicOperation,
        operationId: 'getPageBySlug',
        tags: ['public'],
        summary: 'A visible custom page by slug (404 when missing or not visible)',
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: envelope(PageDtoSchema), ...errorResponses },
      },
    },
    async (request) => ok(await app.services.pages.getVisibleBySlug(request.params.slug)),
  );

  // Two routes rather than Fastify's optional ':id?', so the OpenAPI document names both paths cleanly.
  const latestQuery = z.object({
    region: z.coerce
      .number()
      .int()
      .refine((n) => isRegionId(n), 'Region must be 2, 3 or 4.')
      .optional(),
    length: z.coerce.number().int().min(1).max(12).default(3),
  });
  const latestResponse = { 200: envelope(z.array(ContentCardDtoSchema)), ...errorResponses };
  r.get(
    '/api/pages/get-latest',
    {
      schema: {
        ...publicOperation,
        operationId: 'getLatestResources',
        tags: ['public'],
        summary: 'Related resources: the newest knowledge-center cards',
        querystring: latestQuery,
        response: latestResponse,
      },
    },
    async (request) => ok(await app.services.knowledge.latest({ region: request.query.region, limit: request.query.length })),
  );
  r.get(
    '/api/pages/get-latest/:id',
    {
      schema: {
        ...publicOperation,
        operationId: 'getLatestResourcesExcept',
        tags: ['public'],
        summary: 'Related resources: the newest knowledge-center cards, leaving out the item with this id',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: latestQuery,
        response: latestResponse,
      },
    },
    async (request) =>
      ok(await app.services.knowledge.latest({ excludeId: request.params.id, region: request.query.region, limit: request.query.length })),
  );
}
