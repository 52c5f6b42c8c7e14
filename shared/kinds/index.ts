import '../zod-browser.ts';
import { z } from 'zod';
import { kindContracts, type KindContracts } from './contracts.ts';
import type { KindDefinition } from './define.ts';
import { knowledge } from './knowledge.ts';
import { landing } from './landing.ts';
import { page } from './page.ts';
import { press } from './press.ts';
import { product } from './product.ts';

export { defineKind, rollbackRoute, versionedEditPath, type KindChange, type KindDefinition } from './define.ts';
export { kindContracts, type KindContracts } from './contracts.ts';

/**
 * The registry of versioned kinds (ADR 037): the only list of them. The admin API, the previews,
 * the content events' tags, the audit subjects and the admin screens' wiring are made from it; a
 * kind is added by defining its three halves (here, domain/kinds and app/kinds) and listing it.
 * The order is the admin API's (and the OpenAPI document's).
 */
export const KINDS = [knowledge, press, page, product, landing] as const;

export type KindName = (typeof KINDS)[number]['name'];

/** The registry's kinds by name. */
export const KIND = { knowledge, press, page, product, landing } as const satisfies { [K in KindName]: KindDefinition<K> };

/**
 * Each registry kind's admin API calls as contracts (ADR 038), typed from its definition: what the
 * admin screens call (`api().call(KIND_API.page.filter, { body })`) and the routes are registered from.
 */
export const KIND_API = Object.fromEntries(KINDS.map((k) => [k.name, kindContracts(k)])) as unknown as {
  [K in KindName]: KindContracts<(typeof KIND)[K]>;
};

/** The kind of that name among the given kinds (the registry unless a test adds its own). */
export function kindNamed(name: string, kinds: readonly KindDefinition[] = KINDS): KindDefinition | undefined {
  return kinds.find((k) => k.name === name);
}

const PreviewItemId = z
  .number()
  .int()
  .positive('Unknown item.')
  .nullish()
  .describe('the edited item (its content may also carry it); omit for one not created yet');

/**
 * POST /api/admin/preview: a kind and exactly that kind's save body (what its /add route accepts),
 * validated by the same schemas (ADR 024), for every kind that has previews.
 */
export function previewRequestSchema(kinds: readonly KindDefinition[]) {
  const previewed = kinds.filter((k) => k.features.preview);
  const names = previewed.map((k) => k.name);
  const options = previewed.map((k) => z.object({ kind: z.literal(k.name), id: PreviewItemId, content: k.schemas.save }));
  const words = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
  return z
    .discriminatedUnion('kind', options as unknown as [(typeof options)[number], ...(typeof options)[number][]])
    .describe(`Unsaved content to preview: kind ${words}, with that kind's save body`);
}

export const PreviewRequestSchema = previewRequestSchema(KINDS);
/** A preview request as the route hands it on: the kind's name, the item and its (validated) save body. */
export interface PreviewRequest {
  kind: string;
  id?: number | null;
  content: { id?: number | null } & Record<string, unknown>;
}
