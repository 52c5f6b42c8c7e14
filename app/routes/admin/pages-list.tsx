import { Link, useRevalidator } from 'react-router';
import { REGION_OPTIONS } from '#shared/regions.ts';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { ListNotice, useConfirmAction } from '../../components/admin/list-actions.tsx';
import { onOffFilter, readScheduleFilter, regionFilter, scheduleFilter, SearchFilters } from '../../components/admin/list-filters.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { pageInfo } from '../../components/admin/list-paging.tsx';
import { listHref, useRevalidateWhenDue } from '../../components/admin/list-params.ts';
import { scheduleColumns, ShortDate } from '../../components/admin/list-table.tsx';
import { ResourceList } from '../../components/admin/resource-list.tsx';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { KIND, KIND_API } from '#shared/kinds/index.ts';
import { kindBulk } from '../../components/admin/bulk-actions.tsx';
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
  nextPublishAt: string | null;
  unpublishAt: string | null;
}

interface LandingRow {
  id: number;
  key: string;
  kind: 'home' | 'campaign' | 'about' | 'list';
  path: string;
  title: string;
  regionIds: number[];
  updated: string;
  status: number;
  nextPublishAt: string | null;
  unpublishAt: string | null;
}

function readQuery(search: URLSearchParams) {
  const kind = PAGE_KINDS.some((k) => k.value === search.get('kind')) ? (search.get('kind') as PageKind) : null;
  const visibility: 0 | 1 | null = search.get('visibility') === '1' ? 1 : search.get('visibility') === '0' ? 0 : null;
  const region = [2, 3, 4].includes(Number(search.get('region'))) ? Number(search.get('region')) : null;
  const sort: 'title' | 'updated' = search.get('sort') === 'title' ? 'title' : 'updated';
  const dirParam = search.get('dir');
  const dir: 'asc' | 'desc' = dirParam === 'asc' || dirParam === 'desc' ? dirParam : sort === 'title' ? 'asc' : 'desc';
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    kind,
    visibility,
    region,
    schedule: readScheduleFilter(search),
    sort,
    dir,
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
  };
}
type Query = ReturnType<typeof readQuery>;

/** The custom pages' filter call's body (the bulk actions' "all matching" sends it too). */
function customFilter(query: Query) {
  return {
    searchText: query.q || null,
    visibility: query.visibility,
    region: query.region,
    schedule: query.schedule,
    sort: query.sort,
    dir: query.dir,
    start: (query.page - 1) * PAGE_SIZE,
    length: PAGE_SIZE,
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = readQuery(new URL(request.url).searchParams);
  return loadOrRedirect(async () => {
    const wantLanding = query.kind !== 'custom' && query.visibility !== 0;
    const wantCustom = query.kind === null || query.kind === 'custom';
    const [landing, custom] = await Promise.all([
      wantLanding ? api().call(KIND_API.landing.filter) : null,
      wantCustom ? api().call(KIND_API.page.filter, { body: customFilter(query) }) : null,
    ]);
    const needle = query.q.toLowerCase();
    const sitePages = (landing ? dataOf(landing) : []).filter(
      (p) =>
        (query.kind === null || p.kind === query.kind) &&
        (query.region === null || p.regionIds.includes(query.region)) &&
        (query.schedule === null || (query.schedule === 'scheduled' ? p.nextPublishAt !== null : p.unpublishAt !== null)) &&
        (!needle || p.title.toLowerCase().includes(needle) || p.path.includes(needle)),
    );
    return { query, sitePages, custom: custom ? dataOf(custom) : null };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading pages...</p>;
}

const DEFAULTS = { q: '', kind: '', visibility: '', region: '', schedule: '', sort: 'updated', dir: '', page: 1 };
function href(query: Query, changes: Partial<Record<keyof Query, string | number | null>>) {
  const next = { ...query, ...changes };
  const dir = next.dir === (next.sort === 'title' ? 'asc' : 'desc') ? '' : next.dir;
  return listHref(
    '/siteadmin/pages',
    {
      q: next.q,
      kind: next.kind,
      visibility: next.visibility,
      region: next.region,
      schedule: next.schedule,
      sort: next.sort,
      dir,
      page: next.page,
    },
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
    action: (row) => api().call(KIND_API.page.remove, { params: { id: row.id } }),
    done: (row) => `The page “${row.title}” was deleted.`,
    after: () => revalidator.revalidate(),
  });

  // a page going live or expiring while the list is open shows its new state without a reload (ADR 049)
  useRevalidateWhenDue(
    loaderData,
    [...sitePages, ...(custom?.items ?? [])].flatMap((p) => [p.nextPublishAt, p.unpublishAt]),
    () => revalidator.revalidate(),
  );

  const bulkConfig = (total: number) => {
    const config = kindBulk({
      def: KIND.page,
      calls: KIND_API.page,
      noun: { one: 'custom page', many: 'custom pages' },
      total,
      filter: customFilter(query),
      regions: REGION_OPTIONS,
      after: () => {
        del.setNotice(null);
        return revalidator.revalidate();
      },
    });
    return config ? { config, id: (p: CustomRow) => p.id, title: (p: CustomRow) => p.title } : undefined;
  };

  const showSite = query.kind !== 'custom' && query.visibility !== 0;
  const { page, pages } = pageInfo((query.page - 1) * PAGE_SIZE, PAGE_SIZE, custom?.total ?? 0);

  return (
    <section aria-labelledby="pages-title">
      <ListHeading id="pages-title" title="Pages" add={{ to: '/siteadmin/pages/create', label: 'Add Page' }} />
      <SearchFilters
        ariaLabel="Find pages"
        submitLabel="Filter"
        className="filter-bar"
        hidden={query.sort !== 'updated' ? { sort: query.sort, dir: query.dir } : undefined}
        idPrefix="pages"
        search={{ className: 'filter-bar__search', label: 'Search title or address', name: 'q', defaultValue: query.q, maxLength: 200 }}
        selects={[
          { name: 'kind', label: 'Kind', allLabel: 'All kinds', options: PAGE_KINDS, value: query.kind },
          regionFilter(REGION_OPTIONS, query.region),
          onOffFilter('visibility', 'Visibility', 'Visible and hidden', ['Visible', 'Hidden'], query.visibility),
          scheduleFilter(query.schedule),
        ]}
      />
      <ListNotice notice={del.notice} />

      {showSite ? (
        <section aria-labelledby="site-pages-title" className="admin-section">
          <h2 id="site-pages-title" className="admin-subtitle">
            Homes, campaign pages and About
          </h2>
          <p className="field__hint">These pages have fixed addresses: edit their content; they cannot be added or deleted here.</p>
          <ResourceList<LandingRow>
            caption="Homes, campaign pages and About"
            notice={false}
            columns={[
              {
                key: 'title',
                label: 'Title',
                main: true,
                cell: (p) => <Link to={`/siteadmin/pages/landing/edit/${p.id}`}>{p.title}</Link>,
              },
              // a campaign page its expiry took off the site says so (saving it publishes it again)
              { key: 'kind', label: 'Kind', cell: (p) => `${kindLabel(p.kind)}${p.status === 1 ? '' : ', off the site'}` },
              { key: 'address', label: 'Address', breakAnywhere: true, cell: (p) => p.path },
              { key: 'regions', label: 'Regions', cell: (p) => regionCodes(p.regionIds) },
              ...scheduleColumns(sitePages, query.schedule),
              { key: 'updated', label: 'Updated', nowrap: true, cell: (p) => <ShortDate iso={p.updated} /> },
            ]}
            rows={sitePages}
            rowKey={(p) => p.id}
            actions={(p) => [
              { label: 'Edit', ariaLabel: `Edit ${p.title}`, to: `/siteadmin/pages/landing/edit/${p.id}` },
              ...(p.status === 1 ? [{ label: 'View', ariaLabel: `View ${p.title} (opens in a new tab)`, href: p.path }] : []),
            ]}
            empty="No page of these kinds matches."
          />
        </section>
      ) : null}

      {custom ? (
        <section aria-labelledby="custom-pages-title" className="admin-section">
          <h2 id="custom-pages-title" className="admin-subtitle">
            Custom pages
          </h2>
          <ResourceList<CustomRow>
            caption="Custom pages"
            notice={false}
            count={
              custom.total === 0
                ? 'No custom pages found.'
                : `Showing ${(query.page - 1) * PAGE_SIZE + 1}–${(query.page - 1) * PAGE_SIZE + custom.items.length} of ${custom.total} custom pages`
            }
            columns={[
              {
                key: 'title',
                label: 'Title',
                main: true,
                sort: { column: 'title', first: 'asc' },
                cell: (p) => <Link to={`/siteadmin/pages/edit/${p.id}`}>{p.title}</Link>,
              },
              { key: 'address', label: 'Address', breakAnywhere: true, cell: (p) => p.path },
              { key: 'regions', label: 'Regions', cell: (p) => regionCodes(p.regionIds) },
              { key: 'visibility', label: 'Visibility', cell: (p) => (p.visibility === 1 ? 'Visible' : 'Hidden') },
              ...scheduleColumns(custom.items, query.schedule),
              {
                key: 'updated',
                label: 'Updated',
                nowrap: true,
                sort: { column: 'updated', first: 'desc' },
                cell: (p) => <ShortDate iso={p.updated} />,
              },
            ]}
            rows={custom.items}
            rowKey={(p) => p.id}
            sort={{ sort: query.sort, dir: query.dir, href: (sort, dir) => href(query, { sort, dir, page: 1 }) }}
            actions={(p) => [
              { label: 'Edit', ariaLabel: `Edit ${p.title}`, to: `/siteadmin/pages/edit/${p.id}` },
              ...(p.visibility === 1 ? [{ label: 'View', ariaLabel: `View ${p.title} (opens in a new tab)`, href: p.path }] : []),
              { label: 'Delete', ariaLabel: `Delete ${p.title}`, danger: true, onClick: () => del.ask(p) },
            ]}
            empty="No custom page matches."
            paging={{ page, pages, href: (n) => href(query, { page: n }) }}
            bulk={bulkConfig(custom.total)}
          />
        </section>
      ) : null}

      <ConfirmDialog {...del.dialog} title="Delete Page" confirmLabel="Delete Page">
        <p>
          {del.target
            ? `Are you sure you want to delete the Page ${del.target.title} ? Its address answers Page Not Found at once; its saved versions are kept.`
            : null}
        </p>
      </ConfirmDialog>
    </section>
  );
}
