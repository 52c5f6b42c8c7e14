import '../zod-browser.ts';
import { z } from 'zod';
import { defineContract, type ContractSpec } from '../contracts/contract.ts';
import {
  ContentIdParamsSchema,
  ContentSlugSchema,
  ContentVersionParamsSchema,
  ContentVersionSchema,
  PinSchema,
} from '../validation/versioned-admin.ts';
import type { KindDefinition } from './define.ts';
import { saveGuardFields } from '../validation/edit-conflict.ts';
import { bulkContracts, type BulkAction, type BulkContracts } from '../contracts/bulk.ts';

/** The bulk actions a kind's list offers (ADR 050): publish and unpublish, region, delete, as its definition has them. */
export function kindBulkActions(kind: KindDefinition): BulkAction[] {
  const { bulk } = kind;
  if (!bulk) return [];
  return [
    ...(bulk.status ? (['publish', 'unpublish'] as const) : []),
    ...(bulk.region ? (['region'] as const) : []),
    ...(kind.openApi.remove ? (['delete'] as const) : []),
  ];
}

/** rollback/{id}/{versionId}'s body: the version the rollback started from (ADR 048). */
export const RollbackBodySchema = z.object(saveGuardFields).describe('The version the rollback started from');

type IdParams = typeof ContentIdParamsSchema;
type VersionParams = typeof ContentVersionParamsSchema;
type Call<M extends 'GET' | 'POST', R extends z.ZodType, Extra = unknown> = ContractSpec & { method: M; path: string; reply: R } & Extra;

/** The call a kind has when its definition says so, and may have when the type does not tell (a kind of any definition). */
type When<Has, Name extends string, C> = [Has] extends [true] ? { [K in Name]: C } : [Has] extends [false] ? unknown : { [K in Name]?: C };

/**
 * A kind's admin API calls, as contracts (ADR 038), typed from its definition: the save body and the
 * item, list and filter schemas of that kind.
 */
export type KindContracts<K extends KindDefinition = KindDefinition> = {
  /** add: create, or with an id append a version (a rollback from the form too) */
  add: Call<'POST', K['schemas']['item'], { body: K['schemas']['save'] }>;
  /** get/{id}: the newest version (scheduled or not) */
  get: Call<'GET', K['schemas']['item'], { params: IdParams }>;
  /** get/{id}/{versionId}: one saved version */
  getVersion: Call<'GET', K['schemas']['item'], { params: VersionParams }>;
  /** get-versions/{id}: the saved versions, newest first */
  versions: Call<'GET', z.ZodArray<typeof ContentVersionSchema>, { params: IdParams }>;
  /** rollback/{id}/{versionId}: the saved version's content and base fields appended as the newest version */
  rollback: Call<'POST', K['schemas']['item'], { params: VersionParams; body: typeof RollbackBodySchema }>;
  /** filter: the admin list (with the kind's filter body, when it has one) */
  filter: Call<'POST', K['schemas']['list'], K['schemas'] extends { filter: infer F extends z.ZodType } ? { body: F } : unknown>;
} & When<HasSlug<K>, 'slug', Call<'GET', typeof ContentSlugSchema, { params: IdParams }>> &
  When<HasRemove<K>, 'remove', Call<'GET', z.ZodNull, { params: IdParams }>> &
  When<K['features']['pin'], 'pin', Call<'POST', z.ZodNull, { body: typeof PinSchema }>> & {
    /** bulk and bulk/export (ADR 050): the kinds whose definition has `bulk` and a filter */
    bulk?: BulkContracts['bulk'];
    bulkExport?: BulkContracts['bulkExport'];
  };

/** get-slug/{id}: every kind's but those whose definition says `features.slug: false` */
type HasSlug<K extends KindDefinition> = K['features'] extends { slug: false }
  ? false
  : K['features'] extends { slug?: true | undefined }
    ? true
    : boolean;
/** delete/{id}: the kinds whose definition describes it (`openApi.remove`) */
type HasRemove<K extends KindDefinition> = K['openApi'] extends { remove: string }
  ? true
  : K['openApi'] extends { remove?: undefined }
    ? false
    : boolean;

/**
 * The admin API of a versioned kind (ADR 037, ADR 038) as one contract per call, made from the kind's
 * definition: its API prefix, its permission, its schemas (save, item, list, filter) and its OpenAPI
 * words. The server's route factory registers its routes from these, and the admin screens call them
 * with `api().call(contract, input)`: add, get/{id}, get/{id}/{versionId}, get-versions/{id},
 * rollback/{id}/{versionId}, get-slug/{id} (unless `features.slug` is false), delete/{id} (when
 * `openApi.remove` describes it), filter, and pin (with `features.pin`). The order is the routes'
 * (and the OpenAPI document's).
 */
export function kindContracts<const K extends KindDefinition>(kind: K): KindContracts<K> {
  const { api, op, label, schemas, openApi, features } = kind;
  const common = { tags: [openApi.tag], security: 'bearer', permission: kind.permission } as const;
  const contracts: Record<string, ContractSpec> = {
    add: defineContract({ ...common, method: 'POST', path: `${api}/add`, ...openApi.add, body: schemas.save, reply: schemas.item }),
    get: defineContract({
      ...common,
      method: 'GET',
      path: `${api}/get/:id`,
      operationId: `get${op}`,
      summary: `A ${label} with its newest version (scheduled or not)`,
      params: ContentIdParamsSchema,
      reply: schemas.item,
    }),
    getVersion: defineContract({
      ...common,
      method: 'GET',
      path: `${api}/get/:id/:versionId`,
      operationId: `get${op}Version`,
      summary: `One saved version of a ${label} (what the editor loads for a rollback)`,
      params: ContentVersionParamsSchema,
      reply: schemas.item,
    }),
    versions: defineContract({
      ...common,
      method: 'GET',
      path: `${api}/get-versions/:id`,
      operationId: `get${op}Versions`,
      summary: `Saved versions of a ${label}, newest first: id, created (UTC), publishAt, author, status, current`,
      params: ContentIdParamsSchema,
      reply: z.array(ContentVersionSchema),
    }),
    rollback: defineContract({
      ...common,
      method: 'POST',
      path: `${api}/rollback/:id/:versionId`,
      operationId: `rollback${op}`,
      summary: `Roll a ${label} back: the saved version's content and base fields (title, slug, status...) become a new version; 404 for an unknown item or version`,
      description:
        'The body says which version the rollback started from (baseVersion: the newest versionId the editor showed); when another save landed since, 409 with who saved, when and the fields that differ (ADR 048).',
      params: ContentVersionParamsSchema,
      body: RollbackBodySchema,
      reply: schemas.item,
    }),
  };
  if (features.slug !== false) {
    contracts.slug = defineContract({
      ...common,
      method: 'GET',
      path: `${api}/get-slug/:id`,
      operationId: `get${op}Slug`,
      summary: `The slug and public path of a ${label}`,
      params: ContentIdParamsSchema,
      reply: ContentSlugSchema,
    });
  }
  if (openApi.remove) {
    contracts.remove = defineContract({
      ...common,
      method: 'GET',
      path: `${api}/delete/:id`,
      operationId: `delete${op}`,
      summary: openApi.remove,
      params: ContentIdParamsSchema,
      reply: z.null(),
    });
  }
  contracts.filter = defineContract({
    ...common,
    method: 'POST',
    path: `${api}/filter`,
    ...openApi.filter,
    ...(schemas.filter ? { body: schemas.filter } : {}),
    reply: schemas.list,
  });
  if (features.pin) {
    contracts.pin = defineContract({
      ...common,
      method: 'POST',
      path: `${api}/pin`,
      operationId: `pin${op}`,
      summary: `Pin or unpin a ${label} (pinned items lead the public lists); type must be the item's`,
      body: PinSchema,
      reply: z.null(),
    });
  }
  const actions = kindBulkActions(kind);
  if (kind.bulk && schemas.filter && actions.length > 0) {
    const made = bulkContracts({
      api,
      tags: [openApi.tag],
      permission: kind.permission,
      op: `${op}s`,
      plural: `${label}s`,
      actions: actions as [BulkAction, ...BulkAction[]],
      filter: schemas.filter,
      regions: kind.bulk.region?.regions,
    });
    contracts.bulk = made.bulk;
    contracts.bulkExport = made.bulkExport;
  }
  return contracts as KindContracts<K>;
}
