import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PrivacyEmailBodySchema, privacyApi } from '#shared/contracts/privacy.ts';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { FormErrors, TextField } from '../../components/forms/fields.tsx';
import { api, AuthRedirect, dataOf, failureMessage, loadOrRedirect, refusalOr } from '../../lib/api-client.ts';
import { downloadText } from '../../lib/download.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import type { Route } from './+types/privacy-requests';

export const meta: Route.MetaFunction = () => [
  { title: 'Privacy Requests | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** A call only Administrators may make, so anyone else is sent to access denied before the form shows. */
export async function clientLoader() {
  return loadOrRedirect(async () => {
    await api().call(privacyApi.getText);
    return null;
  });
}

export function HydrateFallback() {
  return <p role="status">Loading privacy requests...</p>;
}

/** "1 lead" or "3 leads". */
export const leadsWord = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;

/** The export's file name: the address with anything a file system might mind replaced. */
export function exportFileName(email: string, now = new Date()): string {
  return `privacy-export-${email.replace(/[^a-z0-9@._-]/gi, '_')}-${now.toISOString().slice(0, 10)}.json`;
}

interface Found {
  email: string;
  count: number;
}

/**
 * Access and erasure requests (ADR 044), Administrators only: how many leads an email address sent,
 * everything stored with them as a JSON file, and deleting all of it after a confirmation that names the count.
 */
export default function PrivacyRequests() {
  const navigate = useNavigate();
  const [found, setFound] = useState<Found | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [eraseError, setEraseError] = useState<string | null>(null);

  const { form, fields, pending } = useZodForm({
    id: 'privacy-lookup',
    schema: PrivacyEmailBodySchema,
    defaultValue: { email: '' },
    async onValid(value) {
      setNotice(null);
      setActionError(null);
      setFound(null);
      return refusalOr(api().call(privacyApi.count, { body: value }), (data) => setFound(data));
    },
  });

  /** A refused session goes to sign-in; anything else is shown on the screen. */
  function failed(error: unknown, show: (message: string) => void) {
    if (error instanceof AuthRedirect) return void navigate(error.to);
    show(failureMessage(error));
  }

  async function exportData(target: Found) {
    setBusy('export');
    setActionError(null);
    setNotice(null);
    try {
      const data = dataOf(await api().call(privacyApi.export, { body: { email: target.email } }));
      downloadText(exportFileName(data.email), `${JSON.stringify(data, null, 2)}\n`, 'application/json;charset=utf-8');
      setNotice(
        `The export of ${leadsWord(data.leads.length)} sent with ${data.email} was downloaded. Send it to the person who asked for it through a safe channel.`,
      );
    } catch (error) {
      failed(error, setActionError);
    } finally {
      setBusy(null);
    }
  }

  async function erase(target: Found) {
    setBusy('erase');
    setEraseError(null);
    try {
      const env = await api().call(privacyApi.erase, { body: { email: target.email, confirmCount: target.count } });
      if (!env.success) {
        // leads arrived (or went) since the count was shown: nothing was deleted; show the new count
        setEraseError(env.message ?? 'Nothing was deleted.');
        const now = await api().call(privacyApi.count, { body: { email: target.email } });
        const recount = now.success ? now.data : null;
        if (recount) setFound(recount);
        if (recount?.count === 0) {
          setConfirming(false);
          setActionError(env.message ?? 'Nothing was deleted.');
        }
        return;
      }
      const erased = dataOf(env);
      setConfirming(false);
      setFound({ email: erased.email, count: 0 });
      setNotice(
        `Deleted ${leadsWord(erased.count)} sent with ${erased.email}, with their emails, webhook deliveries, notes and history. The audit log records the request.`,
      );
    } catch (error) {
      failed(error, setEraseError);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="privacy-title">
      <ListHeading id="privacy-title" title="Privacy Requests" />
      <p className="form-alert form-alert--info">
        When someone asks what the site holds about them, or asks for it to be deleted, look up the email address they sent their forms
        with. Export gives every lead from that address with its notification emails, webhook deliveries, notes and history, and the privacy
        text each one was sent with. Delete removes all of it for good. Both are recorded in the{' '}
        <Link to="/siteadmin/audit-log">Audit Log</Link>. Automatic deletion of old leads is set on{' '}
        <Link to="/siteadmin/settings">Site Settings</Link>.
      </p>

      <div className="panel">
        <form {...getFormProps(form)} className="stack admin-form" aria-label="Look up an email address">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            meta={fields.email}
            label="Email address"
            type="email"
            autoComplete="off"
            hint="The address exactly as the person gives it; capital letters and spaces around it do not matter."
            onInput={() => {
              // a new address: the result shown belongs to the old one
              if (found) setFound(null);
            }}
          />
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={pending}>
              {pending ? 'Looking up...' : 'Look Up'}
            </button>
          </div>
        </form>
      </div>

      <div role="status">
        {found ? (
          <p className="form-alert form-alert--info">
            {found.count === 0 ? `Nothing is stored for ${found.email}.` : `${leadsWord(found.count)} stored for ${found.email}.`}
          </p>
        ) : null}
        {notice ? <p className="form-alert form-alert--success">{notice}</p> : null}
      </div>
      {actionError ? (
        <p role="alert" className="form-alert form-alert--error">
          {actionError}
        </p>
      ) : null}

      {found && found.count > 0 ? (
        <div className="panel">
          <h2 className="panel__title">What to do with the {leadsWord(found.count)}</h2>
          <div className="form-actions">
            <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void exportData(found)}>
              {busy === 'export' ? 'Preparing...' : 'Download Export'}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy !== null}
              onClick={() => {
                setEraseError(null);
                setNotice(null);
                setConfirming(true);
              }}
            >
              Delete Everything
            </button>
          </div>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming && found !== null}
        title="Delete Everything Stored"
        confirmLabel={found ? `Delete ${leadsWord(found.count)}` : 'Delete'}
        busy={busy === 'erase'}
        error={eraseError}
        onConfirm={() => void (found && erase(found))}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Delete the {found ? leadsWord(found.count) : ''} sent with {found?.email}, with their notification emails, webhook deliveries,
          notes and history? This cannot be undone. Download the export first if the person asked for a copy.
        </p>
      </ConfirmDialog>
    </section>
  );
}
