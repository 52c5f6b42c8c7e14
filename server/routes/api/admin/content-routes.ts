import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentService } from '#domain/content/content-service.ts';
import type { VersionListItem } from '#domain/versioning/versioning-repository.ts';
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

function versionItem(v: VersionListItem) {
  return {
    id: v.id,
    created: v.created.toISOString(),
    publishAt: v.publishAt?.toISOString() ?? null,
    author: v.author,
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

/** The read side of a versioned kind's admin API, the same for every kind but in names and schemas. */
interface VersionedReads<F> {
  prefix: string;
  tags: string[];
  /** operationId stem: get{op}, get{op}Version, delete{op}, get{op}Slug, get{op}Versions */
  op: string;
  item: z.ZodType;
  get: { summary: string; versionSummary: string; run: (id: number, versionId?: number) => Promise<unknown> };
  remove?: { summary: string; message: string; run: (id: number) => Promise<unknown> };
  slug?: { label: string; run: (id: number) => Promise<{ id: number; slug: string; path: string }> };
  versions: { summary: string; run: (id: number) => Promise<VersionListItem[]> };
  filter: { operationId: string; summary: string; body?: z.ZodType<F>; list: z.ZodType; run: (body: F) => Promise<unknown> };
}

/**
 * get/{id} (the newest version), get/{id}/{versionId} (one version, for a rollback), delete/{id},
 * get-slug/{id}, get-versions/{id} and filter, in that order (the OpenAPI document lists them so).
 */
function versionedReadRoutes<F>(app: FastifyInstance, k: VersionedReads<F>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { prefix, tags, op } = k;
  r.get(
    `${prefix}/get/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `get${op}`,
        tags,
        summary: k.get.summary,
        params: ContentIdParamsSchema,
        response: { 200: envelope(k.item), ...adminErrors },
      },
    },
    async (request) => ok(await k.get.run(request.params.id)),
  );
  r.get(
    `${prefix}/get/:id/:versionId`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `get${op}Version`,
        tags,
        summary: k.get.versionSummary,
        params: ContentVersionParamsSchema,
        response: { 200: envelope(k.item), ...adminErrors },
      },
    },
    async (request) => ok(await k.get.run(request.params.id, request.params.versionId)),
  );
  const remove = k.remove;
  if (remove) {
    r.get(
      `${prefix}/delete/:id`,
      {
        config,
        schema: {
          ...adminOperation,
          operationId: `delete${op}`,
          tags,
          summary: remove.summary,
          params: ContentIdParamsSchema,
          response: { 200: envelope(z.null()), ...adminErrors },
        },
      },
      async (request) => {
        await remove.run(request.params.id);
        return ok(null, remove.message);
      },
    );
  }
  if (k.slug) getSlugRoute(app, prefix, tags, op, k.slug.label, k.slug.run);
  r.get(
    `${prefix}/get-versions/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `get${op}Versions`,
        tags,
        summary: k.versions.summary,
        params: ContentIdParamsSchema,
        response: { 200: envelope(z.array(ContentVersionSchema)), ...adminErrors },
      },
    },
    async (request) => ok((await k.versions.run(request.params.id)).map(versionItem)),
  );
  r.post(
    `${prefix}/filter`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: k.filter.operationId,
        tags,
        summary: k.filter.summary,
        ...(k.filter.body ? { body: k.filter.body } : {}),
        response: { 200: envelope(k.filter.list), ...adminErrors },
      },
    },
    async (request) => ok(await k.filter.run(request.body as F)),
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
  versionedReadRoutes(app, {
    prefix,
    tags,
    op,
    item: ContentAdminItemSchema,
    get: {
      summary: `A ${label} with its newest version (scheduled or not)`,
      versionSummary: `One saved version of a ${label} (what the editor loads for a rollback)`,
      run: (id, versionId) => service().adminGet(id, versionId),
    },
    remove: {
      summary: `Delete a ${label} (it leaves the site; its versions are kept)`,
      message: `The ${label} was deleted.`,
      run: (id) => service().adminDelete(id),
    },
    slug: { label, run: (id) => service().adminSlug(id) },
    versions: {
      summary: `Saved versions of a ${label}, newest first: id, created (UTC), publishAt, author`,
      run: (id) => service().adminVersions(id),
    },
    filter: {
      operationId: `filter${op}Admin`,
      summary: `Every ${label} not deleted (drafts and scheduled too), last updated first, with text search, filters and paging`,
      body: ContentAdminFilterSchema,
      list: ContentAdminListSchema,
      run: (body) => service().adminFilter({ ...body, dir: body.dir ?? undefined }),
    },
  });
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
  versionedReadRoutes(app, {
    prefix,
    tags,
    op: 'Page',
    item: PageAdminItemSchema,
    get: {
      summary: 'A page with its newest version',
      versionSummary: 'One saved version of a page',
      run: (id, versionId) => pages().adminGet(id, versionId),
    },
    remove: { summary: 'Delete a page (its versions are kept)', message: 'The page was deleted.', run: (id) => pages().adminDelete(id) },
    slug: { label: 'page', run: (id) => pages().adminGet(id) },
    versions: { summary: 'Saved versions of a page, newest first', run: (id) => pages().adminVersions(id) },
    filter: {
      operationId: 'filterPagesAdmin',
      summary: 'Custom pages not deleted, last updated first',
      body: PageAdminFilterSchema,
      list: PageAdminListSchema,
      run: (body) => pages().adminFilter(body),
    },
  });
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
  versionedReadRoutes(app, {
    prefix,
    tags,
    op: 'Product',
    item: ProductAdminItemSchema,
    get: {
      summary: 'A product with its newest version',
      versionSummary: 'One saved version of a product',
      run: (id, versionId) => products().adminGet(id, versionId),
    },
    remove: {
      summary: 'Delete a product page (its versions are kept)',
      message: 'The product was deleted.',
      run: (id) => products().adminDelete(id),
    },
    slug: { label: 'product', run: (id) => products().adminGet(id) },
    versions: { summary: 'Saved versions of a product, newest first', run: (id) => products().adminVersions(id) },
    filter: {
      operationId: 'filterProductsAdmin',
      summary: 'Products in menu order, with search and region',
      body: ProductAdminFilterSchema,
      list: ProductAdminListSchema,
      run: (body) => products().adminFilter(body),
    },
  });
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
  versionedReadRoutes(app, {
    prefix,
    tags,
    op: 'LandingPage',
    item: LandingAdminItemSchema,
    get: {
      summary: 'A landing page with its newest version',
      versionSummary: 'One saved version of a landing page',
      run: (id, versionId) => landing().adminGet(id, versionId),
    },
    versions: { summary: 'Saved versions of a landing page, newest first', run: (id) => landing().adminVersions(id) },
    filter: {
      operationId: 'filterLandingPagesAdmin',
      summary: 'The homes, campaign pages and About',
      list: LandingAdminListSchema,
      run: () => landing().adminList(),
    },
  });
}
