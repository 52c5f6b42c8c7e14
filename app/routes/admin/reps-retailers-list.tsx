import { Link, useNavigate, useRevalidator } from 'react-router';
import type { CsvExport, RepDetail, RepPage, RetailerPage } from '#shared/validation/reps-retailers.ts';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { ListFilterForm, ListNotice, listHref, Pager, SearchField, useConfirmAction } from '../../components/admin/list-kit.tsx';
import { CsvImport, downloadText } from '../../components/admin/csv-import.tsx';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/reps-retailers-list';

export const meta: Route.MetaFunction = () => [
  { title: 'Reps & Retailers | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const PAGE_SIZE = 20;
type Tab = 'reps' | 'retailers';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab: Tab = params.get('tab') === 'retailers' ? 'retailers' : 'reps';
  const search = (params.get('q') ?? '').trim().slice(0, 200);
  const start = Math.max(0, Math.floor(Number(params.get('start')) || 0));
  return loadOrRedirect(async () => {
    const filter = { start, length: PAGE_SIZE, search };
    if (tab === 'reps')
      return { tab, search, start, reps: dataOf(await api().post<RepPage>('/api/admin/reps/filter', filter)), retailers: null };
    return { tab, search, start, reps: null, retailers: dataOf(await api().post<RetailerPage>('/api/admin/retailers/filter', filter)) };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading reps and retailers...</p>;
}

export function deleteQuestion(what: 'Rep' | 'Retailer', name: string): string {
  return `Are you sure you want to delete the ${what} ${name} ? This cannot be undone!`;
}

function territorySummary(rep: RepDetail): string {
  return [...rep.states, ...rep.provinces, ...rep.zipPrefixes.map((p) => `${p}…`), ...rep.zips, ...rep.fsas].join(', ');
}

function listPath(tab: Tab, search: string, start = 0): string {
  return listHref('/siteadmin/reps-retailers', { tab, q: search, start: start || null });
}

const COLUMNS: Record<Tab, string> = {
  reps: 'id, name, title, photo, email, phone, states, provinces, zip_prefixes, zips, fsas (lists separated by spaces or commas)',
  retailers:
    'id, name, address, city, state, postal_code, latitude, longitude, phone, website, products (separated by ;). Blank coordinates are filled from the ZIP or postal code',
};

export default function RepsRetailersList({ loaderData }: Route.ComponentProps) {
  const { tab, search, start, reps, retailers } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const one = tab === 'reps' ? 'Rep' : 'Retailer';
  const total = reps?.total ?? retailers?.total ?? 0;
  const count = reps?.items.length ?? retailers?.items.length ?? 0;
  const del = useConfirmAction<{ id: number; name: string }>({
    action: (t) => api().get(`/api/admin/${tab}/delete/${t.id}`),
    done: (t) => `The ${one} ${t.name} was deleted.`,
    after: () => revalidator.revalidate(),
  });

  async function exportCsv() {
    del.setNotice(null);
    try {
      const file = dataOf(await api().get<CsvExport>(`/api/admin/${tab}/export`));
      downloadText(file.filename, file.csv);
      del.setNotice(`Exported ${file.rows} ${tab} to ${file.filename}.`);
    } catch (e) {
      await del.fail(e, del.setNotice);
    }
  }

  return (
    <section aria-labelledby="reps-retailers-title">
      <div className="admin-heading">
        <h1 id="reps-retailers-title" className="admin-title">
          Reps &amp; Retailers
        </h1>
        <div className="admin-heading__actions">
          <button type="button" className="button button--secondary" onClick={() => void exportCsv()}>
            Export CSV
          </button>
          <Link className="button button--primary" to={`/siteadmin/reps-retailers/${tab === 'reps' ? 'rep' : 'retailer'}/create`}>
            Add {one}
          </Link>
        </div>
      </div>
      <nav className="admin-tabs" aria-label="Reps or retailers">
        <Link to={listPath('reps', '')} aria-current={tab === 'reps' ? 'page' : undefined}>
          Reps
        </Link>
        <Link to={listPath('retailers', '')} aria-current={tab === 'retailers' ? 'page' : undefined}>
          Retailers
        </Link>
      </nav>
      <ListNotice notice={del.notice} />
      <ListFilterForm className="admin-search" ariaLabel={`Search ${tab}`} hidden={{ tab }} submitLabel="Search">
        <SearchField
          id="list-search"
          inputKey={`${tab}:${search}`}
          label={`Search ${tab}`}
          name="q"
          defaultValue={search}
          maxLength={200}
          placeholder={tab === 'reps' ? 'Name, email, title, or a territory such as IA' : 'Name, city, address, ZIP or state'}
        />
      </ListFilterForm>
      <p className="admin-lead" aria-live="polite">
        {total === 0
          ? search
            ? `No ${tab} match “${search}”.`
            : `No ${tab} yet.`
          : `Showing ${(start + 1).toLocaleString('en-US')}–${(start + count).toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${tab}`}
        {tab === 'retailers' && total > 0 && retailers?.items[0] ? (
          <>
            {' · '}
            <Link to={`/siteadmin/reps-retailers/retailer/edit/${retailers.items[0].id}/next`}>Edit these one after another</Link>
          </>
        ) : null}
      </p>
      <div className="table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">{tab === 'reps' ? 'Reps' : 'Retailers'}</caption>
          <thead>
            {tab === 'reps' ? (
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Title</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Territories</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            ) : (
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Address</th>
                <th scope="col">City</th>
                <th scope="col">State</th>
                <th scope="col">ZIP / Postal Code</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            )}
          </thead>
          <tbody>
            {reps?.items.map((r) => (
              <tr key={r.id}>
                <td data-label="Name">{r.name}</td>
                <td data-label="Title">{r.title}</td>
                <td data-label="Email">{r.email}</td>
                <td data-label="Phone">{r.phone}</td>
                <td data-label="Territories">{territorySummary(r)}</td>
                <td className="admin-table__actions">
                  <RowActions editTo={`/siteadmin/reps-retailers/rep/edit/${r.id}`} name={r.name} onDelete={() => del.ask(r)} />
                </td>
              </tr>
            ))}
            {retailers?.items.map((r) => (
              <tr key={r.id}>
                <td data-label="Name">{r.name}</td>
                <td data-label="Address">{r.address}</td>
                <td data-label="City">{r.city}</td>
                <td data-label="State">{r.state}</td>
                <td data-label="ZIP / Postal Code">{r.postalCode}</td>
                <td className="admin-table__actions">
                  <RowActions editTo={`/siteadmin/reps-retailers/retailer/edit/${r.id}`} name={r.name} onDelete={() => del.ask(r)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > PAGE_SIZE ? (
        <Pager
          buttons
          prevTo={start > 0 ? listPath(tab, search, Math.max(0, start - PAGE_SIZE)) : null}
          nextTo={start + PAGE_SIZE < total ? listPath(tab, search, start + PAGE_SIZE) : null}
        />
      ) : null}
      <details className="panel admin-import" key={tab}>
        <summary>Import {tab} from CSV</summary>
        <CsvImport
          resource={tab}
          noun={tab}
          columns={COLUMNS[tab]}
          onAuthRedirect={(to) => void navigate(to)}
          onImported={async () => {
            del.setNotice(null);
            await revalidator.revalidate();
          }}
        />
      </details>
      <ConfirmDialog
        open={del.target !== null}
        title={`Delete ${one}`}
        confirmLabel={`Delete ${one}`}
        busy={del.busy}
        error={del.error}
        onConfirm={del.confirm}
        onCancel={del.cancel}
      >
        <p>{del.target ? deleteQuestion(one, del.target.name) : null}</p>
      </ConfirmDialog>
    </section>
  );
}

function RowActions({ editTo, name, onDelete }: { editTo: string; name: string; onDelete: () => void }) {
  return (
    <>
      <Link className="button button--small button--secondary" to={editTo} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      <button type="button" className="button button--small button--danger-outline" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </button>
    </>
  );
}
