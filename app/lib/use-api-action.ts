import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthRedirect, type Envelope, failureMessage, SOMETHING_WRONG } from './api-client.ts';

/**
 * A screen's call to the API outside a form: `busy` while it runs; a refusal's message, or a failure's,
 * in `error`; a refused session goes to login or access denied. `run` hands back the successful reply,
 * or null when there is none (the message is then in `error`).
 */
export function useApiAction() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Shows a failure the way `run` does (login redirect, or the message). */
  async function fail(e: unknown, show: (message: string) => void = setError) {
    if (e instanceof AuthRedirect) await navigate(e.to);
    else show(failureMessage(e));
  }

  async function run<T>(work: () => Promise<Envelope<T>>): Promise<Envelope<T> | null> {
    setBusy(true);
    setError(null);
    try {
      const env = await work();
      if (env.success) return env;
      setError(env.message ?? SOMETHING_WRONG);
    } catch (e) {
      await fail(e);
    } finally {
      setBusy(false);
    }
    return null;
  }

  return { busy, error, setError, run, fail };
}
