import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { dashboardApi } from '#shared/contracts/dashboard.ts';
import { api, AuthRedirect, SOMETHING_WRONG } from '../../lib/api-client.ts';
import { Modal } from './confirm-dialog.tsx';

/** Spec section 9: the session prompt appears 14,399,998 ms (about 4 hours) after the admin layout loads. */
export const SESSION_PROMPT_MS = 14_399_998;

declare global {
  interface Window {
    /** Browser tests shorten the prompt delay by setting this before the page loads. */
    __adminSessionPromptMs?: number;
  }
}

export function sessionPromptDelay(): number {
  const override = typeof window === 'undefined' ? undefined : window.__adminSessionPromptMs;
  return typeof override === 'number' && override > 0 ? override : SESSION_PROMPT_MS;
}

/** The Session Timeout modal: Yes keeps the session alive (and restarts the clock), No signs out. */
export function SessionTimeout({ delayMs }: { delayMs: number }) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (!dialog.current?.open) dialog.current?.showModal();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, round]);

  const stay = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const env = await api().call(dashboardApi.keepalive);
      if (!env.success) throw new Error(env.message ?? SOMETHING_WRONG);
      dialog.current?.close();
      setRound((r) => r + 1);
    } catch (e) {
      if (e instanceof AuthRedirect) {
        dialog.current?.close();
        await navigate(e.to);
      } else setError(e instanceof Error ? e.message : SOMETHING_WRONG);
    } finally {
      setBusy(false);
    }
  }, [navigate]);

  const leave = useCallback(() => {
    dialog.current?.close();
    void navigate('/account/logout');
  }, [navigate]);

  return (
    <Modal
      dialogRef={dialog}
      titleId="session-timeout-title"
      title="Session Timeout"
      describedBy="session-timeout-text"
      // Escape means "not now"; the clock keeps running, so treat it like Yes rather than a silent close.
      onEscape={() => void stay()}
      error={error}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={leave} disabled={busy}>
            No
          </button>
          <button type="button" className="button button--primary" onClick={() => void stay()} disabled={busy} autoFocus>
            Yes
          </button>
        </>
      }
    >
      <p id="session-timeout-text">Your session is about to time out. Would you like to stay logged into your account?</p>
    </Modal>
  );
}
