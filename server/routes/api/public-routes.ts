import type { FastifyInstance } from 'fastify';
import { lookupsApi } from '#shared/contracts/public-content.ts';
import { route } from '../../contract-route.ts';
import { ok } from '../../http.ts';

/** Region-neutral lookups used by the public site: states and redirects. */
export async function publicLookupRoutes(app: FastifyInstance) {
  route(app, lookupsApi.states, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    return ok(await app.services.geo.statesForRegion(request.params.regionId));
  });
  route(app, lookupsApi.redirect, async (request) => {
    // the query string of this call is the looked-up address's (get-redirect/page.aspx?id=12)
    const q = request.url.indexOf('?');
    const target = await app.services.redirects.resolve('/' + request.params['*'], q === -1 ? '' : request.url.slice(q + 1));
    return ok(target ? { toPath: target.toPath, statusCode: target.statusCode } : null);
  });
}
