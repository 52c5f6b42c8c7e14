import { parseWithZod } from '@conform-to/zod/v4';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import type { Version } from '../components/admin/edit-frame.tsx';
import { useFormDirty } from '../components/admin/editor/unsaved-changes.tsx';
import { VersionRowSchema, type VersionRow } from '#shared/versions.ts';
import { api, dataOf, type Envelope } from './api-client.ts';
import type { VersionedKindDef } from './versioned-kinds.ts';

export type { VersionRow };

const VersionRowListSchema = z.array(VersionRowSchema);

/** What a versioned editor loads: the item, its versions, the current item when a version is opened, and that version's id. */
export interface VersionedLoad<Item> {
  item: Item;
  versions: VersionRow[];
  currentItem: Item | null;
  /** the version opened by the address (/edit/{id}/{versionId}), if any */
  versionId: string | null;
}

/**
 * What every versioned editor loads: the item (its newest version, or the version opened by the
 * address) and its saved versions; when a version is opened, also the version the site shows
 * (`currentItem`), so the editor can say which fields differ. The kind's definition names the API
 * and the reply schema.
 */
export async function loadVersioned<S extends z.ZodType>(
  def: VersionedKindDef<S>,
  id: string,
  versionId: string | undefined,
): Promise<VersionedLoad<z.output<S>>> {
  const { calls } = def;
  const [env, versionsEnv] = await Promise.all([
    versionId ? api().call(calls.getVersion, { params: { id, versionId } }) : api().call(calls.get, { params: { id } }),
    api().call(calls.versions, { params: { id } }),
  ]);
  if (!env.success) throw new Response(env.message ?? def.notFound, { status: 404 });
  const versions = versionsEnv.success ? (versionsEnv.data ?? []) : [];
  const current = versions.find((v) => v.current);
  let currentItem: z.output<S> | null = null;
  if (versionId && current && String(current.id) !== versionId) {
    const currentEnv = await api().call(calls.getVersion, { params: { id, versionId: current.id } });
    currentItem = currentEnv.success ? (currentEnv.data ?? null) : null;
  }
  return { item: dataOf(env), versions, currentItem, versionId: versionId ?? null };
}

/** The editor of a kind that can be added: a new item (no id in the address) or a saved one. */
export async function loadVersionedOrNew<S extends z.ZodType>(
  def: VersionedKindDef<S>,
  params: { id?: string; versionId?: string },
): Promise<VersionedLoad<z.output<S> | null>> {
  if (!params.id) return { item: null, versions: [], currentItem: null, versionId: null };
  return loadVersioned(def, params.id, params.versionId);
}

/** The key of an editor's form: a fresh form for every loaded version (saving or opening a version loads new values). */
export function versionedKey(load: VersionedLoad<{ id: number; versionId: number } | null>): string {
  return load.item ? `${load.item.id}-${load.item.versionId}-${load.versionId ?? ''}` : 'new';
}

/** The versions reply checked against its shared schema: a mismatch is one clear error, not a wrong list. */
export function checkedVersions(data: unknown): VersionRow[] {
  const parsed = VersionRowListSchema.safeParse(data);
  if (!parsed.success) throw new Error(`The saved versions could not be read: ${parsed.error.issues[0]?.message ?? 'unexpected reply'}.`);
  return parsed.data;
}

/** A save body that says which saved version it restores, when the editor was opened on one (the audit log says "rolled back"). */
export function withRollback<T extends object>(body: T, versionId: string | null): T & { rollbackOf?: number } {
  const id = versionId ? Number(versionId) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? { ...body, rollbackOf: id } : body;
}

/** The edit frame's Rollback list: each version with who saved it (seeded content has no author), its status and the current mark. */
export function rollbackVersions(versions: readonly VersionRow[]): Version[] {
  return versions.map((v) => ({
    id: v.id,
    created: v.created,
    savedBy: v.author ?? 'the initial content',
    status: v.status,
    current: v.current,
  }));
}

/**
 * The labels of the fields in which two versions of an item differ (the opened version and the
 * current one), in the order of `labels`; only the fields `labels` names are compared.
 */
export function changedFieldLabels(a: object, b: object, labels: Readonly<Record<string, string>>): string[] {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return Object.entries(labels)
    .filter(([key]) => stableJson(left[key]) !== stableJson(right[key]))
    .map(([, label]) => label);
}

/** JSON with object keys sorted (the API may answer keys in any order); undefined and null alike. */
function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

/**
 * The save flow of a versioned editor: unsaved-changes tracking, and after a save the item's own
 * address (a rollback address would load the old version again) with the server's message shown there.
 */
export function useVersionedSave(formId: string, editPath: (id: number) => string) {
  const navigate = useNavigate();
  const location = useLocation();
  const dirty = useFormDirty(formId);
  const saved = (location.state as { saved?: string } | null)?.saved ?? null;
  /**
   * Sends the save; `describe` may turn the saved item and the server's message into the notice
   * shown after it (the product editor adds when a scheduled version goes live).
   */
  async function save<T extends { id: number }>(
    send: () => Promise<Envelope<T>>,
    describe?: (saved: T, message: string | null) => string,
    refused?: (env: Envelope<T>) => string | null | undefined,
  ): Promise<string | null> {
    const env = await send();
    if (!env.success || !env.data) {
      // a refusal the screen shows itself (a save refused because someone else saved first) answers null
      const shown = refused?.(env);
      return shown === undefined ? (env.message ?? 'Something is wrong') : shown;
    }
    dirty.markSaved();
    const notice = describe ? describe(env.data, env.message) : (env.message ?? 'Saved.');
    await navigate(editPath(env.data.id), { replace: true, state: { saved: notice } });
    return null;
  }
  return { ...dirty, notice: dirty.dirty ? null : saved, save };
}

/**
 * The Preview button's content: the form as it is now, parsed by the editor's schema and turned into
 * the save body (what Save Changes would send); null when it does not parse, after asking the form to
 * show its errors.
 */
export function formContent<S extends z.ZodType>(
  formId: string,
  schema: S,
  toBody: (value: z.output<S>) => unknown,
  showErrors: () => void,
): unknown | null {
  const element = document.getElementById(formId);
  if (!(element instanceof HTMLFormElement)) return null;
  const submission = parseWithZod(new FormData(element), { schema });
  if (submission.status !== 'success') {
    showErrors();
    return null;
  }
  return toBody(submission.value as z.output<S>);
}
