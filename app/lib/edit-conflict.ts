import { useCallback, useRef, useState } from 'react';
import { EditConflictSchema, type EditConflict } from '#shared/validation/edit-conflict.ts';
import { AuthRedirect, failureMessage, SOMETHING_WRONG, type Envelope } from './api-client.ts';

interface Open {
  conflict: EditConflict;
  /** the same save again over the newest version (baseVersion: the conflict's currentVersion, overwrite: true) */
  saveMine: () => Promise<string | null>;
}

/**
 * The state of an editor's conflict dialog (ADR 048): `take(env, retry)` opens it when a refused save's
 * reply carries a conflict (409: someone else saved first), keeping the retry that saves over it.
 * "Save mine anyway" runs that retry; a further conflict replaces the dialog's content, a success
 * closes it (the save navigates on), another refusal is shown in the dialog.
 */
export function useEditConflict(onAuthRedirect?: (to: string) => void) {
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<Open | null>(null);

  /** Opens the dialog when the refusal is a conflict; false when it is another refusal (for the form to show). */
  const take = useCallback((env: Envelope<unknown>, retry: (conflict: EditConflict) => Promise<string | null>): boolean => {
    const parsed = EditConflictSchema.safeParse(env.data);
    if (env.success || !parsed.success) return false;
    const next: Open = { conflict: parsed.data, saveMine: () => retry(parsed.data) };
    current.current = next;
    setOpen(next);
    setError(null);
    return true;
  }, []);

  const saveMine = useCallback(async () => {
    const was = current.current;
    if (!was) return;
    setBusy(true);
    setError(null);
    try {
      const message = await was.saveMine();
      if (message) setError(message);
      // saved: the save went on to the item's page; a new conflict has replaced this one
      else if (current.current === was) {
        current.current = null;
        setOpen(null);
      }
    } catch (err) {
      if (err instanceof AuthRedirect && onAuthRedirect) onAuthRedirect(err.to);
      else setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  }, [onAuthRedirect]);

  const close = useCallback(() => {
    current.current = null;
    setOpen(null);
    setError(null);
  }, []);

  return { conflict: open?.conflict ?? null, busy, error, take, saveMine, close };
}

/** What a guarded save sends beside the form: the version it started from, and whether it saves over a newer one on purpose. */
export interface Guard {
  baseVersion: number;
  overwrite?: boolean;
}

/**
 * An edit form's save with the conflict dialog (ADR 048), for the records that are not versioned
 * items (redirects, reps, retailers, documents, users, settings): `guarded(send, baseVersion, then)`
 * sends the save with the version the form was loaded at; a refusal because someone else saved first
 * opens the dialog (`dialog`'s props), whose "Save mine anyway" sends it again over the newest version.
 * Answers what `useZodForm`'s onValid answers: null when done (or the dialog took over), else the message.
 */
export function useGuardedSave(onAuthRedirect?: (to: string) => void) {
  const conflicts = useEditConflict(onAuthRedirect);
  const { take } = conflicts;
  const guarded = useCallback(
    <T>(send: (guard: Guard) => Promise<Envelope<T>>, baseVersion: number, then: (data: T) => unknown): Promise<string | null> => {
      const attempt = async (guard: Guard): Promise<string | null> => {
        const env = await send(guard);
        if (env.success) {
          await then(env.data as T);
          return null;
        }
        if (take(env, (c) => attempt({ baseVersion: c.currentVersion, overwrite: true }))) return null;
        return env.message ?? SOMETHING_WRONG;
      };
      return attempt({ baseVersion });
    },
    [take],
  );
  return { ...conflicts, guarded };
}
