import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorResponses, ok, publicOperation } from '../../http.ts';
import { isRegionId } from '#shared/regions.ts';

const StateSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
/** toPath is null for a page marked gone (statusCode 410). */
const RedirectSchema = z.object({ toPath: z.string().nullable(), statusCode: z.number().int() }).nullable();

/** Region-neutral lookups used by the public site: states and redirects. */
export async function publicLookupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/states/get-all/:regionId',
    {
      schema: {
        ...publicOperation,
        operationId: 'getStatesForRegion',
        tags: ['public'],
        summary: 'States (US, region 2) or provinces and territories (Canada, region 3)',
        params: z.object({
          regionId: z.coerce
            .number()
            .int()
            .refine((n) => isRegionId(n), 'Region must be 2, 3 or 4.'),
        }),
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
        ...publicOperation,
        operationId: 'getRedirect',
        tags: ['public'],
        summary: 'The redirect stored for a path (toPath null when the page is gone, 410), or data null when there is none',
        // Fastify names a wildcard `*`; the OpenAPI document calls it `path` (see openApiTransform).
        params: z.object({
          '*': z
            .string()
            .max(2000)
            .describe("the path to look up, without its leading /; its query string, if any, follows as this call's"),
        }),
        response: { 200: envelope(RedirectSchema), ...errorResponses },
      },
    },
    async (request) => {
      // the query string of this call is the looked-up address's (get-redirect/page.aspx?id=12)
      const q = request.url.indexOf('?');
      const target = await app.services.redirects.resolve('/' + request.params['*'], q === -1 ? '' : request.url.slice(q + 1));
      return ok(target ? { toPath: target.toPath, statusCode: target.statusCode } : null);
    },
  );
}
