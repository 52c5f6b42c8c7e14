import { Link, useNavigate, useRevalidator } from 'react-router';
import { redirectsApi } from '#shared/contracts/redirects.ts';
import { REDIRECT_TYPE_LABELS, type RedirectItem, type RedirectStatusCode } from '#shared/validation/redirects.ts';
import { contractBulk, DELETE } from '../../components/admin/bulk-actions.tsx';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { useConfirmAction } from '../../components/admin/list-actions.tsx';
import { SearchBox } from '../../components/admin/list-filters.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { ResourceList, type ResourceColumn } from '../../components/admin/resource-list.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, AuthRedirect, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { downloadCsv } from '../../lib/download.ts';
import type { Route } from './+types/redirects-list';

export const meta: Route.MetaFunction = () => [
  { title: 'Redirects | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const PAGE_SIZE = 200;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  return loadOrRedirect(async () => {
    const page = dataOf(await api().call(redirectsApi.filter, { body: { search, start: 0, length: PAGE_SIZE } }));
    return { page, search };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading redirects...</p>;
}

export function typeLabel(statusCode: number): string {
  return REDIRECT_TYPE_LABELS[statusCode as RedirectStatusCode] ?? String(statusCode);
}

const COLUMNS: ResourceColumn<RedirectItem>[] = [
  { key: 'from', label: 'From', main: true, breakAnywhere: true, cell: (r) => r.fromPath },
  { key: 'to', label: 'To', breakAnywhere: true, cell: (r) => r.toPath ?? '--' },
  { key: 'type', label: 'Type', cell: (r) => typeLabel(r.statusCode) },
  { key: 'query', label: 'Query String', cell: (r) => (r.statusCode === 410 ? '--' : r.keepQuery ? 'Kept' : 'Dropped') },
  { key: 'hits', label: 'Hits', cell: (r) => r.hits },
  { key: 'last', label: 'Last Hit', cell: (r) => (r.lastHit ? formatDateTime(r.lastHit) : '--') },
];

export default function RedirectsList({ loaderData }: Route.ComponentProps) {
  const { page, search } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const del = useConfirmAction<RedirectItem>({
    action: (r) => api().call(redirectsApi.delete, { params: { id: r.id } }),
    done: (r) => `The redirect from ${r.fromPath} was deleted.`,
    after: () => revalidator.revalidate(),
  });

  async function exportCsv() {
    del.setNotice(null);
    try {
      await downloadCsv(redirectsApi.export, 'redirects.csv');
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else del.setNotice(e instanceof Error ? e.message : 'The export failed.');
    }
  }

  return (
    <section aria-labelledby="redirects-title">
      <ListHeading id="redirects-title" title="Redirects">
        <div className="admin-heading__actions">
          <Link className="button button--secondary" to="/siteadmin/redirects/not-found">
            Not Found Log
          </Link>
          <Link className="button button--secondary" to="/siteadmin/redirects/import">
            Import CSV
          </Link>
          <button type="button" className="button button--secondary" onClick={() => void exportCsv()}>
            Export CSV
          </button>
          <Link className="button button--primary" to="/siteadmin/redirects/create">
            Add Redirect
          </Link>
        </div>
      </ListHeading>
      <ResourceList<RedirectItem>
        caption="Redirects"
        filters={<SearchBox id="redirects-search" label="Search redirects" name="q" defaultValue={search} placeholder="/old-page" />}
        notice={del.notice}
        count={
          <>
            {page.total === 1 ? '1 redirect' : `${page.total} redirects`}
            {search ? ` matching “${search}”` : ''}
            {page.total > page.items.length ? `, the first ${page.items.length} shown: search to narrow the list` : ''}.
          </>
        }
        columns={COLUMNS}
        rows={page.items}
        rowKey={(r) => r.id}
        actions={(r) => [
          { label: 'Edit', ariaLabel: `Edit ${r.fromPath}`, to: `/siteadmin/redirects/edit/${r.id}` },
          { label: 'Delete', ariaLabel: `Delete ${r.fromPath}`, danger: true, onClick: () => del.ask(r) },
        ]}
        empty={search ? 'No redirect matches your search.' : 'No redirects yet.'}
        bulk={{
          config: {
            noun: { one: 'redirect', many: 'redirects' },
            total: page.total,
            actions: [DELETE],
            ...contractBulk(redirectsApi, { search }, 'redirects-selection.csv'),
            after: () => revalidator.revalidate(),
          },
          id: (r) => r.id,
          title: (r) => r.fromPath,
        }}
      />
      <ConfirmDialog {...del.dialog} title="Delete Redirect" confirmLabel="Delete Redirect">
        <p>{del.target ? `Are you sure you want to delete the redirect from ${del.target.fromPath} ? This cannot be undone!` : null}</p>
      </ConfirmDialog>
    </section>
  );
}
