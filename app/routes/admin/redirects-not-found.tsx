import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { NotFoundItem, NotFoundPage } from '#shared/validation/redirects.ts';
import { EmptyState, ListNotice, SearchBox } from '../../components/admin/list-kit.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, ApiError, AuthRedirect, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/redirects-not-found';

export const meta: Route.MetaFunction = () => [
  { title: 'Not Found Log | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  return loadOrRedirect(async () => ({
    page: dataOf(await api().post<NotFoundPage>('/api/admin/redirects/not-found/filter', { search, start: 0, length: 200 })),
    search,
  }));
}

export function HydrateFallback() {
  return <p role="status">Loading the Not Found log...</p>;
}

/** One row: the path, how often and when it was last asked for, and a target box that makes the redirect in one step. */
function NotFoundRow({ item, onDone }: { item: NotFoundItem; onDone: (message: string) => Promise<void> }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `target-${item.id}`;

  async function run(work: () => Promise<{ success: boolean; message: string | null }>, done: string) {
    setBusy(true);
    setError(null);
    try {
      const env = await work();
      if (!env.success) setError(env.message ?? 'Something is wrong');
      else await onDone(done);
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setError(e instanceof ApiError ? e.message : 'Something is wrong');
    } finally {
      setBusy(false);
    }
  }

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const toPath = String(new FormData(event.currentTarget).get('toPath') ?? '').trim();
    void run(
      () => api().post('/api/admin/redirects/add', { fromPath: item.path, toPath, statusCode: 301, keepQuery: true }),
      `${item.path} now redirects to ${toPath}.`,
    );
  }

  return (
    <tr>
      <td data-label="Path" className="admin-table__break">
        {item.path}
      </td>
      <td data-label="Count">{item.hits}</td>
      <td data-label="Last Seen">{formatDateTime(item.lastSeen)}</td>
      <td data-label="Redirect">
        <form className="admin-search__row not-found-redirect" onSubmit={create}>
          <label className="visually-hidden" htmlFor={inputId}>
            Redirect {item.path} to
          </label>
          <input
            id={inputId}
            name="toPath"
            className="field__input"
            placeholder="/new-page"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          <div className="row-actions">
            <button
              type="submit"
              className="button button--small button--primary"
              disabled={busy}
              aria-label={`Create Redirect from ${item.path}`}
            >
              Create Redirect
            </button>
            <Link
              className="button button--small button--secondary"
              to={`/siteadmin/redirects/create?from=${encodeURIComponent(item.path)}`}
              aria-label={`More options for ${item.path}`}
            >
              More options
            </Link>
            <button
              type="button"
              className="button button--small button--danger-outline"
              disabled={busy}
              aria-label={`Dismiss ${item.path}`}
              onClick={() =>
                void run(() => api().get(`/api/admin/redirects/not-found/delete/${item.id}`), `${item.path} was removed from the log.`)
              }
            >
              Dismiss
            </button>
          </div>
        </form>
        {error ? (
          <p className="field__error" id={`${inputId}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

export default function RedirectsNotFound({ loaderData }: Route.ComponentProps) {
  const { page, search } = loaderData;
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);

  async function done(message: string) {
    setNotice(message);
    await revalidator.revalidate();
  }

  return (
    <section aria-labelledby="not-found-title">
      <p className="edit-frame__back">
        <Link to="/siteadmin/redirects">
          <span aria-hidden="true">← </span>Back
        </Link>
      </p>
      <div className="admin-heading">
        <h1 id="not-found-title" className="admin-title">
          Not Found Log
        </h1>
      </div>
      <p className="field__hint">
        Addresses visitors asked for that ended in Page Not Found, most frequent first (search engines and other bots are left out). Enter a
        target to send visitors there from now on.
      </p>
      <SearchBox id="not-found-search" label="Search paths" name="q" defaultValue={search} />
      <ListNotice notice={notice} />
      {page.items.length === 0 ? (
        <EmptyState>{search ? 'No logged path matches your search.' : 'No Page Not Found has been logged.'}</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Paths that ended in Page Not Found</caption>
            <thead>
              <tr>
                <th scope="col">Path</th>
                <th scope="col">Count</th>
                <th scope="col">Last Seen</th>
                <th scope="col">Redirect</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((item) => (
                <NotFoundRow key={item.id} item={item} onDone={done} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
