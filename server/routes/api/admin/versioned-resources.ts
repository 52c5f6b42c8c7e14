import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DomainKind, VersionedAdminService } from '#domain/kinds/index.ts';
import { PinSchema } from '#shared/validation/versioned-admin.ts';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { adminErrors } from './admin-schemas.ts';
import { SAVED_MESSAGE, versionedResourceRoutes, type VersionedResource } from './versioned-resource.ts';

/**
 * The versioned kinds' admin APIs (ADR 034), one route set per kind of the app: the registry's
 * (shared/kinds, domain/kinds; ADR 037), or a test's list with a kind of its own. Nothing here names
 * a kind: the prefix, names, schemas and OpenAPI words come from the kind's shared half, the calls
 * from its domain half.
 */
export function kindResource(
  half: DomainKind,
  service: VersionedAdminService,
): VersionedResource<VersionedAdminService, z.ZodType, z.ZodType> {
  const { def, admin } = half;
  const { openApi } = def;
  // the domain half's calls take the service and payloads it declared (defineDomainKind)
  const calls = admin as unknown as {
    save(svc: VersionedAdminService, body: unknown, authorId: number | null): Promise<unknown>;
    saved?: (body: unknown) => string | undefined;
    filter(svc: VersionedAdminService, body: unknown): Promise<unknown>;
    slug?(svc: VersionedAdminService, id: number): Promise<{ id: number; slug: string; path: string }>;
    remove?(svc: VersionedAdminService, id: number): Promise<void>;
    pin?(svc: VersionedAdminService, baseId: number, type: number, pinned: boolean): Promise<void>;
  };
  const { pin, slug, remove } = calls;
  return {
    prefix: def.api,
    tag: openApi.tag,
    op: def.op,
    label: def.label,
    permission: def.permission,
    service: () => service,
    item: def.schemas.item,
    add: {
      body: def.schemas.save,
      ...openApi.add,
      run: (svc, body, authorId) => calls.save(svc, body, authorId),
      message: (body) => calls.saved?.(body) ?? SAVED_MESSAGE,
    },
    filter: {
      ...(def.schemas.filter ? { body: def.schemas.filter } : {}),
      reply: def.schemas.list,
      ...openApi.filter,
      run: (svc, body) => calls.filter(svc, body),
    },
    slug: slug ? (svc, id) => slug(svc, id) : undefined,
    remove: remove && openApi.remove ? { summary: openApi.remove, run: (svc, id) => remove(svc, id) } : undefined,
    extras:
      def.features.pin && pin
        ? (r, d) => {
            r.post(
              `${d.prefix}/pin`,
              {
                config: { permission: def.permission },
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
                await pin(d.service(), request.body.baseId, request.body.type, request.body.pinned);
                return ok(null, request.body.pinned ? 'Pinned.' : 'Unpinned.');
              },
            );
          }
        : undefined,
  };
}

/** Every versioned kind's admin routes (inside the admin scope), in the app's kinds' order. */
export function versionedResourcesRoutes(app: FastifyInstance) {
  for (const { half, service } of app.services.kinds) versionedResourceRoutes(app, kindResource(half, service));
}
