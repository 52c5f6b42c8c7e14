import { useState } from 'react';
import type { Envelope } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/use-api-action.ts';

/** The confirm-then-act flow behind a list's Delete and Archive, and the notice it leaves. */

interface ConfirmActionOptions<T> {
  /** The API call; its envelope's message is shown in the dialog when it refuses. */
  action: (target: T) => Promise<Envelope<unknown>>;
  /** The notice shown once done. */
  done: (target: T) => string;
  /** Then (reload the list, drop the row). */
  after?: (target: T) => Promise<unknown> | void;
}

/**
 * The flow behind Delete and Archive: `ask(row)` opens the confirm dialog, `confirm()` runs the call
 * (busy meanwhile), a refusal or failure stays in the dialog, success closes it and shows a notice;
 * a refused session goes to login or access denied.
 */
export function useConfirmAction<T>({ action, done, after }: ConfirmActionOptions<T>) {
  const call = useApiAction();
  const [target, setTarget] = useState<T | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function confirm() {
    if (target === null) return;
    if (!(await call.run(() => action(target)))) return;
    setNotice(done(target));
    setTarget(null);
    try {
      await after?.(target);
    } catch (e) {
      await call.fail(e);
    }
  }

  return {
    target,
    busy: call.busy,
    error: call.error,
    notice,
    setNotice,
    setError: call.setError,
    /** Shows a failure the way this flow does (login redirect, or the message). */
    fail: call.fail,
    ask(row: T) {
      call.setError(null);
      setTarget(row);
    },
    cancel: () => setTarget(null),
    confirm: () => void confirm(),
    /** The ConfirmDialog's state and handlers: spread them, then give its title, label and question. */
    dialog: {
      open: target !== null,
      busy: call.busy,
      error: call.error,
      onConfirm: () => void confirm(),
      onCancel: () => setTarget(null),
    },
  };
}

/** The success message of a list action, in a live region that stays in place (empty until there is news). */
export function ListNotice({ notice }: { notice: string | null }) {
  return (
    <div role="status" className={notice ? 'form-alert form-alert--success' : undefined}>
      {notice}
    </div>
  );
}
