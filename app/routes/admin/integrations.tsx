import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { integrationsApi } from '#shared/contracts/integrations.ts';
import {
  generateWebhookSecret,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WebhookEndpointAddSchema,
  WebhookEndpointEditSchema,
  type WebhookEndpointDto,
} from '#shared/webhooks.ts';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { CheckboxField, CheckboxGroup, FormErrors, TextField } from '../../components/forms/fields.tsx';
import { api, dataOf, failureMessage, loadOrRedirect, refusalOr } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useGuardedSave } from '../../lib/edit-conflict.ts';
import { GuardedSaveDialog } from '../../components/admin/edit-conflict.tsx';
import type { Route } from './+types/integrations';

export const meta: Route.MetaFunction = () => [
  { title: 'Integrations | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader() {
  return loadOrRedirect(async () => dataOf(await api().call(integrationsApi.list)));
}

export function HydrateFallback() {
  return <p role="status">Loading integrations...</p>;
}

const EVENT_OPTIONS = WEBHOOK_EVENTS.map((value) => ({ value, label: WEBHOOK_EVENT_LABELS[value] }));

/** Settings, Integrations (Administrators): the CRM webhook endpoints every lead is posted to. */
export default function Integrations({ loaderData }: Route.ComponentProps) {
  // a fresh screen for every loaded set of versions (Load theirs after a refused save loads the newest)
  return <IntegrationsScreen key={loaderData.endpoints.map((e) => `${e.id}.${e.version}`).join()} loaderData={loaderData} />;
}

/** The endpoints' words a refused save names (ADR 048). */
const FIELD_LABELS = { url: 'Endpoint address', secret: 'Signing secret', events: 'Events', enabled: 'Turned on' };

function IntegrationsScreen({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const [endpoints, setEndpoints] = useState<WebhookEndpointDto[]>(loaderData.endpoints);
  const [editing, setEditing] = useState<WebhookEndpointDto | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointDto | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  async function remove(endpoint: WebhookEndpointDto) {
    setRemoveError(null);
    try {
      dataOf(await api().call(integrationsApi.delete, { params: { id: endpoint.id } }));
      setEndpoints((list) => list.filter((e) => e.id !== endpoint.id));
      setNotice(`The endpoint ${endpoint.url} was removed.`);
    } catch (error) {
      setRemoveError(failureMessage(error));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section aria-labelledby="integrations-title">
      <ListHeading id="integrations-title" title="Integrations">
        {editing === null ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
          >
            Add Endpoint
          </button>
        ) : null}
      </ListHeading>
      <p className="form-alert form-alert--info">
        CRM webhooks: each new lead (and each change of a lead&apos;s status) is posted as JSON to the endpoints below, signed as the
        Standard Webhooks spec says, and retried for 24 hours while an endpoint does not answer. Each lead&apos;s deliveries are in its View
        dialog on the <Link to="/siteadmin/forms">Forms</Link> screen. Other settings are on{' '}
        <Link to="/siteadmin/settings">Site Settings</Link>.
        {loaderData.allowPrivate ? ' Addresses inside the private network are allowed (WEBHOOK_ALLOW_PRIVATE).' : ''}
      </p>
      <div role="status">{notice ? <p className="form-alert form-alert--success">{notice}</p> : null}</div>
      {removeError ? (
        <p role="alert" className="form-alert form-alert--error">
          {removeError}
        </p>
      ) : null}

      {editing !== null ? (
        <EndpointForm
          key={editing === 'new' ? 'new' : editing.id}
          endpoint={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEndpoints((list) =>
              list.some((e) => e.id === saved.id) ? list.map((e) => (e.id === saved.id ? saved : e)) : [...list, saved],
            );
            setNotice(`The endpoint ${saved.url} was saved.`);
            setEditing(null);
          }}
        />
      ) : null}

      <div className="panel">
        <table className="admin-table resource-table">
          <caption className="visually-hidden">Webhook endpoints</caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Events</th>
              <th scope="col">Secret</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {endpoints.length === 0 ? (
              <tr>
                <td colSpan={5}>No endpoints yet: leads are emailed only.</td>
              </tr>
            ) : (
              endpoints.map((e) => (
                <tr key={e.id}>
                  <td>{e.url}</td>
                  <td>{e.events.map((ev) => WEBHOOK_EVENT_LABELS[ev]).join(', ')}</td>
                  <td>
                    <code>{e.secretHint}</code>
                  </td>
                  <td>{e.enabled ? 'On' : 'Off'}</td>
                  <td className="resource-table__actions">
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      aria-label={`Edit the endpoint ${e.url}`}
                      onClick={() => {
                        setNotice(null);
                        setEditing(e);
                      }}
                    >
                      Edit
                    </button>{' '}
                    <button
                      type="button"
                      className="button button--small button--danger-outline"
                      aria-label={`Remove the endpoint ${e.url}`}
                      onClick={() => setRemoving(e)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remove Endpoint"
        confirmLabel="Remove"
        onConfirm={() => void (removing && remove(removing))}
        onCancel={() => setRemoving(null)}
      >
        <p>Remove the endpoint {removing?.url}? Leads stop being posted to it; deliveries still waiting for a retry will fail.</p>
      </ConfirmDialog>
    </section>
  );
}

function EndpointForm({
  endpoint,
  onSaved,
  onCancel,
}: {
  endpoint: WebhookEndpointDto | null;
  onSaved: (saved: WebhookEndpointDto) => void;
  onCancel: () => void;
}) {
  const adding = endpoint === null;
  const navigate = useNavigate();
  const guardedSave = useGuardedSave((to) => void navigate(to));
  const { form, fields, pending } = useZodForm({
    id: 'webhook-endpoint',
    schema: adding ? WebhookEndpointAddSchema : WebhookEndpointEditSchema,
    defaultValue: {
      url: endpoint?.url ?? '',
      secret: '',
      events: endpoint?.events ?? ['lead.created'],
      enabled: endpoint?.enabled ?? true,
    },
    async onValid(value) {
      if (adding) return refusalOr(api().call(integrationsApi.add, { body: { ...value, secret: value.secret } }), onSaved);
      // an edit names the version it started from: a save landed since opens the conflict dialog (ADR 048)
      return guardedSave.guarded(
        (guard) => api().call(integrationsApi.edit, { params: { id: endpoint.id }, body: { ...value, ...guard } }),
        endpoint.version,
        onSaved,
      );
    },
  });
  const title = adding ? 'Add an endpoint' : `Edit the endpoint ${endpoint.url}`;
  return (
    <div className="panel">
      <form {...getFormProps(form)} className="stack admin-form" aria-label={title}>
        <h2 className="panel__title">{title}</h2>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.url}
          label="Endpoint address"
          type="url"
          inputMode="url"
          hint="Where the CRM receives leads, starting with https://. Addresses inside this server's own network are refused."
        />
        <TextField
          meta={fields.secret}
          label="Signing secret"
          autoComplete="off"
          hint={
            adding
              ? 'whsec_ and random characters, as the CRM gives it, or use Generate and copy it into the CRM now: it is never shown again.'
              : `Stored as ${endpoint.secretHint}. Leave it blank to keep it, or enter (or generate) a new one.`
          }
        />
        <div>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => form.update({ name: fields.secret.name, value: generateWebhookSecret() })}
          >
            Generate Secret
          </button>
        </div>
        <CheckboxGroup meta={fields.events} legend="Events" options={EVENT_OPTIONS} defaultValue={endpoint?.events ?? ['lead.created']} />
        <CheckboxField meta={fields.enabled} label="Turned on" description="Off: no new deliveries are written for this endpoint." />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Saving...' : 'Save Endpoint'}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
      <GuardedSaveDialog save={guardedSave} labels={FIELD_LABELS} />
    </div>
  );
}
