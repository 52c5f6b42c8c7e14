import { useState } from 'react';
import { Form, Link, useNavigate, useRevalidator } from 'react-router';
import { REGION_OPTIONS } from '#shared/regions.ts';
import { DOCUMENT_KINDS, DocumentFilterBodySchema, type DocumentListItem, type DocumentUsage } from '#shared/validation/documents.ts';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, ApiError, AuthRedirect, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/documents-list';

export const meta: Route.MetaFunction = () => [{ title: 'Document Library | Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

const PAGE_SIZE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const q = new URL(request.url).searchParams;
  const filter = DocumentFilterBodySchema.catch(DocumentFilterBodySchema.parse({})).parse({
    start: (Math.max(1, Number(q.get('page')) || 1) - 1) * PAGE_SIZE,
    length: PAGE_SIZE,
    search: q.get('search') ?? '',
    kind: q.get('kind') ?? '',
    region: q.get('region') ?? 0,
  });
  return loadOrRedirect(async () => {
    const page = dataOf(await api().post<{ items: DocumentListItem[]; total: number }>('/api/admin/documents/filter', filter));
    return { ...page, filter };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading documents...</p>;
}

export const kindName = (id: string) => DOCUMENT_KINDS.find((k) => k.id === id)?.name ?? id;
export const regionNames = (ids: readonly number[]) => ids.map((id) => REGION_OPTIONS.find((r) => r.id === id)?.code ?? id).join(', ');

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export default function DocumentsList({ loaderData }: Route.ComponentProps) {
  const { items, total, filter } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [target, setTarget] = useState<DocumentListItem | null>(null);
  const [usage, setUsage] = useState<DocumentUsage[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const page = Math.floor(filter.start / PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function pageLink(n: number) {
    const q = new URLSearchParams();
    if (filter.search) q.set('search', filter.search);
    if (filter.kind) q.set('kind', filter.kind);
    if (filter.region) q.set('region', String(filter.region));
    if (n > 1) q.set('page', String(n));
    const s = q.toString();
    return `/siteadmin/document-library${s ? `?${s}` : ''}`;
  }

  async function askDelete(doc: DocumentListItem) {
    setError(null);
    setUsage(null);
    setTarget(doc);
    try {
      const env = await api().get<DocumentUsage[]>(`/api/admin/documents/usage/${doc.id}`);
      if (env.success) setUsage(env.data);
      else setError(env.message ?? 'Something is wrong');
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setError(e instanceof ApiError ? e.message : 'Something is wrong');
    }
  }

  async function remove() {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      const env = await api().get(`/api/admin/documents/delete/${target.id}`);
      if (!env.success) {
        setError(env.message ?? 'Something is wrong');
        return;
      }
      setNotice(`The document ${target.title} was deleted.`);
      setTarget(null);
      await revalidator.revalidate();
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setError(e instanceof ApiError ? e.message : 'Something is wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="documents-title">
      <div className="admin-heading">
        <h1 id="documents-title" className="admin-title">
          Document Library
        </h1>
        <Link className="button button--primary" to="/siteadmin/document-library/create">
          Add Document
        </Link>
      </div>
      <Form method="get" className="admin-filters" role="search" aria-label="Find documents">
        <div className="field">
          <label className="field__label" htmlFor="documents-search">
            Search
          </label>
          <input id="documents-search" className="field__input" type="search" name="search" defaultValue={filter.search} placeholder="Title or file name" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="documents-kind">
            Kind
          </label>
          <select id="documents-kind" className="field__input" name="kind" defaultValue={filter.kind}>
            <option value="">All kinds</option>
            {DOCUMENT_KINDS.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="documents-region">
            Region
          </label>
          <select id="documents-region" className="field__input" name="region" defaultValue={filter.region ? String(filter.region) : ''}>
            <option value="">All regions</option>
            {REGION_OPTIONS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          Filter
        </button>
      </Form>
      <div role="status" className={notice ? 'form-alert form-alert--success' : undefined}>
        {notice}
      </div>
      <p className="admin-count">
        {total === 0 ? 'No documents found.' : `Showing ${filter.start + 1}–${filter.start + items.length} of ${total} documents`}
      </p>
      <div className="table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Documents</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Kind</th>
              <th scope="col">File</th>
              <th scope="col">Regions</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id}>
                <td data-label="Title">
                  <a href={`/doccenter/${d.guid}`} target="_blank" rel="noreferrer">
                    {d.title}
                  </a>
                </td>
                <td data-label="Kind">{kindName(d.kind)}</td>
                <td data-label="File">
                  {d.fileName} ({formatSize(d.size)})
                </td>
                <td data-label="Regions">{regionNames(d.regionIds)}</td>
                <td data-label="Updated">{formatDateTime(d.updated)}</td>
                <td className="admin-table__actions">
                  <Link className="button button--small button--secondary" to={`/siteadmin/document-library/edit/${d.id}`} aria-label={`Edit ${d.title}`}>
                    Edit
                  </Link>
                  <button type="button" className="button button--small button--danger-outline" aria-label={`Delete ${d.title}`} onClick={() => void askDelete(d)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="admin-paging" aria-label="Pages">
          {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageLink(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
      <ConfirmDialog open={target !== null} title="Delete Document" confirmLabel="Delete Document" busy={busy || usage === null} error={error} onConfirm={() => void remove()} onCancel={() => setTarget(null)}>
        {usage === null ? (
          <p>Checking where this document is used...</p>
        ) : usage.length > 0 ? (
          <>
            <p>{target?.title} is used here and cannot be deleted until it is removed from them:</p>
            <ul>
              {usage.map((u) => (
                <li key={`${u.kind}-${u.path}-${u.title}`}>
                  {u.kind}: {u.path ? <a href={u.path}>{u.title}</a> : u.title}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>Are you sure you want to delete the Document {target?.title} ? Its link stops working. This cannot be undone!</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
