import { z } from 'zod';
import { ContentCardDtoSchema, ContentItemDtoSchema, ContentListDtoSchema } from '../dto/content.ts';
import { PageDtoSchema } from '../dto/pages.ts';
import { isRegionId } from '../regions.ts';
import { ContentFilterSchema } from '../validation/content-filter.ts';
import { FinderQuerySchema } from '../validation/finder.ts';
import { FinderResultSchema } from '../validation/reps-retailers.ts';
import { defineContract } from './contract.ts';

const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const SlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
const RegionIdSchema = z.coerce
  .number()
  .int()
  .refine((n) => isRegionId(n), 'Region must be 2, 3 or 4.');

export const StateSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
/** toPath is null for a page marked gone (statusCode 410). */
export const RedirectTargetSchema = z.object({ toPath: z.string().nullable(), statusCode: z.number().int() }).nullable();

const LatestQuerySchema = z.object({
  region: RegionIdSchema.optional(),
  length: z.coerce.number().int().min(1).max(12).default(3),
});

const pub = { tags: ['public'], security: 'public' } as const;

/** Custom pages and the related-resources cards. */
export const pagesApi = {
  bySlug: defineContract({
    ...pub,
    method: 'GET',
    path: '/api/pages/get-by-slug/:slug',
    operationId: 'getPageBySlug',
    summary: 'A visible custom page by slug (404 when missing or not visible)',
    params: SlugParamsSchema,
    reply: PageDtoSchema,
  }),
  // Two routes rather than Fastify's optional ':id?', so the OpenAPI document names both paths cleanly.
  latest: defineContract({
    ...pub,
    method: 'GET',
    path: '/api/pages/get-latest',
    operationId: 'getLatestResources',
    summary: 'Related resources: the newest knowledge-center cards',
    query: LatestQuerySchema,
    reply: z.array(ContentCardDtoSchema),
  }),
  latestExcept: defineContract({
    ...pub,
    method: 'GET',
    path: '/api/pages/get-latest/:id',
    operationId: 'getLatestResourcesExcept',
    summary: 'Related resources: the newest knowledge-center cards, leaving out the item with this id',
    params: IdParamsSchema,
    query: LatestQuerySchema,
    reply: z.array(ContentCardDtoSchema),
  }),
};

/** The public calls of one content list (knowledge center or press releases). */
function contentContracts<P extends string>(prefix: P, tag: string, what: string, idPrefix: string) {
  return {
    details: defineContract({
      tags: [tag],
      security: 'public',
      method: 'GET',
      path: `${prefix}/details/:id`,
      operationId: `get${idPrefix}ById`,
      summary: `A published ${what} by baseId: its latest version (404 when missing or not published)`,
      params: IdParamsSchema,
      reply: ContentItemDtoSchema,
    }),
    filter: defineContract({
      tags: [tag],
      security: 'public',
      method: 'POST',
      path: `${prefix}/filter`,
      operationId: `filter${idPrefix}`,
      summary: `Published ${what} cards: pinned first, then newest; filtered by category, type, region and search text; paged by start and length`,
      body: ContentFilterSchema,
      reply: ContentListDtoSchema,
    }),
    bySlug: defineContract({
      tags: [tag],
      security: 'public',
      method: 'GET',
      path: `${prefix}/get-by-slug/:slug`,
      operationId: `get${idPrefix}BySlug`,
      summary: `A published ${what} by slug (404 when missing or not published)`,
      params: SlugParamsSchema,
      reply: ContentItemDtoSchema,
    }),
  };
}

/** Public knowledge-center and press-release APIs (spec section 7). */
export const knowledgeApi = contentContracts('/api/knowledge-center', 'knowledge center', 'knowledge item', 'KnowledgeItem');
export const pressReleasesApi = contentContracts('/api/press-releases', 'press releases', 'press release', 'PressRelease');

/** Region-neutral lookups used by the public site: states and redirects; and the finder. */
export const lookupsApi = {
  states: defineContract({
    ...pub,
    method: 'GET',
    path: '/api/states/get-all/:regionId',
    operationId: 'getStatesForRegion',
    summary: 'States (US, region 2) or provinces and territories (Canada, region 3)',
    params: z.object({ regionId: RegionIdSchema }),
    reply: z.array(StateSchema),
  }),
  redirect: defineContract({
    ...pub,
    method: 'GET',
    path: '/api/redirects/get-redirect/*',
    operationId: 'getRedirect',
    summary: 'The redirect stored for a path (toPath null when the page is gone, 410), or data null when there is none',
    // Fastify names a wildcard `*`; the OpenAPI document calls it `path` (see openApiTransform).
    params: z.object({
      '*': z.string().max(2000).describe("the path to look up, without its leading /; its query string, if any, follows as this call's"),
    }),
    reply: RedirectTargetSchema,
  }),
  finder: defineContract({
    ...pub,
    method: 'GET',
    path: '/api/finder/search',
    operationId: 'searchFinder',
    summary: 'Retailers near a US ZIP or Canadian postal code (label Retailers), or the reps covering it (label Reps)',
    query: FinderQuerySchema,
    reply: FinderResultSchema,
  }),
};
