import type { FastifyInstance } from 'fastify';
import { pagesApi } from '#shared/contracts/public-content.ts';
import { route } from '../../contract-route.ts';
import { ok } from '../../http.ts';

export async function pagesRoutes(app: FastifyInstance) {
  route(app, pagesApi.bySlug, async (request) => ok(await app.services.pages.getVisibleBySlug(request.params.slug)));
  route(app, pagesApi.latest, async (request) =>
    ok(await app.services.knowledge.latest({ region: request.query.region, limit: request.query.length })),
  );
  route(app, pagesApi.latestExcept, async (request) =>
    ok(await app.services.knowledge.latest({ excludeId: request.params.id, region: request.query.region, limit: request.query.length })),
  );
}
