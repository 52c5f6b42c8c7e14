import type { FastifyInstance } from 'fastify';
import type { ContentService } from '#domain/content/content-service.ts';
import { knowledgeApi, pressReleasesApi } from '#shared/contracts/public-content.ts';
import { route } from '../../contract-route.ts';
import { ok } from '../../http.ts';

const PUBLIC_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

function contentRoutes(app: FastifyInstance, api: typeof knowledgeApi | typeof pressReleasesApi, service: () => ContentService) {
  route(app, api.details, async (request, reply) => {
    const item = await service().getPublishedById(request.params.id);
    reply.header('cache-control', PUBLIC_CACHE);
    return ok(item);
  });
  route(app, api.filter, async (request) => ok(await service().filter(request.body)));
  route(app, api.bySlug, async (request, reply) => {
    const item = await service().getPublishedBySlug(request.params.slug);
    reply.header('cache-control', PUBLIC_CACHE);
    return ok(item);
  });
}

/** Public knowledge-center and press-release APIs (spec section 7). */
export async function knowledgeRoutes(app: FastifyInstance) {
  contentRoutes(app, knowledgeApi, () => app.services.knowledge);
  contentRoutes(app, pressReleasesApi, () => app.services.pressReleases);
}
