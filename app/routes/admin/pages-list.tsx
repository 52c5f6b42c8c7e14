import { Link, useRevalidator } from 'react-router';
import { REGION_OPTIONS } from '#shared/regions.ts';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import {
  EmptyState,
  FilterSelect,
  ListFilterForm,
  ListNotice,
  listHref,
  pageInfo,
  PageLinks,
  RowActions,
  SearchField,
  ShortDate,
  SortLinkHeader,
  useConfirmAction,
} from '../../components/admin/list-kit.tsx';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/pages-list';

export const meta: Route.MetaFunction = () => [{ title: 'Pages | Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

const PAGE_SIZE = 20;

/** The kinds of page a visitor can see: the homes, campaign pages and About (fixed addresses), and custom pages. */
export const PAGE_KINDS = [
  { value: 'home', label: 'Homes' },
  { value: 'campaign', label: 'Campaign pages' },
  { value: 'about', label: 'About' },
  { value: 'list', label: 'List and form pages' },
  { value: 'custom', label: 'Custom pages' },
] as const;
type PageKind = (typeof PAGE_KINDS)[number]['value'];

interface CustomRow {
  id: number;
  slug: string;
  path: string;
  title: string;
  visibility: number;
  regionIds: number[];
  updated: string;
}

interface LandingRow {
  id: number;
  key: string;
  kind: 'home' | 'campaign' | 'about' | 'list';
  path: string;
  title: string;
  regionIds: number[];
  updated: string;
}

function readQuery(search: URLSearchParams) {
  const kind = PAGE_KINDS.some((k) => k.value === search.get('kind')) ? (search.get('kind') as PageKind) : null;
  const visibility = search.get('visibility') === '1' ? 1 : search.get('visibility') === '0' ? 0 : null;
  const region = [2, 3, 4].includes(Number(search.get('region'))) ? Number(search.get('region')) : null;
  const sort: 'title' | 'updated' = search.get('sort') === 'title' ? 'title' : 'updated';
  const dirParam = search.get('dir');
  const dir: 'asc' | 'desc' = dirParam === 'asc' || dirParam === 'desc' ? dirParam : sort === 'title' ? 'asc' : 'desc';
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    kind,
    visibility,
    region,
    sort,
    dir,
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
  };
}
type Query = ReturnType<typeof readQuery>;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = readQuery(new URL(request.url).searchParams);
  return loadOrRedirect(async () => {
    const wantLanding = query.kind !== 'custom' && query.visibility !== 0;
    const wantCustom = query.kind === null || query.kind === 'custom';
    const [landing, custom] = await Promise.all([
      wantLanding ? api().post<LandingRow[]>('/api/admin/landing-pages/filter', {}) : null,
      wantCustom
        ? api().post<{ items: CustomRow[]; total: number }>('/api/admin/pages/filter', {
            searchText: query.q || null,
            visibility: query.visibility,
            region: query.region,
            sort: query.sort,
            dir: query.dir,
            start: (query.page - 1) * PAGE_SIZE,
            length: PAGE_SIZE,
          })
        : null,
    ]);
    const needle = query.q.toLowerCase();
    const sitePages = (landing ? dataOf(landing) : []).filter(
      (p) =>
        (query.kind === null || p.kind === query.kind) &&
        (query.region === null || p.regionIds.includes(query.region)) &&
        (!needle || p.title.toLowerCase().includes(needle) || p.path.includes(needle)),
    );
    return { query, sitePages, custom: custom ? dataOf(custom) : null };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading pages...</p>;
}

const DEFAULTS = { q: '', kind: '', visibility: '', region: '', sort: 'updated', dir: '', page: 1 };
function href(query: Query, changes: Partial<Record<keyof Query, string | number | null>>) {
  const next = { ...query, ...changes };
  const dir = next.dir === (next.sort === 'title' ? 'asc' : 'desc') ? '' : next.dir;
  return listHref(
    '/siteadmin/pages',
    { q: next.q, kind: next.kind, visibility: next.visibility, region: next.region, sort: next.sort, dir, page: next.page },
    DEFAULTS,
  );
}

const regionCodes = (ids: readonly number[]) => ids.map((id) => REGION_OPTIONS.find((r) => r.id === id)?.name ?? id).join(', ');
const KIND_LABELS: Record<LandingRow['kind'], string> = { home: 'Home', campaign: 'Campaign page', about: 'About', list: 'List page' };
const kindLabel = (kind: LandingRow['kind']) => KIND_LABELS[kind];

export default function PagesList({ loaderData }: Route.ComponentProps) {
  const { query, sitePages, custom } = loaderData;
  const revalidator = useRevalidator();
  const del = useConfirmAction<CustomRow>({
    action: (row) => api().get(`/api/admin/pages/delete/${row.id}`),
    done: (row) => `The page “${row.title}” was deleted.`,
    after: () => revalidator.revalidate(),
  });

  const sortHeader = (label: string, column: 'title' | 'updated') => (
    <SortLinkHeader
      label={label}
      column={column}
      sort={query.sort}
      dir={query.dir}
      first={column === 'title' ? 'asc' : 'desc'}
      href={(sort, dir) => href(query, { sort, dir, page: 1 })}
    />
  );
  const showSite = query.kind !== 'custom' && query.visibility !== 0;
  const { page, pages } = pageInfo((query.page - 1) * PAGE_SIZE, PAGE_SIZE, custom?.total ?? 0);

  return (
    <section aria-labelledby="pages-title">
      <div className="admin-heading">
        <h1 id="pages-title" className="admin-title">
          Pages
        </h1>
        <Link className="button button--primary" to="/siteadmin/pages/create">
          Add Page
        </Link>
      </div>
      <ListFilterForm
        ariaLabel="Find pages"
        submitLabel="Filter"
        className="filter-bar"
        hidden={query.sort !== 'updated' ? { sort: query.sort, dir: query.dir } : undefined}
      >
        <SearchField
          id="pages-search"
          className="filter-bar__search"
          label="Search title or address"
          name="q"
          defaultValue={query.q}
          maxLength={200}
        />
        <FilterSelect id="pages-kind" label="Kind" name="kind" allLabel="All kinds" options={PAGE_KINDS} defaultValue={query.kind ?? ''} />
        <FilterSelect
          id="pages-region"
          label="Region"
          name="region"
          allLabel="All regions"
          options={REGION_OPTIONS.map((r) => ({ value: r.id, label: r.name }))}
          defaultValue={query.region === null ? '' : String(query.region)}
        />
        <FilterSelect
          id="pages-visibility"
          label="Visibility"
          name="visibility"
          allLabel="Visible and hidden"
          options={[
            { value: 1, label: 'Visible' },
            { value: 0, label: 'Hidden' },
          ]}
          defaultValue={query.visibility === null ? '' : String(query.visibility)}
        />
      </ListFilterForm>
      <ListNotice notice={del.notice} />

      {showSite ? (
        <section aria-labelledby="site-pages-title" className="admin-section">
          <h2 id="site-pages-title" className="admin-subtitle">
            Homes, campaign pages and About
          </h2>
          <p className="field__hint">These pages have fixed addresses: edit their content; they cannot be added or deleted here.</p>
          <div className="table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Homes, campaign pages and About</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Address</th>
                  <th scope="col">Regions</th>
                  <th scope="col">Updated</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sitePages.length === 0 ? <EmptyState colSpan={6}>No page of these kinds matches.</EmptyState> : null}
                {sitePages.map((p) => (
                  <tr key={p.id}>
                    <td data-label="Title">
                      <Link to={`/siteadmin/pages/landing/edit/${p.id}`}>{p.title}</Link>
                    </td>
                    <td data-label="Kind">{kindLabel(p.kind)}</td>
                    <td data-label="Address">{p.path}</td>
                    <td data-label="Regions">{regionCodes(p.regionIds)}</td>
                    <td data-label="Updated" className="admin-table__nowrap">
                      <ShortDate iso={p.updated} />
                    </td>
                    <RowActions name={p.title} editTo={`/siteadmin/pages/landing/edit/${p.id}`} viewHref={p.path} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {custom ? (
        <section aria-labelledby="custom-pages-title" className="admin-section">
          <h2 id="custom-pages-title" className="admin-subtitle">
            Custom pages
          </h2>
          <p className="admin-count">
            {custom.total === 0
              ? 'No custom pages found.'
              : `Showing ${(query.page - 1) * PAGE_SIZE + 1}–${(query.page - 1) * PAGE_SIZE + custom.items.length} of ${custom.total} custom pages`}
          </p>
          <div className="table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Custom pages</caption>
              <thead>
                <tr>
                  {sortHeader('Title', 'title')}
                  <th scope="col">Address</th>
                  <th scope="col">Regions</th>
                  <th scope="col">Visibility</th>
                  {sortHeader('Updated', 'updated')}
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {custom.items.length === 0 ? <EmptyState colSpan={6}>No custom page matches.</EmptyState> : null}
                {custom.items.map((p) => (
                  <tr key={p.id}>
                    <td data-label="Title">
                      <Link to={`/siteadmin/pages/edit/${p.id}`}>{p.title}</Link>
                    </td>
                    <td data-label="Address">{p.path}</td>
                    <td data-label="Regions">{regionCodes(p.regionIds)}</td>
                    <td data-label="Visibility">{p.visibility === 1 ? 'Visible' : 'Hidden'}</td>
                    <td data-label="Updated" className="admin-table__nowrap">
                      <ShortDate iso={p.updated} />
                    </td>
                    <RowActions
                      name={p.title}
                      editTo={`/siteadmin/pages/edit/${p.id}`}
                      viewHref={p.visibility === 1 ? p.path : null}
                      onDelete={() => del.ask(p)}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageLinks page={page} pages={pages} href={(n) => href(query, { page: n })} />
        </section>
      ) : null}

      <ConfirmDialog
        open={del.target !== null}
        title="Delete Page"
        confirmLabel="Delete Page"
        busy={del.busy}
        error={del.error}
        onConfirm={del.confirm}
        onCancel={del.cancel}
      >
        <p>
          {del.target
            ? `Are you sure you want to delete the Page ${del.target.title} ? Its address answers Page Not Found at once; its saved versions are kept.`
            : null}
        </p>
      </ConfirmDialog>
    </section>
  );
}
