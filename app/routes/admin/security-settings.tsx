import { useState } from 'react';
import { useNavigate } from 'react-router';
import { securityApi } from '#shared/contracts/security.ts';
import { api, AuthRedirect, dataOf, failureMessage, loadOrRedirect } from '../../lib/api-client.ts';
import { GuardedSaveDialog } from '../../components/admin/edit-conflict.tsx';
import { useGuardedSave } from '../../lib/edit-conflict.ts';
import type { Route } from './+types/security-settings';

export const meta: Route.MetaFunction = () => [
  { title: 'Security | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader() {
  return loadOrRedirect(async () => dataOf(await api().call(securityApi.get)));
}

export function HydrateFallback() {
  return <p role="status">Loading security settings...</p>;
}

/** The security settings' field as a refused save names it (ADR 048). */
const FIELD_LABELS = { requireSecondFactor: 'Require two-step sign-in for every account' };

export default function SecuritySettings({ loaderData }: Route.ComponentProps) {
  // a fresh form for every loaded version (Load theirs after a refused save loads the newest)
  return <SecuritySettingsForm key={loaderData.version} loaderData={loaderData} />;
}

/** The Administrator setting that makes a second factor compulsory for every account. */
function SecuritySettingsForm({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const navigate = useNavigate();
  const guardedSave = useGuardedSave((to) => void navigate(to));
  const [version, setVersion] = useState(loaderData.version);
  const [required, setRequired] = useState(loaderData.requireSecondFactor);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const refused = await guardedSave.guarded(
        (guard) => api().call(securityApi.save, { body: { requireSecondFactor: required, ...guard } }),
        version,
        (saved) => {
          setRequired(saved.requireSecondFactor);
          setVersion(saved.version);
          setMessage({ kind: 'success', text: 'Security settings saved.' });
        },
      );
      if (refused) setMessage({ kind: 'error', text: refused });
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setMessage({ kind: 'error', text: failureMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="security-title" className="panel">
      <h1 id="security-title" className="admin-title">
        Security
      </h1>
      <form onSubmit={(e) => void save(e)} className="stack admin-form">
        <label className="choice">
          <input type="checkbox" name="requireSecondFactor" checked={required} onChange={(e) => setRequired(e.currentTarget.checked)} />
          <span>
            <span className="choice__label">Require two-step sign-in for every account</span>
            <span className="choice__description">Users without an authenticator are asked to set one up the next time they sign in.</span>
          </span>
        </label>
        <div role="status">{message?.kind === 'success' ? <p className="form-alert form-alert--success">{message.text}</p> : null}</div>
        {message?.kind === 'error' ? (
          <p className="form-alert form-alert--error" role="alert">
            {message.text}
          </p>
        ) : null}
        <div>
          <button className="button button--primary" type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
      <GuardedSaveDialog save={guardedSave} labels={FIELD_LABELS} />
    </section>
  );
}
