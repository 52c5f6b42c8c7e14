import { parseWithZod } from '@conform-to/zod/v4';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { ContentVersionSchema, type ContentVersionRow } from '#shared/validation/versioned-admin.ts';
import type { Version } from '../components/admin/edit-frame.tsx';
import { useFormDirty } from '../components/admin/editor/unsaved-changes.tsx';
import { api, dataOf, type Envelope } from './api-client.ts';

/** A saved version as the admin APIs list them (get-versions/{id}): newest first. */
export type VersionRow = ContentVersionRow;
const VersionListSchema = z.array(ContentVersionSchema);

/**
 * What every versioned editor loads: the item (its newest version, or the version being rolled
 * back to) and its saved versions. `api` is the kind's admin prefix (/api/admin/pages).
 */
export async function loadVersioned<S extends z.ZodType>(
  prefix: string,
  itemSchema: S,
  id: string,
  rollbackId: string | undefined,
  notFound: string,
): Promise<{ item: z.output<S>; versions: VersionRow[] }> {
  const base = `${prefix}/get/${encodeURIComponent(id)}`;
  const [env, versions] = await Promise.all([
    api().getChecked(rollbackId ? `${base}/${encodeURIComponent(rollbackId)}` : base, itemSchema),
    api().getChecked(`${prefix}/get-versions/${encodeURIComponent(id)}`, VersionListSchema),
  ]);
  if (!env.success) throw new Response(env.message ?? notFound, { status: 404 });
  return { item: dataOf(env), versions: versions.success ? (versions.data ?? []) : [] };
}

/** A save body that says which saved version it restores, when the editor was opened on one (the audit log says "rolled back"). */
export function withRollback<T extends object>(body: T, rollbackId: string | null): T & { rollbackOf?: number } {
  const id = rollbackId ? Number(rollbackId) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? { ...body, rollbackOf: id } : body;
}

/** The edit frame's Rollback list: each version with who saved it (seeded content has no author). */
export function rollbackVersions(versions: readonly VersionRow[]): Version[] {
  return versions.map((v) => ({ id: v.id, created: v.created, savedBy: v.author ?? 'the initial content' }));
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
  async function save<T extends { id: number }>(send: () => Promise<Envelope<T>>): Promise<string | null> {
    const env = await send();
    if (!env.success || !env.data) return env.message ?? 'Something is wrong';
    dirty.markSaved();
    await navigate(editPath(env.data.id), { replace: true, state: { saved: env.message ?? 'Saved.' } });
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
