import type { AuditService } from '#domain/audit/audit-service.ts';
import { EditConflictError } from '#domain/errors.ts';
import { differingFields } from '#shared/validation/edit-conflict.ts';

type Fields = Record<string, unknown>;

/**
 * Runs a save; when it is refused because another save landed since it started (ADR 048), the
 * refusal gets the fields in which the newest record (`theirs`, as the admin API shows it) and the
 * refused save (`yours`: its body, or what it would have saved) differ, so the 409 names them.
 */
export async function withConflictFields<T>(
  save: () => Promise<T>,
  theirs: () => Promise<unknown>,
  yours: object | (() => Promise<unknown>),
): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (!(err instanceof EditConflictError) || err.conflict.fields.length > 0) throw err;
    const [newest, mine] = await Promise.all([theirs(), typeof yours === 'function' ? yours() : Promise.resolve(yours)]);
    throw err.withFields(differingFields(newest as Fields, mine as Fields));
  }
}

/**
 * A save of an existing record through `withConflictFields`, whose audit entry names the fields it
 * changed (ADR 052): the record as the admin API shows it (`theirs`) is read before and after the
 * save and compared by `differingFields`, the comparison a refused save's 409 lists, over the fields
 * the save's body has. A create (no id) lists none.
 */
export async function savedWithChanges<T>(
  audit: Pick<AuditService, 'recordSave'>,
  record: { kind: string; id: number | string | null | undefined },
  save: () => Promise<T>,
  theirs: () => Promise<unknown>,
  yours: object,
): Promise<T> {
  const guarded = () => withConflictFields(save, theirs, yours);
  if (record.id === null || record.id === undefined) return guarded();
  // an unknown record: the save answers its own 404
  const before = await theirs().catch(() => null);
  if (!before || typeof before !== 'object') return guarded();
  return audit.recordSave({ kind: record.kind, id: record.id }, guarded, async () => {
    const after = await theirs();
    return changedFields(before as Fields, after as Fields, yours as Fields);
  });
}

/** The fields of a save's body whose values differ between the record before and after it, in the body's order. */
export function changedFields(before: Fields, after: Fields, body: Fields): string[] {
  const changed = new Set(differingFields(before, after).map((f) => f.field));
  return Object.keys(body).filter((field) => changed.has(field));
}
