import { useEffect, useState } from 'react';
import { deliveriesApi } from '#shared/contracts/integrations.ts';
import type { DeliveryDto, DeliveryState } from '#shared/webhooks.ts';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, failureMessage } from '../../lib/api-client.ts';

const STATE_LABELS: Record<DeliveryState, string> = { queued: 'Queued', sent: 'Sent', retrying: 'Retrying', failed: 'Failed' };

/**
 * A lead's delivery log (in its View dialog): every notification it caused, emails and webhooks,
 * with its state, attempts and last error; Resend (an email) or Replay (a webhook) once it was sent
 * or has failed.
 */
export function DeliveryLog({ formId }: { formId: number }) {
  const [items, setItems] = useState<DeliveryDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setItems(null);
    setError(null);
    setNotice(null);
    api()
      .call(deliveriesApi.list, { params: { id: formId } })
      .then((env) => current && setItems(dataOf(env).items))
      .catch((e: unknown) => current && setError(failureMessage(e)));
    return () => {
      current = false;
    };
  }, [formId]);

  async function resend(d: DeliveryDto) {
    const key = `${d.channel}-${d.id}`;
    setBusy(key);
    setError(null);
    setNotice(null);
    try {
      const log = dataOf(await api().call(deliveriesApi.resend, { params: { id: formId }, body: { channel: d.channel, id: d.id } }));
      setItems(log.items);
      setNotice(
        d.channel === 'email' ? `The ${d.label.toLowerCase()} was queued again.` : `The ${d.label.toLowerCase()} is being replayed.`,
      );
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="delivery-log" aria-labelledby={`delivery-log-${formId}`}>
      <h3 id={`delivery-log-${formId}`}>Delivery log</h3>
      <div role="status">{notice ? <p className="form-alert form-alert--success">{notice}</p> : null}</div>
      {error ? (
        <p role="alert" className="form-alert form-alert--error">
          {error}
        </p>
      ) : null}
      {items === null ? (
        error ? null : (
          <p>Loading deliveries...</p>
        )
      ) : items.length === 0 ? (
        <p>This lead caused no notification.</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">Notifications of this lead</caption>
          <thead>
            <tr>
              <th scope="col">Notification</th>
              <th scope="col">State</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={`${d.channel}-${d.id}`}>
                <td>
                  {d.label}
                  <br />
                  <small>{d.to}</small>
                </td>
                <td>
                  {STATE_LABELS[d.state]}
                  {d.sentAt ? <small> {formatDateTime(d.sentAt)}</small> : null}
                  {d.nextAttemptAt && d.state === 'retrying' ? <small> next try {formatDateTime(d.nextAttemptAt)}</small> : null}
                </td>
                <td>{d.attempts}</td>
                <td>{d.lastError ?? '--'}</td>
                <td>
                  {d.resendable ? (
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      disabled={busy !== null}
                      aria-label={`${d.channel === 'email' ? 'Resend' : 'Replay'} the ${d.label.toLowerCase()}`}
                      onClick={() => void resend(d)}
                    >
                      {d.channel === 'email' ? 'Resend' : 'Replay'}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
