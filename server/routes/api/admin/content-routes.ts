import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentService } from '#domain/content/content-service.ts';
import type { VersionListItem } from '#domain/versioning/versioning-repository.ts';
import { versionStatus, type VersionRow } from '#shared/versions.ts';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { adminErrors } from './admin-schemas.ts';
import {
  ContentAdminFilterSchema,
  ContentAdminItemSchema,
  ContentAdminListSchema,
  ContentIdParamsSchema,
  ContentSaveSchema,
  ContentSlugSchema,
  ContentVersionParamsSchema,
  ContentVersionSchema,
  LandingAdminItemSchema,
  LandingAdminListSchema,
  LandingSaveSchema,
  PageAdminFilterSchema,
  PageAdminItemSchema,
  PageAdminListSchema,
  PageSaveSchema,
  PinSchema,
  ProductAdminFilterSchema,
  ProductAdminItemSchema,
  ProductAdminListSchema,
  ProductSaveSchema,
} from './content-schemas.ts';

const config = { permission: 'content' as const };

function versionItem(v: VersionListItem): VersionRow {
  return {
    id: v.id,
    created: v.created.toISOString(),
    publishAt: v.publishAt?.toISOString() ?? null,
    author: v.author,
    status: versionStatus(v),
    current: v.current,
  };
}

/** `GET {prefix}/get-slug/{id}`: an item's slug and public path (knowledge items, press releases, pages, products). */
function getSlugRoute(
  app: FastifyInstance,
  prefix: string,
  tags: string[],
  op: string,
  label: string,
  slugOf: (id: number) => Promise<{ id: number; slug: string; path: string }>,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${prefix}/get-slug/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `get${op}Slug`,
        tags,
        summary: `The slug and public path of a ${label}`,
        params: ContentIdParamsSchema,
        response: { 200: envelope(ContentSlugSchema), ...adminErrors },
      },
    },
    async (request) => {
      const { id, slug, path } = await slugOf(request.params.id);
      return ok({ id, slug, path });
    },
  );
}

/**
 * The spec's admin calls for one versioned kind: add (create, or with an id append a version),
 * get/{id} (the newest version) and get/{id}/{versionId} (one version, for a rollback), delete,
 * get-slug, get-versions and filter; permission 'content'.
 */
function contentAdminRoutes(
  app: FastifyInstance,
  prefix: string,
  tag: string,
  op: string,
  label: string,
  service: () => ContentService,
  opts: { pin?: boolean } = {},
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [tag];

  r.post(
    `${prefix}/add`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `add${op}`,
        tags,
        summary: `Create a ${label}, or with an id append a version (rollback: save an old version's content); 409 when the slug is taken`,
        body: ContentSaveSchema,
        response: { 200: envelope(ContentAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => {
      const b = request.body;
      const saved = await service().adminSave(
        { ...b, category: b.category ?? null, publishDate: b.publishDate ?? new Date() },
        request.user?.id ?? null,
      );
      return ok(saved, b.id ? 'Saved: a new version was added.' : `The ${label} was created.`);
    },
  );
  r.get(
    `${prefix}/get/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `get${op}`,
        tags,
        summary: `A ${label} with its newest version (scheduled or not)`,
        params: ContentIdParamsSchema,
        response: { 200: envelope(ContentAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => ok(await service().adminGet(request.params.id)),
  );
  r.get(
    `${prefix}/get/:id/:versionId`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `get${op}Version`,
        tags,
        summary: `One saved version of a ${label} (what the editor loads for a rollback)`,
        params: ContentVersionParamsSchema,
        response: { 200: envelope(ContentAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => ok(await service().adminGet(request.params.id, request.params.versionId)),
  );
  r.get(
    `${prefix}/delete/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `delete${op}`,
        tags,
        summary: `Delete a ${label} (it leaves the site; its versions are kept)`,
        params: ContentIdParamsSchema,
        response: { 200: envelope(z.null()), ...adminErrors },
      },
    },
    async (request) => {
      await service().adminDelete(request.params.id);
      return ok(null, `The ${label} was deleted.`);
    },
  );
  getSlugRoute(app, prefix, tags, op, label, (id) => service().adminSlug(id));
  r.get(
    `${prefix}/get-versions/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `get${op}Versions`,
        tags,
        summary: `Saved versions of a ${label}, newest first: id, created (UTC), publishAt, author, status, current`,
        params: ContentIdParamsSchema,
        response: { 200: envelope(z.array(ContentVersionSchema)), ...adminErrors },
      },
    },
    async (request) => ok((await service().adminVersions(request.params.id)).map(versionItem)),
  );
  r.post(
    `${prefix}/filter`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `filter${op}Admin`,
        tags,
        summary: `Every ${label} not deleted (drafts and scheduled too), last updated first, with text search, filters and paging`,
        body: ContentAdminFilterSchema,
        response: { 200: envelope(ContentAdminListSchema), ...adminErrors },
      },
    },
    async (request) => ok(await service().adminFilter({ ...request.body, dir: request.body.dir ?? undefined })),
  );
  if (opts.pin) {
    r.post(
      `${prefix}/pin`,
      {
        config,
        schema: {
          ...adminOperation,
          operationId: `pin${op}`,
          tags,
          summary: `Pin or unpin a ${label} (pinned items lead the public lists); type must be the item's`,
          body: PinSchema,
          response: { 200: envelope(z.null()), ...adminErrors },
        },
      },
      async (request) => {
        await service().pin(request.body.baseId, request.body.type, request.body.pinned);
        return ok(null, request.body.pinned ? 'Pinned.' : 'Unpinned.');
      },
    );
  }
}

/** Knowledge center and press releases (spec section 7, Admin). */
export function contentRoutes(app: FastifyInstance) {
  contentAdminRoutes(
    app,
    '/api/admin/knowledge-center',
    'admin knowledge center',
    'KnowledgeItem',
    'knowledge item',
    () => app.services.knowledge,
    { pin: true },
  );
  contentAdminRoutes(
    app,
    '/api/admin/press-releases',
    'admin press releases',
    'PressRelease',
    'press release',
    () => app.services.pressReleases,
  );
}

/** Custom pages (/{slug}): /api/admin/pages/add|get/{id}|get/{id}/{versionId}|delete/{id}|get-slug/{id}|get-versions/{id}|filter. */
export function pagesAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin pages'];
  const pages = () => app.services.pages;
  const prefix = '/api/admin/pages';
  r.post(
    `${prefix}/add`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'addPage',
        tags,
        summary: "Create a custom page, or with an id append a version; 409 when the slug is taken or is one of the site's own addresses",
        body: PageSaveSchema,
        response: { 200: envelope(PageAdminItemSchema), ...adminErrors },
      },
    },
    async (request) =>
      ok(
        await pages().adminSave(request.body, request.user?.id ?? null),
        request.body.id ? 'Saved: a new version was added.' : 'The page was created.',
      ),
  );
  r.get(
    `${prefix}/get/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getPage',
        tags,
        summary: 'A page with its newest version',
        params: ContentIdParamsSchema,
        response: { 200: envelope(PageAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => ok(await pages().adminGet(request.params.id)),
  );
  r.get(
    `${prefix}/get/:id/:versionId`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getPageVersion',
        tags,
        summary: 'One saved version of a page',
        params: ContentVersionParamsSchema,
        response: { 200: envelope(PageAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => ok(await pages().adminGet(request.params.id, request.params.versionId)),
  );
  r.get(
    `${prefix}/delete/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'deletePage',
        tags,
        summary: 'Delete a page (its versions are kept)',
        params: ContentIdParamsSchema,
        response: { 200: envelope(z.null()), ...adminErrors },
      },
    },
    async (request) => {
      await pages().adminDelete(request.params.id);
      return ok(null, 'The page was deleted.');
    },
  );
  getSlugRoute(app, prefix, tags, 'Page', 'page', (id) => pages().adminGet(id));
  r.get(
    `${prefix}/get-versions/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getPageVersions',
        tags,
        summary: 'Saved versions of a page, newest first',
        params: ContentIdParamsSchema,
        response: { 200: envelope(z.array(ContentVersionSchema)), ...adminErrors },
      },
    },
    async (request) => ok((await pages().adminVersions(request.params.id)).map(versionItem)),
  );
  r.post(
    `${prefix}/filter`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'filterPagesAdmin',
        tags,
        summary: 'Custom pages not deleted, last updated first',
        body: PageAdminFilterSchema,
        response: { 200: envelope(PageAdminListSchema), ...adminErrors },
      },
    },
    async (request) => ok(await pages().adminFilter(request.body)),
  );
}

/** Products: /api/admin/products/add (append a version)|get/{id}|get/{id}/{versionId}|delete/{id}|get-slug/{id}|get-versions/{id}|filter. */
export function productsAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin products'];
  const products = () => app.services.products;
  const prefix = '/api/admin/products';
  r.post(
    `${prefix}/add`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'saveProduct',
        tags,
        summary: 'Append a version of a product (edit or rollback)',
        body: ProductSaveSchema,
        response: { 200: envelope(ProductAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => {
      const { id, status, publishAt, rollbackOf, ...content } = request.body;
      return ok(
        await products().adminSave(id, content, request.user?.id ?? null, { status, publishAt, rollbackOf }),
        'Saved: a new version was added.',
      );
    },
  );
  r.get(
    `${prefix}/get/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getProduct',
        tags,
        summary: 'A product with its newest version',
        params: ContentIdParamsSchema,
        response: { 200: envelope(ProductAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => ok(await products().adminGet(request.params.id)),
  );
  r.get(
    `${prefix}/get/:id/:versionId`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getProductVersion',
        tags,
        summary: 'One saved version of a product',
        params: ContentVersionParamsSchema,
        response: { 200: envelope(ProductAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => ok(await products().adminGet(request.params.id, request.params.versionId)),
  );
  r.get(
    `${prefix}/delete/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'deleteProduct',
        tags,
        summary: 'Delete a product page (its versions are kept)',
        params: ContentIdParamsSchema,
        response: { 200: envelope(z.null()), ...adminErrors },
      },
    },
    async (request) => {
      await products().adminDelete(request.params.id);
      return ok(null, 'The product was deleted.');
    },
  );
  getSlugRoute(app, prefix, tags, 'Product', 'product', (id) => products().adminGet(id));
  r.get(
    `${prefix}/get-versions/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getProductVersions',
        tags,
        summary: 'Saved versions of a product, newest first',
        params: ContentIdParamsSchema,
        response: { 200: envelope(z.array(ContentVersionSchema)), ...adminErrors },
      },
    },
    async (request) => ok((await products().adminVersions(request.params.id)).map(versionItem)),
  );
  r.post(
    `${prefix}/filter`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'filterProductsAdmin',
        tags,
        summary: 'Products in menu order, with search and region',
        body: ProductAdminFilterSchema,
        response: { 200: envelope(ProductAdminListSchema), ...adminErrors },
      },
    },
    async (request) => ok(await products().adminFilter(request.body)),
  );
}

/** Homes, campaign pages and About: /api/admin/landing-pages/add (append a version)|get/{id}|get/{id}/{versionId}|get-versions/{id}|filter. */
export function landingAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin landing pages'];
  const landing = () => app.services.landingPages;
  const prefix = '/api/admin/landing-pages';
  r.post(
    `${prefix}/add`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'saveLandingPage',
        tags,
        summary: 'Append a version of a home, campaign page or About (edit or rollback)',
        body: LandingSaveSchema,
        response: { 200: envelope(LandingAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => {
      const { id, publishAt, rollbackOf, ...content } = request.body;
      return ok(
        await landing().adminSave(id, content, request.user?.id ?? null, publishAt ?? null, rollbackOf ?? null),
        'Saved: a new version was added.',
      );
    },
  );
  r.get(
    `${prefix}/get/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getLandingPage',
        tags,
        summary: 'A landing page with its newest version',
        params: ContentIdParamsSchema,
        response: { 200: envelope(LandingAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => ok(await landing().adminGet(request.params.id)),
  );
  r.get(
    `${prefix}/get/:id/:versionId`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getLandingPageVersion',
        tags,
        summary: 'One saved version of a landing page',
        params: ContentVersionParamsSchema,
        response: { 200: envelope(LandingAdminItemSchema), ...adminErrors },
      },
    },
    async (request) => ok(await landing().adminGet(request.params.id, request.params.versionId)),
  );
  r.get(
    `${prefix}/get-versions/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getLandingPageVersions',
        tags,
        summary: 'Saved versions of a landing page, newest first',
        params: ContentIdParamsSchema,
        response: { 200: envelope(z.array(ContentVersionSchema)), ...adminErrors },
      },
    },
    async (request) => ok((await landing().adminVersions(request.params.id)).map(versionItem)),
  );
  r.post(
    `${prefix}/filter`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'filterLandingPagesAdmin',
        tags,
        summary: 'The homes, campaign pages and About',
        response: { 200: envelope(LandingAdminListSchema), ...adminErrors },
      },
    },
    async () => ok(await landing().adminList()),
  );
}
