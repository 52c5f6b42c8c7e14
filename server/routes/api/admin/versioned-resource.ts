import type { FastifyInstance } from 'fastify';
import type { DomainKind, VersionedAdminService } from '#domain/kinds/index.ts';
import type { VersionListItem } from '#domain/versioning/versioning-repository.ts';
import { kindContracts } from '#shared/kinds/contracts.ts';
import type { ContentVersionRow } from '#shared/validation/versioned-admin.ts';
import { versionStatus } from '#shared/versions.ts';
import { DomainError, isDomainError } from '#domain/errors.ts';
import { BASE_VERSION_REQUIRED, missingBaseVersion, saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { savedWithChanges, withConflictFields } from '../../../conflicts.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';
import { bulkRoutes, type BulkHandlers } from '../../../bulk.ts';
import { REGION_OPTIONS } from '#shared/regions.ts';

/** What the admin service of every versioned kind offers (ADR 034): the factory's routes call these. */
export type { VersionedAdminService } from '#domain/kinds/index.ts';

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

/** A call the kind's contracts have and its domain half cannot answer: the kind is declared wrong, so the app does not start. */
function missing(half: DomainKind, call: string): never {
  throw new Error(`The ${half.def.name} kind's definition has the ${call} call, but its domain half (domain/kinds) gives no ${call}.`);
}

/**
 * Registers one versioned kind's admin routes (ADR 034) from its contracts (`kindContracts`, made
 * from the kind's shared definition; ADR 038), inside the admin scope: add, get/{id},
 * get/{id}/{versionId}, get-versions/{id}, rollback/{id}/{versionId}, get-slug/{id}, delete/{id},
 * filter and pin, as the definition has them. Nothing here names a kind: the paths, names, schemas
 * and OpenAPI words come from the contracts, the calls from the kind's domain half and its service.
 */
export function versionedResourceRoutes(app: FastifyInstance, half: DomainKind, service: VersionedAdminService) {
  const { def } = half;
  const api = kindContracts(def);
  // the domain half's calls take the service and payloads it declared (defineDomainKind)
  const calls = half.admin as unknown as {
    save(svc: VersionedAdminService, body: unknown, authorId: number | null): Promise<unknown>;
    saved?: (body: unknown) => string | undefined;
    filter(svc: VersionedAdminService, body: unknown): Promise<unknown>;
    slug?(svc: VersionedAdminService, id: number): Promise<{ id: number; slug: string; path: string }>;
    remove?(svc: VersionedAdminService, id: number): Promise<void>;
    pin?(svc: VersionedAdminService, baseId: number, type: number, pinned: boolean): Promise<void>;
  };

  route(app, api.add, async (request) => {
    const body = request.body as { id?: number | null; baseVersion?: number | null };
    if (missingBaseVersion(body)) throw new DomainError(BASE_VERSION_REQUIRED, 400, { baseVersion: [BASE_VERSION_REQUIRED] });
    const saved = await savedWithChanges(
      app.services.audit,
      { kind: def.name, id: body.id },
      () => calls.save(service, request.body, request.user?.id ?? null),
      () => service.adminGet(body.id!),
      body,
    );
    return ok(saved, calls.saved?.(request.body) ?? SAVED_MESSAGE);
  });
  route(app, api.get, async (request) => ok(await service.adminGet(request.params.id)));
  route(app, api.getVersion, async (request) => ok(await service.adminGet(request.params.id, request.params.versionId)));
  route(app, api.versions, async (request) => ok((await service.adminVersions(request.params.id)).map(versionRow)));
  route(app, api.rollback, async (request) => {
    const { id, versionId } = request.params;
    const rolledBack = await withConflictFields(
      () => service.adminRollback(id, versionId, request.user?.id ?? null, saveGuardOf(request.body)),
      () => service.adminGet(id),
      // what the rollback would save: the restored version's content
      () => service.adminGet(id, versionId),
    );
    return ok(rolledBack, ROLLED_BACK_MESSAGE);
  });
  if (api.slug) {
    const slugOf = calls.slug ?? missing(half, 'get-slug');
    route(app, api.slug, async (request) => {
      const { id, slug, path } = await slugOf(service, request.params.id);
      return ok({ id, slug, path });
    });
  }
  if (api.remove) {
    const remove = calls.remove ?? missing(half, 'delete');
    route(app, api.remove, async (request) => {
      await remove(service, request.params.id);
      return ok(null, `The ${def.label} was deleted.`);
    });
  }
  route(app, api.filter, async (request) => ok(await calls.filter(service, request.body)));
  if (api.bulk && api.bulkExport) bulkRoutes(app, { bulk: api.bulk, bulkExport: api.bulkExport }, kindBulk(half, service, calls));
  if (api.pin) {
    const pin = calls.pin ?? missing(half, 'pin');
    route(app, api.pin, async (request) => {
      await pin(service, request.body.baseId, request.body.type, request.body.pinned);
      return ok(null, request.body.pinned ? 'Pinned.' : 'Unpinned.');
    });
  }
}

type Item = Record<string, unknown> & { id: number; versionId: number; path?: string; created?: string };

const regionName = (id: unknown) => REGION_OPTIONS.find((r) => r.id === id)?.name ?? String(id);
const regionNames = (ids: unknown) => (Array.isArray(ids) ? ids : [ids]).map(regionName).join(', ');

/**
 * A versioned kind's bulk actions (ADR 050). Publish, unpublish and a region change append a version
 * the way the editor's save does: the newest version's content as the editor loads it (get/{id}), the
 * field changed, through the kind's own save with that version as its base (so a save landing
 * between is a conflict, refused for that row) and going live at once; delete is delete/{id}.
 */
function kindBulk(
  half: DomainKind,
  service: VersionedAdminService,
  calls: {
    save(svc: VersionedAdminService, body: unknown, authorId: number | null): Promise<unknown>;
    filter(svc: VersionedAdminService, body: unknown): Promise<unknown>;
    remove?(svc: VersionedAdminService, id: number): Promise<void>;
  },
): BulkHandlers<Record<string, unknown>, Item> {
  const { def } = half;
  const bulk = def.bulk ?? {};
  const status = bulk.status;
  const region = bulk.region;
  const titleOf = (item: Record<string, unknown>) => String(item.title ?? item.name ?? item.key ?? `#${String(item.id)}`);
  const statusWord = (on: boolean) =>
    status === 'visibility' ? (on ? 'visible' : 'hidden') : on ? 'published' : status ? 'unpublished' : '';

  /** The editor's save of the newest version with `change` applied, going live now. */
  async function saveWith(item: Item, change: Record<string, unknown>, authorId: number | null) {
    const body = def.schemas.save.parse({
      ...item,
      ...change,
      id: item.id,
      publishAt: null,
      baseVersion: item.versionId,
      overwrite: false,
    });
    await calls.save(service, body, authorId);
  }

  function setStatus(on: boolean) {
    const field = status!;
    return async (row: { full: Item }, { user }: { user: { id: number | null } }) => {
      if (row.full[field] === (on ? 1 : 0)) return `Already ${statusWord(on)}.`;
      await saveWith(row.full, { [field]: on ? 1 : 0 }, user.id);
    };
  }

  return {
    async find(id) {
      try {
        const full = (await service.adminGet(id)) as Item;
        return { id, title: titleOf(full), full };
      } catch (err) {
        if (isDomainError(err) && err.status === 404) return null;
        throw err;
      }
    },
    async page(filter, start, length) {
      const list = (await calls.filter(service, { ...filter, start, length })) as
        { items: Record<string, unknown>[]; total: number } | Record<string, unknown>[];
      const items = Array.isArray(list) ? list.slice(start, start + length) : list.items;
      const total = Array.isArray(list) ? list.length : list.total;
      return { rows: items.map((r) => ({ id: r.id as number, title: titleOf(r) })), total };
    },
    actions: {
      ...(status ? { publish: setStatus(true), unpublish: setStatus(false) } : {}),
      ...(region
        ? {
            region: async (row: { full: Item }, { user, region: to }: { user: { id: number | null }; region?: number }) => {
              const value = region.field === 'regionIds' ? [to] : to;
              if (JSON.stringify(row.full[region.field]) === JSON.stringify(value)) return `Already in ${regionName(to)}.`;
              await saveWith(row.full, { [region.field]: value }, user.id);
            },
          }
        : {}),
      ...(calls.remove ? { delete: (row: { id: number }) => calls.remove!(service, row.id) } : {}),
    },
    csv: {
      file: `${def.name}-selection.csv`,
      columns: ['Id', 'Title', 'Address', ...(status ? ['Status'] : []), ...(region ? ['Region'] : []), 'Last saved (UTC)'],
      cells: (row) => [
        row.id,
        row.title,
        row.full.path ?? null,
        ...(status ? [statusWord(row.full[status] === 1) || String(row.full[status])] : []),
        ...(region ? [regionNames(row.full[region.field])] : []),
        row.full.created ?? null,
      ],
    },
  };
}

/** Every versioned kind's admin routes (inside the admin scope), in the app's kinds' order: the registry's, or a test's list. */
export function versionedResourcesRoutes(app: FastifyInstance) {
  for (const { half, service } of app.services.kinds) versionedResourceRoutes(app, half, service);
}
