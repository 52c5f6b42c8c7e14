import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuditEntry } from '#shared/validation/auth.ts';
import { LoadMore } from '../../components/admin/list-kit.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, ApiError, AuthRedirect, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/audit-log';

export const meta: Route.MetaFunction = () => [{ title: 'Audit Log | Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

const PAGE = 50;

type AuditPage = { items: AuditEntry[]; total: number };

export async function clientLoader() {
  return loadOrRedirect(async () => dataOf(await api().post<AuditPage>('/api/admin/audit-log/filter', { start: 0, length: PAGE })));
}

export function HydrateFallback() {
  return <p role="status">Loading the audit log...</p>;
}

/** Sign-ins, failed sign-ins, password and user changes: who, when, from which address. */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [items, setItems] = useState(loaderData.items);
  const [total, setTotal] = useState(loaderData.total);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function loadMore() {
    setBusy(true);
    setError(null);
    try {
      const page = dataOf(await api().post<AuditPage>('/api/admin/audit-log/filter', { start: items.length, length: PAGE }));
      setItems((prev) => [...prev, ...page.items]);
      setTotal(page.total);
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setError(e instanceof ApiError ? e.message : 'Something is wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="admin-title">
        Audit Log
      </h1>
      <p className="admin-lead">
        {total} {total === 1 ? 'entry' : 'entries'}, newest first.
      </p>
      <div className="table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Audit log</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">By</th>
              <th scope="col">User</th>
              <th scope="col">IP</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td data-label="When">{formatDateTime(e.created)}</td>
                <td data-label="Action">{e.action}</td>
                <td data-label="By">{e.actorEmail ?? '--'}</td>
                <td data-label="User">{e.targetEmail ?? '--'}</td>
                <td data-label="IP">{e.ip ?? '--'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <LoadMore shown={items.length} total={total} loading={busy} loadingLabel="Loading..." className="" onLoadMore={() => void loadMore()} />
    </section>
  );
}
