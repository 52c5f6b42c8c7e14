import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { LEADS_PERMISSION } from '#shared/permissions.ts';
import { repsApi, repsRetailersApi, retailersApi } from '#shared/contracts/reps-retailers.ts';
import type { RepDetail, RetailerPage } from '#shared/validation/reps-retailers.ts';
import { contractBulk, DELETE } from '../../components/admin/bulk-actions.tsx';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { useConfirmAction } from '../../components/admin/list-actions.tsx';
import { ListFilterForm, SearchField } from '../../components/admin/list-filters.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { pageInfo } from '../../components/admin/list-paging.tsx';
import { listHref } from '../../components/admin/list-params.ts';
import { ResourceList, type ResourceColumn, type RowAction } from '../../components/admin/resource-list.tsx';
import { CsvImport } from '../../components/admin/csv-import.tsx';
import { useAdminUser } from '../../lib/admin-session.ts';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { downloadText } from '../../lib/download.ts';
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
      return {
        tab,
        search,
        start,
        reps: dataOf(await api().call(repsApi.filter, { body: filter })),
        retailers: null,
      };
    return {
      tab,
      search,
      start,
      reps: null,
      retailers: dataOf(await api().call(retailersApi.filter, { body: filter })),
    };
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

const REPS_HINT =
  "A rep's email is where their leads are sent, so only someone who may read leads (an Administrator) can add a rep or change an email.";
const REP_IMPORT_NOTE =
  "Rows that add a rep or change a rep's email are refused: only someone who may read leads (an Administrator) can import those. The other rows import.";

const REP_COLUMNS: ResourceColumn<RepDetail>[] = [
  { key: 'name', label: 'Name', main: true, cell: (r) => r.name },
  { key: 'title', label: 'Title', cell: (r) => r.title },
  { key: 'email', label: 'Email', breakAnywhere: true, cell: (r) => r.email },
  { key: 'phone', label: 'Phone', nowrap: true, cell: (r) => r.phone },
  { key: 'territories', label: 'Territories', cell: territorySummary },
];

type RetailerRow = RetailerPage['items'][number];
const RETAILER_COLUMNS: ResourceColumn<RetailerRow>[] = [
  { key: 'name', label: 'Name', main: true, cell: (r) => r.name },
  { key: 'address', label: 'Address', cell: (r) => r.address },
  { key: 'city', label: 'City', cell: (r) => r.city },
  { key: 'state', label: 'State', cell: (r) => r.state },
  { key: 'postal', label: 'ZIP / Postal Code', nowrap: true, cell: (r) => r.postalCode },
];

export default function RepsRetailersList({ loaderData }: Route.ComponentProps) {
  const { tab, search, start, reps, retailers } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [importing, setImporting] = useState(false);
  // a rep's email is where their leads go: only someone who may read leads adds a rep or changes it
  const mayDirectLeads = useAdminUser().permissions.includes(LEADS_PERMISSION);
  const mayAdd = tab === 'retailers' || mayDirectLeads;
  const one = tab === 'reps' ? 'Rep' : 'Retailer';
  const total = reps?.total ?? retailers?.total ?? 0;
  const count = reps?.items.length ?? retailers?.items.length ?? 0;
  const del = useConfirmAction<{ id: number; name: string }>({
    action: (t) => api().call(repsRetailersApi[tab].delete, { params: { id: t.id } }),
    done: (t) => `The ${one} ${t.name} was deleted.`,
    after: () => revalidator.revalidate(),
  });
  const { page, pages } = pageInfo(start, PAGE_SIZE, total);
  const editPath = `/siteadmin/reps-retailers/${tab === 'reps' ? 'rep' : 'retailer'}/edit`;
  const actions = (r: { id: number; name: string }): RowAction[] => [
    { label: 'Edit', ariaLabel: `Edit ${r.name}`, to: `${editPath}/${r.id}` },
    { label: 'Delete', ariaLabel: `Delete ${r.name}`, danger: true, onClick: () => del.ask(r) },
  ];

  async function exportCsv() {
    del.setNotice(null);
    try {
      const file = dataOf(await api().call(repsRetailersApi[tab].export));
      downloadText(file.filename, file.csv);
      del.setNotice(`Exported ${file.rows} ${tab} to ${file.filename}.`);
    } catch (e) {
      await del.fail(e, del.setNotice);
    }
  }

  const shared = {
    filters: (
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
    ),
    notice: del.notice,
    caption: tab === 'reps' ? 'Reps' : 'Retailers',
    count:
      total === 0 ? undefined : (
        <>
          {`Showing ${(start + 1).toLocaleString('en-US')}–${(start + count).toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${tab}`}
          {tab === 'retailers' && retailers?.items[0] ? (
            <>
              {' · '}
              <Link to={`/siteadmin/reps-retailers/retailer/edit/${retailers.items[0].id}/next`}>Edit these one after another</Link>
            </>
          ) : null}
        </>
      ),
    empty: search ? `No ${tab} match “${search}”.` : `No ${tab} yet.`,
    paging: { page, pages, href: (n: number) => listPath(tab, search, (n - 1) * PAGE_SIZE) },
    // bulk (ADR 050): delete (each row as its Delete) and Export CSV of the chosen rows, in the export's columns
    bulk: {
      config: {
        noun: tab === 'reps' ? { one: 'rep', many: 'reps' } : { one: 'retailer', many: 'retailers' },
        total,
        actions: [DELETE],
        ...contractBulk(repsRetailersApi[tab], { search }, `${tab}-selection.csv`),
        after: () => revalidator.revalidate(),
      },
      id: (r: { id: number }) => r.id,
      title: (r: { name: string }) => r.name,
    },
  };

  return (
    <section aria-labelledby="reps-retailers-title">
      <ListHeading id="reps-retailers-title" title="Reps & Retailers">
        <div className="admin-heading__actions">
          <button type="button" className="button button--secondary" onClick={() => void exportCsv()}>
            Export CSV
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={importing}
            aria-controls="reps-retailers-import"
            onClick={() => setImporting(!importing)}
          >
            Import CSV
          </button>
          {mayAdd ? (
            <Link className="button button--primary" to={`/siteadmin/reps-retailers/${tab === 'reps' ? 'rep' : 'retailer'}/create`}>
              Add {one}
            </Link>
          ) : null}
        </div>
      </ListHeading>
      <section id="reps-retailers-import" className="panel admin-import" aria-labelledby="reps-retailers-import-title" hidden={!importing}>
        <div className="admin-import__heading">
          <h2 id="reps-retailers-import-title">Import {tab} from CSV</h2>
          <button type="button" className="button button--small button--secondary" onClick={() => setImporting(false)}>
            Close<span className="visually-hidden"> the import</span>
          </button>
        </div>
        <CsvImport
          key={tab}
          resource={tab}
          noun={tab}
          columns={COLUMNS[tab]}
          note={tab === 'reps' && !mayDirectLeads ? REP_IMPORT_NOTE : undefined}
          onAuthRedirect={(to) => void navigate(to)}
          onImported={async () => {
            del.setNotice(null);
            await revalidator.revalidate();
          }}
        />
      </section>
      <nav className="admin-tabs" aria-label="Reps or retailers">
        <Link to={listPath('reps', '')} aria-current={tab === 'reps' ? 'page' : undefined}>
          Reps
        </Link>
        <Link to={listPath('retailers', '')} aria-current={tab === 'retailers' ? 'page' : undefined}>
          Retailers
        </Link>
      </nav>
      {tab === 'reps' && !mayDirectLeads ? <p className="field__hint">{REPS_HINT}</p> : null}
      {reps ? (
        <ResourceList<RepDetail> {...shared} columns={REP_COLUMNS} rows={reps.items} rowKey={(r) => r.id} actions={actions} />
      ) : (
        <ResourceList<RetailerRow>
          {...shared}
          columns={RETAILER_COLUMNS}
          rows={retailers?.items ?? []}
          rowKey={(r) => r.id}
          actions={actions}
        />
      )}
      <ConfirmDialog {...del.dialog} title={`Delete ${one}`} confirmLabel={`Delete ${one}`}>
        <p>{del.target ? deleteQuestion(one, del.target.name) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
