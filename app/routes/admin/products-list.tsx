import { Link, useRevalidator } from 'react-router';
import { kindBulk } from '../../components/admin/bulk-actions.tsx';
import { PRODUCT_GROUPS } from '#shared/product-content.ts';
import { PRODUCT_REGION_OPTIONS, ProductAdminFilterSchema, type ProductAdminListItem } from '#shared/product-admin.ts';
import { onOffFilter, regionFilter, SearchFilters } from '../../components/admin/list-filters.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { usePagedListParams } from '../../components/admin/list-params.ts';
import { ResourceList, type ResourceColumn } from '../../components/admin/resource-list.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { KIND, KIND_API } from '#shared/kinds/index.ts';
import type { Route } from './+types/products-list';

export const meta: Route.MetaFunction = () => [
  { title: 'Products | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const PAGE_SIZE = 25;

/** The list's address keeps its state: ?search=&region=&group=&visibility=&sort=name-desc&page= (defaults left out). */
const DEFAULTS = { search: '', region: '', group: '', visibility: '', sort: '', page: '1' };

/** The sort choices of the Sort select (phones have no column headers to click); the headers use the same values. */
const SORT_OPTIONS = [
  { value: 'name', label: 'Name A–Z' },
  { value: 'name-desc', label: 'Name Z–A' },
  { value: 'group', label: 'Group A–Z' },
  { value: 'group-desc', label: 'Group Z–A' },
  { value: 'updated-desc', label: 'Updated, newest first' },
  { value: 'updated', label: 'Updated, oldest first' },
];
const sortParam = (sort: string, dir: string) => (sort === 'menu' ? '' : `${sort}${dir === 'desc' ? '-desc' : ''}`);
const VISIBILITY = { published: 1, hidden: 0 } as const;

/** The API filter from the list's address; a value that makes no sense is dropped rather than refused. */
export function filterFromQuery(q: URLSearchParams) {
  const page = Math.max(1, Math.floor(Number(q.get('page')) || 1));
  const raw = {
    searchText: q.get('search')?.trim() || null,
    region: Number(q.get('region')) || null,
    group: q.get('group') || null,
    status: VISIBILITY[q.get('visibility') as keyof typeof VISIBILITY] ?? null,
    sort: (q.get('sort') ?? '').replace(/-desc$/, '') || 'menu',
    dir: q.get('sort')?.endsWith('-desc') ? 'desc' : 'asc',
    start: (page - 1) * PAGE_SIZE,
    length: PAGE_SIZE,
  };
  const parsed = ProductAdminFilterSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // drop only the parts that failed (an unknown group or region in a hand-typed address)
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return ProductAdminFilterSchema.parse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filter = filterFromQuery(new URL(request.url).searchParams);
  return loadOrRedirect(async () => {
    const page = dataOf(await api().call(KIND_API.product.filter, { body: filter }));
    return { ...page, filter };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading products...</p>;
}

export const regionCode = (id: number) => PRODUCT_REGION_OPTIONS.find((r) => r.id === id)?.code ?? String(id);
const regionName = (id: number) => PRODUCT_REGION_OPTIONS.find((r) => r.id === id)?.name ?? `Region ${id}`;

const COLUMNS: ResourceColumn<ProductAdminListItem>[] = [
  {
    key: 'name',
    label: 'Name',
    main: true,
    sort: { column: 'name', first: 'asc' },
    cell: (p) => (
      <>
        <span className="admin-table__name">{p.name}</span>
        <span className="field__hint">{p.path}</span>
      </>
    ),
  },
  { key: 'region', label: 'Region', cell: (p) => <abbr title={regionName(p.region)}>{regionCode(p.region)}</abbr> },
  { key: 'group', label: 'Group', sort: { column: 'group', first: 'asc' }, cell: (p) => p.group },
  {
    key: 'status',
    label: 'Status',
    cell: (p) => (
      <>
        <span className={`status-tag status-tag--${p.status === 1 ? 'published' : 'hidden'}`}>
          {p.status === 1 ? 'Published' : 'Hidden'}
        </span>
        {p.nextPublishAt ? (
          <span className="field__hint admin-table__note">Change scheduled for {formatDateTime(p.nextPublishAt)}</span>
        ) : null}
      </>
    ),
  },
  { key: 'updated', label: 'Updated', sort: { column: 'updated', first: 'desc' }, cell: (p) => formatDateTime(p.updated) },
];

export default function ProductsList({ loaderData }: Route.ComponentProps) {
  const { items, total, filter } = loaderData;
  const list = usePagedListParams(DEFAULTS, filter.start, PAGE_SIZE, total);
  const revalidator = useRevalidator();
  // the list's rows are edited, never deleted here: publish and unpublish
  const bulk = kindBulk({
    def: KIND.product,
    calls: KIND_API.product,
    noun: { one: 'product', many: 'products' },
    total,
    filter,
    only: ['publish', 'unpublish'],
    after: () => revalidator.revalidate(),
  });
  const filtered = Boolean(filter.searchText || filter.region || filter.group || (filter.status !== null && filter.status !== undefined));

  return (
    <section aria-labelledby="products-title">
      <ListHeading id="products-title" title="Products" />
      <p className="admin-lead">
        Every product page of the US and Canadian sites. Products are fixed pages: edit one to change what its page shows; each save keeps
        the earlier versions.
      </p>
      <ResourceList<ProductAdminListItem>
        caption={`Products${filter.sort !== 'menu' ? `, sorted by ${filter.sort} ${filter.dir === 'desc' ? 'descending' : 'ascending'}` : ''}`}
        filters={
          // keyed by the address's values: a header link or Clear filters changes them without remounting the form
          <SearchFilters
            ariaLabel="Find products"
            className="admin-filters products-filters"
            submitLabel="Filter"
            idPrefix="products"
            search={{
              className: 'products-filters__search',
              inputKey: filter.searchText ?? '',
              label: 'Search',
              name: 'search',
              defaultValue: filter.searchText ?? '',
              placeholder: 'Name or address',
              maxLength: 200,
            }}
            selects={[
              regionFilter(PRODUCT_REGION_OPTIONS, filter.region),
              {
                name: 'group',
                label: 'Group',
                allLabel: 'All groups',
                options: PRODUCT_GROUPS.map((g) => ({ value: g, label: g })),
                value: filter.group,
              },
              onOffFilter(
                'visibility',
                'Visibility',
                'Published and hidden',
                ['Published', 'Hidden'],
                filter.status === 1 ? 'published' : filter.status === 0 ? 'hidden' : '',
                ['published', 'hidden'],
              ),
              {
                name: 'sort',
                label: 'Sort by',
                allLabel: 'Menu order',
                options: SORT_OPTIONS,
                value: sortParam(filter.sort, filter.dir),
              },
            ]}
          />
        }
        count={
          <>
            {total === 0 ? 'No products match these filters.' : total === 1 ? '1 product' : `${total} products`}
            {filtered ? (
              <>
                {' '}
                · <Link to={list.href({ search: '', region: '', group: '', visibility: '' })}>Clear filters</Link>
              </>
            ) : null}
          </>
        }
        tableClass="admin-table--products"
        columns={COLUMNS}
        rows={items}
        rowKey={(p) => p.id}
        sort={{ sort: filter.sort, dir: filter.dir, href: (sort, dir) => list.href({ sort: sortParam(sort, dir) }) }}
        actions={(p) => [
          { label: 'Edit', ariaLabel: `Edit ${p.name} (${regionName(p.region)})`, to: `/siteadmin/products/edit/${p.id}` },
          ...(p.status === 1
            ? [{ label: 'View page', ariaLabel: `View page ${p.name} (${regionName(p.region)}), opens in a new tab`, href: p.path }]
            : []),
        ]}
        empty="No products match these filters."
        paging={list.paging}
        bulk={bulk ? { config: bulk, id: (p) => p.id, title: (p) => `${p.name} (${regionName(p.region)})` } : undefined}
      />
    </section>
  );
}
