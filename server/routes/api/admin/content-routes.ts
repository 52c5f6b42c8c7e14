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
  PinSchema,
} from './content-schemas.ts';

const config = { permission: 'content' as const };

function versionItem(v: VersionListItem) {
  return { id: v.id, created: v.created.toISOString(), publishAt: v.publishAt?.toISOString() ?? null, author: v.author, current: v.current };
}

/**
 * The spec's admin calls for one versioned kind: add (create, or with an id append a version),
 * get/{id} (the newest version) and get/{id}/{versionId} (one version, for a rollback), delete,
 * get-slug, get-versions and filter; permission 'content'.
 */
function contentAdminRoutes(app: FastifyInstance, prefix: string, tag: string, op: string, label: string, service: () => ContentService, opts: { pin?: boolean } = {}) {
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
      const saved = await service().adminSave({ ...b, category: b.category ?? null, publishDate: b.publishDate ?? new Date() }, request.user?.id ?? null);
      return ok(saved, b.id ? 'Saved: a new version was added.' : `The ${label} was created.`);
    },
  );
  r.get(
    `${prefix}/get/:id`,
    {
      config,
      schema: { ...adminOperation, operationId: `get${op}`, tags, summary: `A ${label} with its newest version (scheduled or not)`, params: ContentIdParamsSchema, response: { 200: envelope(ContentAdminItemSchema), ...adminErrors } },
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
      schema: { ...adminOperation, operationId: `delete${op}`, tags, summary: `Delete a ${label} (it leaves the site; its versions are kept)`, params: ContentIdParamsSchema, response: { 200: envelope(z.null()), ...adminErrors } },
    },
    async (request) => {
      await service().adminDelete(request.params.id);
      return ok(null, `The ${label} was deleted.`);
    },
  );
  r.get(
    `${prefix}/get-slug/:id`,
    {
      config,
      schema: { ...adminOperation, operationId: `get${op}Slug`, tags, summary: `The slug and public path of a ${label}`, params: ContentIdParamsSchema, response: { 200: envelope(ContentSlugSchema), ...adminErrors } },
    },
    async (request) => ok(await service().adminSlug(request.params.id)),
  );
  r.get(
    `${prefix}/get-versions/:id`,
    {
      config,
      schema: {
        ...adminOperation,
        operationId: `get${op}Versions`,
        tags,
        summary: `Saved versions of a ${label}, newest first: id, created (UTC), publishAt, author`,
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
    async (request) => ok(await service().adminFilter(request.body)),
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
  contentAdminRoutes(app, '/api/admin/knowledge-center', 'admin knowledge center', 'KnowledgeItem', 'knowledge item', () => app.services.knowledge, { pin: true });
  contentAdminRoutes(app, '/api/admin/press-releases', 'admin press releases', 'PressRelease', 'press release', () => app.services.pressReleases);
}
