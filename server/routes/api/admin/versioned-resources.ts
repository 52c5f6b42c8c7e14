import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ContentService } from '#domain/content/content-service.ts';
import {
  type ContentSlug,
  ContentAdminFilterSchema,
  ContentAdminItemSchema,
  ContentAdminListSchema,
  ContentSaveSchema,
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
} from '#shared/validation/versioned-admin.ts';
import { VERSIONED_KINDS, type VersionedKindCore } from '#shared/versioned-kinds.ts';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { adminErrors } from './admin-schemas.ts';
import { SAVED_MESSAGE, versionedResourceRoutes, type VersionedResource } from './versioned-resource.ts';

/**
 * The versioned kinds' admin APIs, one definition each (ADR 034). Adding a kind is one definition
 * here, its schemas in shared/validation/versioned-admin.ts and its admin service.
 */

/** A definition's names from the kind's core, shared with the admin screens (shared/versioned-kinds.ts). */
const named = (core: VersionedKindCore, tag: string) => ({ prefix: core.api, tag, op: core.op, label: core.label });

/** What the services of pages and products offer besides the factory's own calls. */
interface ListedService<F> {
  adminFilter(f: F): Promise<unknown>;
  adminGet(id: number): Promise<ContentSlug>;
  adminDelete(id: number): Promise<void>;
}

/** The filter, slug and delete of a kind listed with its own filter and deleted by id (pages, products). */
function listedParts<B extends z.ZodType>(
  filter: { body: B; reply: z.ZodType; operationId: string; summary: string },
  removeSummary: string,
) {
  type Svc = ListedService<z.output<B>>;
  return {
    filter: { ...filter, run: (svc: Svc, f: z.output<B>) => svc.adminFilter(f) },
    slug: (svc: Svc, id: number) => svc.adminGet(id),
    remove: { summary: removeSummary, run: (svc: Svc, id: number) => svc.adminDelete(id) },
  };
}

/** Knowledge items and press releases share one service shape (domain/content) and one definition. */
function contentResource(opts: {
  core: VersionedKindCore;
  tag: string;
  service: (app: FastifyInstance) => ContentService;
  pin?: boolean;
}): VersionedResource<ContentService, typeof ContentSaveSchema, typeof ContentAdminFilterSchema> {
  const { label } = opts.core;
  return {
    ...named(opts.core, opts.tag),
    service: opts.service,
    item: ContentAdminItemSchema,
    add: {
      body: ContentSaveSchema,
      operationId: `add${opts.core.op}`,
      summary: `Create a ${label}, or with an id append a version (rollback: save an old version's content); 409 when the slug is taken`,
      run: (svc, b, authorId) => svc.adminSave({ ...b, category: b.category ?? null, publishDate: b.publishDate ?? new Date() }, authorId),
      message: (b) => (b.id ? SAVED_MESSAGE : `The ${label} was created.`),
    },
    filter: {
      body: ContentAdminFilterSchema,
      reply: ContentAdminListSchema,
      operationId: `filter${opts.core.op}Admin`,
      summary: `Every ${label} not deleted (drafts and scheduled too), last updated first, with text search, filters and paging`,
      run: (svc, f) => svc.adminFilter({ ...f, dir: f.dir ?? undefined }),
    },
    slug: (svc, id) => svc.adminSlug(id),
    remove: { summary: `Delete a ${label} (it leaves the site; its versions are kept)`, run: (svc, id) => svc.adminDelete(id) },
    extras: opts.pin
      ? (r, d) => {
          r.post(
            `${d.prefix}/pin`,
            {
              config: { permission: 'content' },
              schema: {
                ...adminOperation,
                operationId: `pin${d.op}`,
                tags: d.tags,
                summary: `Pin or unpin a ${d.label} (pinned items lead the public lists); type must be the item's`,
                body: PinSchema,
                response: { 200: envelope(z.null()), ...adminErrors },
              },
            },
            async (request) => {
              await d.service().pin(request.body.baseId, request.body.type, request.body.pinned);
              return ok(null, request.body.pinned ? 'Pinned.' : 'Unpinned.');
            },
          );
        }
      : undefined,
  };
}

export const knowledgeResource = contentResource({
  core: VERSIONED_KINDS.knowledge,
  tag: 'admin knowledge center',
  service: (app) => app.services.knowledge,
  pin: true,
});

export const pressResource = contentResource({
  core: VERSIONED_KINDS.press,
  tag: 'admin press releases',
  service: (app) => app.services.pressReleases,
});

type PagesService = FastifyInstance['services']['pages'];
export const pagesResource: VersionedResource<PagesService, typeof PageSaveSchema, typeof PageAdminFilterSchema> = {
  ...named(VERSIONED_KINDS.page, 'admin pages'),
  service: (app) => app.services.pages,
  item: PageAdminItemSchema,
  add: {
    body: PageSaveSchema,
    operationId: 'addPage',
    summary: "Create a custom page, or with an id append a version; 409 when the slug is taken or is one of the site's own addresses",
    run: (svc, body, authorId) => svc.adminSave(body, authorId),
    message: (b) => (b.id ? SAVED_MESSAGE : 'The page was created.'),
  },
  ...listedParts(
    {
      body: PageAdminFilterSchema,
      reply: PageAdminListSchema,
      operationId: 'filterPagesAdmin',
      summary: 'Custom pages not deleted, last updated first',
    },
    'Delete a page (its versions are kept)',
  ),
};

type ProductsService = FastifyInstance['services']['products'];
export const productsResource: VersionedResource<ProductsService, typeof ProductSaveSchema, typeof ProductAdminFilterSchema> = {
  ...named(VERSIONED_KINDS.product, 'admin products'),
  service: (app) => app.services.products,
  item: ProductAdminItemSchema,
  add: {
    body: ProductSaveSchema,
    operationId: 'saveProduct',
    summary: 'Append a version of a product (edit or rollback); products are fixed addresses, never created here',
    run: (svc, { id, status, publishAt, rollbackOf, ...content }, authorId) =>
      svc.adminSave(id, content, authorId, { status, publishAt, rollbackOf }),
  },
  ...listedParts(
    {
      body: ProductAdminFilterSchema,
      reply: ProductAdminListSchema,
      operationId: 'filterProductsAdmin',
      summary: 'Products in menu order, with search and region',
    },
    'Delete a product page (its versions are kept)',
  ),
};

type LandingPagesService = FastifyInstance['services']['landingPages'];
export const landingResource: VersionedResource<LandingPagesService, typeof LandingSaveSchema, z.ZodType> = {
  ...named(VERSIONED_KINDS.landing, 'admin landing pages'),
  service: (app) => app.services.landingPages,
  item: LandingAdminItemSchema,
  add: {
    body: LandingSaveSchema,
    operationId: 'saveLandingPage',
    summary: 'Append a version of a home, campaign page or About (edit or rollback)',
    run: (svc, { id, publishAt, rollbackOf, ...content }, authorId) =>
      svc.adminSave(id, content, authorId, publishAt ?? null, rollbackOf ?? null),
  },
  filter: {
    reply: LandingAdminListSchema,
    operationId: 'filterLandingPagesAdmin',
    summary: 'The homes, campaign pages and About',
    run: (svc) => svc.adminList(),
  },
};

/** Every versioned kind's admin routes (inside the admin scope). */
export function versionedResourcesRoutes(app: FastifyInstance) {
  versionedResourceRoutes(app, knowledgeResource);
  versionedResourceRoutes(app, pressResource);
  versionedResourceRoutes(app, pagesResource);
  versionedResourceRoutes(app, productsResource);
  versionedResourceRoutes(app, landingResource);
}
