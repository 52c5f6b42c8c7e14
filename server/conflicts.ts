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
