import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentService } from '#domain/content/content-service.ts';
import { ContentFilterSchema } from '#shared/validation/content-filter.ts';
import { envelope, errorResponses, ok, publicOperation } from '../../http.ts';
import { ContentItemDtoSchema, ContentListDtoSchema } from './content-schemas.ts';

const PUBLIC_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

function contentRoutes(app: FastifyInstance, prefix: string, tag: string, what: string, idPrefix: string, service: () => ContentService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${prefix}/details/:id`,
    {
      schema: {
        ...publicOperation,
        operationId: `get${idPrefix}ById`,
        tags: [tag],
        summary: `A published ${what} by baseId: its latest version (404 when missing or not published)`,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(ContentItemDtoSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const item = await service().getPublishedById(request.params.id);
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(item);
    },
  );

  r.post(
    `${prefix}/filter`,
    {
      schema: {
        ...publicOperation,
        operationId: `filter${idPrefix}`,
        tags: [tag],
        summary: `Published ${what} cards: pinned first, then newest; filtered by category, type, region and search text; paged by start and length`,
        body: ContentFilterSchema,
        response: { 200: envelope(ContentListDtoSchema), ...errorResponses },
      },
    },
    async (request) => ok(await service().filter(request.body)),
  );

  r.get(
    `${prefix}/get-by-slug/:slug`,
    {
      schema: {
        ...publicOperation,
        operationId: `get${idPrefix}BySlug`,
        tags: [tag],
        summary: `A published ${what} by slug (404 when missing or not published)`,
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: envelope(ContentItemDtoSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const item = await service().getPublishedBySlug(request.params.slug);
      reply.header('cache-control', PUBLIC_CACHE);
      return ok(item);
    },
  );
}

/** Public knowledge-center and press-release APIs (spec section 7). */
export async function knowledgeRoutes(app: FastifyInstance) {
  contentRoutes(app, '/api/knowledge-center', 'knowledge center', 'knowledge item', 'KnowledgeItem', () => app.services.knowledge);
  contentRoutes(app, '/api/press-releases', 'press releases', 'press release', 'PressRelease', () => app.services.pressReleases);
}
