import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { VersionedAdminService } from '#domain/kinds/index.ts';
import type { VersionListItem } from '#domain/versioning/versioning-repository.ts';
import {
  ContentIdParamsSchema,
  ContentSlugSchema,
  ContentVersionParamsSchema,
  ContentVersionSchema,
  type ContentSlug,
  type ContentVersionRow,
} from '#shared/validation/versioned-admin.ts';
import type { Permission } from '#shared/permissions.ts';
import { versionStatus } from '#shared/versions.ts';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { adminErrors } from './admin-schemas.ts';

/** What the admin service of every versioned kind offers (ADR 034): the factory's routes call these. */
export type { VersionedAdminService } from '#domain/kinds/index.ts';

const zodRouter = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type Router = ReturnType<typeof zodRouter>;

/**
 * One versioned kind's admin API, as data: its prefix, names, schemas (from shared/), and the few
 * calls that differ between kinds (save, filter, slug, delete, extras). `versionedResourceRoutes`
 * turns it into the spec's routes: add, get/{id}, get/{id}/{versionId}, get-versions/{id},
 * get-slug/{id}, delete/{id}, filter, rollback/{id}/{versionId} and the kind's extras.
 */
export interface VersionedResource<Svc extends VersionedAdminService<unknown>, Save extends z.ZodType, Filter extends z.ZodType> {
  /** '/api/admin/pages' */
  prefix: string;
  /** the OpenAPI tag: 'admin pages' */
  tag: string;
  /** the operation ids' stem: 'Page' gives getPage, getPageVersion, getPageVersions, deletePage, getPageSlug, rollbackPage */
  op: string;
  /** in summaries and messages: 'page' ("The page was deleted.") */
  label: string;
  /** who may call the routes (the kind's definition: 'content' for every kind so far) */
  permission: Permission;
  service: (app: FastifyInstance) => Svc;
  /** the item every read and write replies with */
  item: z.ZodType;
  add: {
    body: Save;
    operationId: string;
    summary: string;
    run: (svc: Svc, body: z.output<Save>, authorId: number | null) => Promise<unknown>;
    /** the reply's message; default "Saved: a new version was added." */
    message?: (body: z.output<Save>) => string;
  };
  filter: {
    /** none: the route takes no body (landing pages: a fixed, short list) */
    body?: Filter;
    reply: z.ZodType;
    operationId: string;
    summary: string;
    run: (svc: Svc, body: z.output<Filter>) => Promise<unknown>;
  };
  /** get-slug/{id}; absent for kinds without a slug (landing pages are found by key) */
  slug?: (svc: Svc, id: number) => Promise<ContentSlug>;
  /** delete/{id}; absent for kinds that are fixed addresses and cannot be deleted */
  remove?: { summary: string; run: (svc: Svc, id: number) => Promise<void> };
  /** routes only this kind has (pin) */
  extras?: (r: Router, def: { prefix: string; tags: string[]; op: string; label: string; service: () => Svc }) => void;
}

function versionRow(v: VersionListItem): ContentVersionRow {
  return {
    id: v.id,
    created: v.created.toISOString(),
    publishAt: v.publishAt?.toISOString() ?? null,
    author: v.author,
    status: versionStatus(v),
    current: v.current,
  };
}

export const SAVED_MESSAGE = 'Saved: a new version was added.';
export const ROLLED_BACK_MESSAGE = 'Rolled back: the version was restored as the newest version.';

/** Registers one versioned kind's admin routes (with the kind's permission, inside the admin scope). */
export function versionedResourceRoutes<Svc extends VersionedAdminService<unknown>, Save extends z.ZodType, Filter extends z.ZodType>(
  app: FastifyInstance,
  def: VersionedResource<Svc, Save, Filter>,
) {
  const r = zodRouter(app);
  const tags = [def.tag];
  const { prefix, op, label } = def;
  const service = () => def.service(app);
  const item = envelope(def.item);
  const config = { permission: def.permission };

  r.post(
    `${prefix}/add`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: def.add.operationId,
        tags,
        summary: def.add.summary,
        body: def.add.body,
        response: { 200: item, ...adminErrors },
      },
    },
    async (request) => {
      const body = request.body as z.output<Save>;
      const saved = await def.add.run(service(), body, request.user?.id ?? null);
      return ok(saved, def.add.message?.(body) ?? SAVED_MESSAGE) as never;
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
        response: { 200: item, ...adminErrors },
      },
    },
    async (request) => ok(await service().adminGet(request.params.id)) as never,
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
        response: { 200: item, ...adminErrors },
      },
    },
    async (request) => ok(await service().adminGet(request.params.id, request.params.versionId)) as never,
  );
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
    async (request) => ok((await service().adminVersions(request.params.id)).map(versionRow)),
  );
  r.post(
    `${prefix}/rollback/:id/:versionId`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `rollback${op}`,
        tags,
        summary: `Roll a ${label} back: the saved version's content and base fields (title, slug, status...) become a new version; 404 for an unknown item or version`,
        params: ContentVersionParamsSchema,
        response: { 200: item, ...adminErrors },
      },
    },
    async (request) =>
      ok(
        await service().adminRollback(request.params.id, request.params.versionId, request.user?.id ?? null),
        ROLLED_BACK_MESSAGE,
      ) as never,
  );
  if (def.slug) {
    const slugOf = def.slug;
    r.get(
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
        const { id, slug, path } = await slugOf(service(), request.params.id);
        return ok({ id, slug, path });
      },
    );
  }
  if (def.remove) {
    const remove = def.remove;
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
        await remove.run(service(), request.params.id);
        return ok(null, `The ${label} was deleted.`);
      },
    );
  }
  r.post(
    `${prefix}/filter`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: def.filter.operationId,
        tags,
        summary: def.filter.summary,
        ...(def.filter.body ? { body: def.filter.body } : {}),
        response: { 200: envelope(def.filter.reply), ...adminErrors },
      },
    },
    async (request) => ok(await def.filter.run(service(), request.body as z.output<Filter>)) as never,
  );
  def.extras?.(r, { prefix, tags, op, label, service });
}
