import { Link } from 'react-router';
import { PRODUCT_GROUPS } from '#shared/product-content.ts';
import { PRODUCT_REGION_OPTIONS, PRODUCT_SORTS, ProductAdminFilterSchema } from '#shared/product-admin.ts';
import {
  EmptyState,
  FilterSelect,
  ListFilterForm,
  nextSortDirection,
  pageInfo,
  Pager,
  SearchField,
  SortableHeader,
  useListParams,
  type SortDirection,
} from '../../components/admin/list-kit.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { ProductAdminListSchema } from '#shared/validation/versioned-admin.ts';
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
    const page = dataOf(await api().postChecked('/api/admin/products/filter', filter, ProductAdminListSchema));
    return { ...page, filter };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading products...</p>;
}

export const regionCode = (id: number) => PRODUCT_REGION_OPTIONS.find((r) => r.id === id)?.code ?? String(id);
const regionName = (id: number) => PRODUCT_REGION_OPTIONS.find((r) => r.id === id)?.name ?? `Region ${id}`;

export default function ProductsList({ loaderData }: Route.ComponentProps) {
  const { items, total, filter } = loaderData;
  const list = useListParams(DEFAULTS);
  const { page, pages } = pageInfo(filter.start, PAGE_SIZE, total);
  const filtered = Boolean(filter.searchText || filter.region || filter.group || (filter.status !== null && filter.status !== undefined));

  function sortHeader(sort: (typeof PRODUCT_SORTS)[number]) {
    const direction: SortDirection = filter.sort === sort.id ? (filter.dir === 'desc' ? 'descending' : 'ascending') : 'none';
    // names and groups start A-Z; the last save starts with the newest
    const next = nextSortDirection(direction, sort.id === 'updated' ? 'descending' : 'ascending');
    return (
      <SortableHeader
        key={sort.id}
        label={sort.label}
        direction={direction}
        to={list.href({ sort: sortParam(sort.id, next === 'descending' ? 'desc' : 'asc') })}
      />
    );
  }

  return (
    <section aria-labelledby="products-title">
      <div className="admin-heading">
        <h1 id="products-title" className="admin-title">
          Products
        </h1>
      </div>
      <p className="admin-lead">
        Every product page of the US and Canadian sites. Products are fixed pages: edit one to change what its page shows; each save keeps
        the earlier versions.
      </p>
      <ListFilterForm ariaLabel="Find products" className="admin-filters products-filters" submitLabel="Filter">
        {/* keyed by the address's values: a header link or Clear filters changes them without remounting the form */}
        <SearchField
          id="products-search"
          className="products-filters__search"
          inputKey={filter.searchText ?? ''}
          label="Search"
          name="search"
          defaultValue={filter.searchText ?? ''}
          placeholder="Name or address"
          maxLength={200}
        />
        <FilterSelect
          key={`r${filter.region ?? ''}`}
          id="products-region"
          label="Region"
          name="region"
          allLabel="All regions"
          options={PRODUCT_REGION_OPTIONS.map((r) => ({ value: r.id, label: r.name }))}
          defaultValue={filter.region ? String(filter.region) : ''}
        />
        <FilterSelect
          key={`g${filter.group ?? ''}`}
          id="products-group"
          label="Group"
          name="group"
          allLabel="All groups"
          options={PRODUCT_GROUPS.map((g) => ({ value: g, label: g }))}
          defaultValue={filter.group ?? ''}
        />
        <FilterSelect
          key={`v${filter.status ?? ''}`}
          id="products-visibility"
          label="Visibility"
          name="visibility"
          allLabel="Published and hidden"
          options={[
            { value: 'published', label: 'Published' },
            { value: 'hidden', label: 'Hidden' },
          ]}
          defaultValue={filter.status === 1 ? 'published' : filter.status === 0 ? 'hidden' : ''}
        />
        <FilterSelect
          key={`s${sortParam(filter.sort, filter.dir)}`}
          id="products-sort"
          label="Sort by"
          name="sort"
          allLabel="Menu order"
          options={SORT_OPTIONS}
          defaultValue={sortParam(filter.sort, filter.dir)}
        />
      </ListFilterForm>
      <p className="admin-count" role="status">
        {total === 0 ? 'No products match these filters.' : total === 1 ? '1 product' : `${total} products`}
        {filtered ? (
          <>
            {' '}
            · <Link to={list.href({ search: '', region: '', group: '', visibility: '' })}>Clear filters</Link>
          </>
        ) : null}
      </p>
      <div className="table-wrap">
        <table className="admin-table admin-table--products">
          <caption className="visually-hidden">
            Products{filter.sort !== 'menu' ? `, sorted by ${filter.sort} ${filter.dir === 'desc' ? 'descending' : 'ascending'}` : ''}
          </caption>
          <thead>
            <tr>
              {sortHeader(PRODUCT_SORTS[0])}
              <th scope="col">Region</th>
              {sortHeader(PRODUCT_SORTS[1])}
              <th scope="col">Status</th>
              {sortHeader(PRODUCT_SORTS[2])}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <EmptyState colSpan={6}>No products match these filters.</EmptyState>
            ) : (
              items.map((p) => (
                <tr key={p.id}>
                  <td data-label="Name">
                    <span className="admin-table__name">{p.name}</span>
                    <span className="field__hint">{p.path}</span>
                  </td>
                  <td data-label="Region">
                    <abbr title={regionName(p.region)}>{regionCode(p.region)}</abbr>
                  </td>
                  <td data-label="Group">{p.group}</td>
                  <td data-label="Status">
                    <span className={`status-tag status-tag--${p.status === 1 ? 'published' : 'hidden'}`}>
                      {p.status === 1 ? 'Published' : 'Hidden'}
                    </span>
                    {p.nextPublishAt ? (
                      <span className="field__hint admin-table__note">Change scheduled for {formatDateTime(p.nextPublishAt)}</span>
                    ) : null}
                  </td>
                  <td data-label="Updated">{formatDateTime(p.updated)}</td>
                  <td className="admin-table__actions-cell">
                    <div className="admin-table__actions">
                      <Link
                        className="button button--small button--secondary"
                        to={`/siteadmin/products/edit/${p.id}`}
                        aria-label={`Edit ${p.name} (${regionName(p.region)})`}
                      >
                        Edit
                      </Link>
                      {p.status === 1 ? (
                        <a
                          className="button button--small button--secondary"
                          href={p.path}
                          target="_blank"
                          rel="noreferrer"
                          aria-label={`View page ${p.name} (${regionName(p.region)}), opens in a new tab`}
                        >
                          View page
                        </a>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <Pager
          prevTo={page > 1 ? list.href({ page: page - 1 }) : null}
          nextTo={page < pages ? list.href({ page: page + 1 }) : null}
          status={
            <>
              Page {page} of {pages}
            </>
          }
        />
      ) : null}
    </section>
  );
}
