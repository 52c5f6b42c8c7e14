import { useState, type FormEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { redirectsApi } from '#shared/contracts/redirects.ts';
import type { NotFoundItem } from '#shared/validation/redirects.ts';
import { SearchBox } from '../../components/admin/list-filters.tsx';
import { BackLink, ListHeading } from '../../components/admin/list-heading.tsx';
import { ResourceList } from '../../components/admin/resource-list.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, type Envelope, loadOrRedirect } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/use-api-action.ts';
import type { Route } from './+types/redirects-not-found';

export const meta: Route.MetaFunction = () => [
  { title: 'Not Found Log | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  return loadOrRedirect(async () => ({
    page: dataOf(await api().call(redirectsApi.notFoundFilter, { body: { search, start: 0, length: 200 } })),
    search,
  }));
}

export function HydrateFallback() {
  return <p role="status">Loading the Not Found log...</p>;
}

/** A row's Redirect cell: a target box that makes the redirect in one step, More options, and Dismiss. */
function RedirectCell({ item, onDone }: { item: NotFoundItem; onDone: (message: string) => Promise<void> }) {
  const call = useApiAction();
  const { error, busy } = call;
  const inputId = `target-${item.id}`;

  async function run(work: () => Promise<Envelope<unknown>>, done: string) {
    if (await call.run(work)) await onDone(done);
  }

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const toPath = String(new FormData(event.currentTarget).get('toPath') ?? '').trim();
    void run(
      () => api().call(redirectsApi.add, { body: { fromPath: item.path, toPath, statusCode: 301, keepQuery: true } }),
      `${item.path} now redirects to ${toPath}.`,
    );
  }

  return (
    <>
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
              void run(() => api().call(redirectsApi.notFoundDelete, { params: { id: item.id } }), `${item.path} was removed from the log.`)
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
    </>
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
      <BackLink to="/siteadmin/redirects" />
      <ListHeading id="not-found-title" title="Not Found Log" />
      <p className="field__hint">
        Addresses visitors asked for that ended in Page Not Found, most frequent first (search engines and other bots are left out). Enter a
        target to send visitors there from now on.
      </p>
      <ResourceList<NotFoundItem>
        caption="Paths that ended in Page Not Found"
        filters={<SearchBox id="not-found-search" label="Search paths" name="q" defaultValue={search} />}
        notice={notice}
        columns={[
          { key: 'path', label: 'Path', main: true, breakAnywhere: true, cell: (item) => item.path },
          { key: 'count', label: 'Count', cell: (item) => item.hits },
          { key: 'last', label: 'Last Seen', cell: (item) => formatDateTime(item.lastSeen) },
          { key: 'redirect', label: 'Redirect', cell: (item) => <RedirectCell item={item} onDone={done} /> },
        ]}
        rows={page.items}
        rowKey={(item) => item.id}
        empty={search ? 'No logged path matches your search.' : 'No Page Not Found has been logged.'}
      />
    </section>
  );
}
