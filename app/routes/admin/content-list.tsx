import { useState } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import { CONTENT_ITEM_REGIONS } from '#shared/content-admin.ts';
import { RESOURCE_TYPES, resourceTypeName } from '#shared/knowledge.ts';
import { kindBulk } from '../../components/admin/bulk-actions.tsx';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { useConfirmAction } from '../../components/admin/list-actions.tsx';
import { onOffFilter, readScheduleFilter, regionFilter, scheduleFilter, SearchFilters } from '../../components/admin/list-filters.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { pageInfo } from '../../components/admin/list-paging.tsx';
import { listHref, useRevalidateWhenDue } from '../../components/admin/list-params.ts';
import { scheduleColumns, ShortDate } from '../../components/admin/list-table.tsx';
import { ResourceList, type ResourceColumn } from '../../components/admin/resource-list.tsx';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { contentKindOf, type ContentKindConfig } from '../../lib/content-kinds.ts';
import type { Route } from './+types/content-list';

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${contentKindOf(location.pathname).title} | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export const PAGE_SIZE = 20;
const SORTS = ['updated', 'title', 'publishDate'] as const;
type Sort = (typeof SORTS)[number];

export interface ContentListRow {
  id: number;
  slug: string;
  path: string;
  type: number;
  category: number | null;
  pinned: boolean;
  region: number;
  status: number;
  title: string;
  publishDate: string;
  publishAt: string | null;
  live: boolean;
  updated: string;
  nextPublishAt: string | null;
  unpublishAt: string | null;
}

/** An on/off filter's value: published (1), draft (0) or either (null). */
const onOff = (n: number | null): 0 | 1 | null => (n === 0 || n === 1 ? n : null);

/** The list's state as it stands in the address: ?q=&type=&region=&status=&sort=&dir=&page= */
export function readListQuery(search: URLSearchParams) {
  const num = (name: string, allowed: readonly number[]) => {
    const n = Number(search.get(name));
    return search.get(name) !== null && search.get(name) !== '' && allowed.includes(n) ? n : null;
  };
  const sort: Sort = (SORTS as readonly string[]).includes(search.get('sort') ?? '') ? (search.get('sort') as Sort) : 'updated';
  const dirParam = search.get('dir');
  const dir: 'asc' | 'desc' = dirParam === 'asc' || dirParam === 'desc' ? dirParam : sort === 'title' ? 'asc' : 'desc';
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    type: num('type', [0, 1, 2]),
    region: num('region', [2, 3]),
    status: onOff(num('status', [0, 1])),
    schedule: readScheduleFilter(search),
    sort,
    dir,
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
  };
}
export type ListQuery = ReturnType<typeof readListQuery>;

/** The filter call's body for the list's state (the bulk actions' "all matching" sends it too). */
function filterBody(config: ContentKindConfig, query: ListQuery) {
  return {
    searchText: query.q || null,
    type: config.typed ? query.type : null,
    region: query.region,
    status: query.status,
    schedule: query.schedule,
    sort: query.sort,
    dir: query.dir,
    start: (query.page - 1) * PAGE_SIZE,
    length: PAGE_SIZE,
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const config = contentKindOf(url.pathname);
  const query = readListQuery(url.searchParams);
  return loadOrRedirect(async () => {
    const page = dataOf(await api().call(config.calls.filter, { body: filterBody(config, query) }));
    return { ...page, query };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading...</p>;
}

const DEFAULTS = { q: '', type: '', region: '', status: '', schedule: '', sort: 'updated', dir: '', page: 1 };

function href(config: ContentKindConfig, query: ListQuery, changes: Partial<Record<keyof ListQuery, string | number | null>>) {
  const next = { ...query, ...changes };
  // the default direction of a column stays out of the address
  const dir = next.dir === (next.sort === 'title' ? 'asc' : 'desc') ? '' : next.dir;
  return listHref(
    config.path,
    {
      q: next.q,
      type: next.type,
      region: next.region,
      status: next.status,
      schedule: next.schedule,
      sort: next.sort,
      dir,
      page: next.page,
    },
    DEFAULTS,
  );
}

/** What the site shows of an item: live, a draft, scheduled, or not yet live. */
export function statusLabel(row: Pick<ContentListRow, 'status' | 'live' | 'publishAt'>): string {
  if (row.status === 0) return 'Draft';
  // the Scheduled column gives the time (ADR 049)
  if (row.publishAt && new Date(row.publishAt).getTime() > Date.now()) return 'Scheduled';
  return row.live ? 'Published' : 'Not live';
}

/** The list's bulk actions (ADR 050): the kind's own, on the rows chosen or all the filter matches. */
function bulkOf(config: ContentKindConfig, query: ListQuery, total: number, after: () => Promise<unknown>) {
  const bulk = kindBulk({
    def: config.def,
    calls: config.calls,
    noun: { one: config.noun.toLowerCase(), many: config.plural },
    total,
    filter: filterBody(config, query),
    regions: CONTENT_ITEM_REGIONS,
    after,
  });
  return bulk ? { config: bulk, id: (row: ContentListRow) => row.id, title: (row: ContentListRow) => row.title } : undefined;
}

export const regionName = (id: number) => CONTENT_ITEM_REGIONS.find((r) => r.id === id)?.name ?? String(id);

export default function ContentList({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  const config = contentKindOf(useLocation().pathname);
  const revalidator = useRevalidator();
  const [pinning, setPinning] = useState<number | null>(null);
  const [pinNotice, setPinNotice] = useState<string | null>(null);
  const [pinError, setPinError] = useState<string | null>(null);
  const del = useConfirmAction<ContentListRow>({
    action: (row) => api().call(config.calls.remove, { params: { id: row.id } }),
    done: (row) => `The ${config.noun.toLowerCase()} “${row.title}” was deleted.`,
    after: () => {
      setPinNotice(null);
      return revalidator.revalidate();
    },
  });

  /** Pin or unpin at once (spec: POST .../pin with baseId, type, pinned); the list reloads in its order. */
  async function togglePin(row: ContentListRow) {
    // only the kinds that can be pinned show the button
    const pin = config.calls.pin;
    if (!pin) return;
    setPinning(row.id);
    setPinError(null);
    setPinNotice(null);
    del.setNotice(null);
    try {
      const env = await api().call(pin, { body: { baseId: row.id, type: row.type, pinned: !row.pinned } });
      if (!env.success) setPinError(env.message ?? 'Something is wrong');
      else {
        setPinNotice(row.pinned ? `“${row.title}” is no longer pinned.` : `“${row.title}” is pinned: it leads the public list.`);
        await revalidator.revalidate();
      }
    } catch (e) {
      await del.fail(e, setPinError);
    } finally {
      setPinning(null);
    }
  }
  // an item going live or expiring while the list is open shows its new state without a reload (ADR 049)
  useRevalidateWhenDue(
    items,
    items.flatMap((row) => [row.nextPublishAt, row.unpublishAt]),
    () => revalidator.revalidate(),
  );
  const { page, pages } = pageInfo((query.page - 1) * PAGE_SIZE, PAGE_SIZE, total);
  const titleId = `${config.kind}-list-title`;

  const filtered = Boolean(query.q || query.type !== null || query.region !== null || query.status !== null || query.schedule !== null);
  const columns: ResourceColumn<ContentListRow>[] = [
    {
      key: 'title',
      label: 'Title',
      main: true,
      sort: { column: 'title', first: 'asc' },
      cell: (row) => (
        <>
          <Link to={`${config.path}/edit/${row.id}`}>{row.title}</Link>
          {row.pinned ? (
            <>
              {' '}
              <span className="badge">Pinned</span>
            </>
          ) : null}
        </>
      ),
    },
    ...(config.typed ? [{ key: 'type', label: 'Type', cell: (row: ContentListRow) => resourceTypeName(row.type) }] : []),
    { key: 'region', label: 'Region', cell: (row) => regionName(row.region) },
    { key: 'status', label: 'Status', cell: (row) => statusLabel(row) },
    ...scheduleColumns(items, query.schedule),
    {
      key: 'date',
      label: 'Date',
      sort: { column: 'publishDate', first: 'desc' },
      cell: (row) => <ShortDate iso={row.publishDate} />,
    },
    {
      key: 'updated',
      label: 'Updated',
      sort: { column: 'updated', first: 'desc' },
      cell: (row) => <ShortDate iso={row.updated} />,
    },
  ];

  return (
    <section aria-labelledby={titleId}>
      <ListHeading id={titleId} title={config.title} add={{ to: `${config.path}/create`, label: `Add ${config.noun}` }} />
      <ResourceList<ContentListRow>
        caption={`${config.title}${
          query.sort !== 'updated' || query.dir !== 'desc'
            ? `, sorted by ${query.sort === 'publishDate' ? 'date' : query.sort} ${query.dir === 'asc' ? 'ascending' : 'descending'}`
            : ''
        }`}
        filters={
          <SearchFilters
            ariaLabel={`Find ${config.plural}`}
            submitLabel="Filter"
            className="filter-bar"
            hidden={query.sort !== 'updated' ? { sort: query.sort, dir: query.dir } : undefined}
            idPrefix={config.kind}
            search={{ className: 'filter-bar__search', label: 'Search title or slug', name: 'q', defaultValue: query.q, maxLength: 200 }}
            selects={[
              config.typed && {
                name: 'type',
                label: 'Type',
                allLabel: 'All types',
                options: RESOURCE_TYPES.map((t) => ({ value: t.id, label: t.name })),
                value: query.type,
              },
              regionFilter(CONTENT_ITEM_REGIONS, query.region),
              onOffFilter('status', 'Status', 'Published and drafts', ['Published', 'Drafts'], query.status),
              scheduleFilter(query.schedule),
            ]}
          />
        }
        notice={pinNotice ?? del.notice}
        error={pinError}
        count={
          <>
            {total === 0
              ? `No ${config.plural} found.`
              : `Showing ${(query.page - 1) * PAGE_SIZE + 1}–${(query.page - 1) * PAGE_SIZE + items.length} of ${total} ${config.plural}`}
            {query.q ? ` matching “${query.q}”` : ''}
          </>
        }
        columns={columns}
        rows={items}
        rowKey={(row) => row.id}
        sort={{ sort: query.sort, dir: query.dir, href: (sort, dir) => href(config, query, { sort, dir, page: 1 }) }}
        actions={(row) => [
          { label: 'Edit', ariaLabel: `Edit ${row.title}`, to: `${config.path}/edit/${row.id}` },
          ...(row.live && row.status === 1 ? [{ label: 'View', ariaLabel: `View ${row.title} (opens in a new tab)`, href: row.path }] : []),
          ...(config.pinnable
            ? [
                {
                  label: row.pinned ? 'Unpin' : 'Pin',
                  ariaLabel: `${row.pinned ? 'Unpin' : 'Pin'} ${row.title}`,
                  disabled: pinning !== null,
                  onClick: () => void togglePin(row),
                },
              ]
            : []),
          { label: 'Delete', ariaLabel: `Delete ${row.title}`, danger: true, onClick: () => del.ask(row) },
        ]}
        empty={
          filtered ? (
            <>
              Nothing matches these filters. <Link to={config.path}>Show all {config.plural}</Link>
            </>
          ) : (
            `No ${config.plural} yet.`
          )
        }
        paging={{ page, pages, href: (n) => href(config, query, { page: n }) }}
        bulk={bulkOf(config, query, total, () => {
          setPinNotice(null);
          del.setNotice(null);
          return revalidator.revalidate();
        })}
      />
      <ConfirmDialog {...del.dialog} title={`Delete ${config.noun}`} confirmLabel={`Delete ${config.noun}`}>
        <p>
          {del.target
            ? `Are you sure you want to delete the ${config.noun} ${del.target.title} ? It leaves the public site at once; its saved versions are kept.`
            : null}
        </p>
      </ConfirmDialog>
    </section>
  );
}
