import type { FastifyInstance } from 'fastify';
import { lookupsApi } from '#shared/contracts/public-content.ts';
import { route } from '../../contract-route.ts';
import { ok } from '../../http.ts';

export async function finderRoutes(app: FastifyInstance) {
  route(app, lookupsApi.finder, async (request) => ok(await app.services.finder.search(request.query)));
}
