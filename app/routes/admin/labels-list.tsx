import { Link, useRevalidator } from 'react-router';
import { REGION_OPTIONS } from '#shared/regions.ts';
import {
  defaultDocumentDir,
  DOCUMENT_PRODUCT_OPTIONS,
  DocumentFilterBodySchema,
  LABEL_KINDS,
  productName,
  type DocumentListItem,
  type DocumentSort,
} from '#shared/validation/documents.ts';
import { kindFilter, useDocumentDelete } from '../../components/admin/document-fields.tsx';
import { regionFilter, SearchFilters } from '../../components/admin/list-filters.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { usePagedListParams } from '../../components/admin/list-params.ts';
import { ShortDate } from '../../components/admin/list-table.tsx';
import { ResourceList, type ResourceColumn } from '../../components/admin/resource-list.tsx';
import { loadOrRedirect } from '../../lib/api-client.ts';
import { fileTypeName, filterDocuments, formatSize, kindName, regionNames } from '../../lib/documents.ts';
import type { Route } from './+types/labels-list';

export const meta: Route.MetaFunction = () => [
  { title: 'Product Labels/SDSs | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const PAGE_SIZE = 20;
const LABEL_KIND_IDS = LABEL_KINDS.map((k) => k.id);

/** The list's address keeps its state: ?search=&product=&kind=&region=&sort=title-desc&page= (defaults left out). */
const DEFAULTS = { search: '', product: '', kind: '', region: '', sort: '', page: '1' };

/** The Sort select (phones have no column headers to click); the headers use the same values. By product A–Z is the default. */
const SORT_OPTIONS = [
  { value: 'product-desc', label: 'Product Z–A' },
  { value: 'title', label: 'Title A–Z' },
  { value: 'title-desc', label: 'Title Z–A' },
  { value: 'updated-desc', label: 'Updated, newest first' },
  { value: 'updated', label: 'Updated, oldest first' },
];
const sortParam = (sort: DocumentSort, dir: 'asc' | 'desc') =>
  sort === 'product' && dir === 'asc' ? '' : `${sort}${dir === 'desc' ? '-desc' : ''}`;

/** The API filter from the list's address; a value that makes no sense (a hand-typed product) is dropped rather than refused. */
export function labelsFilterFromQuery(q: URLSearchParams) {
  const page = Math.max(1, Math.floor(Number(q.get('page')) || 1));
  const kind = q.get('kind') ?? '';
  const raw = {
    start: (page - 1) * PAGE_SIZE,
    length: PAGE_SIZE,
    search: q.get('search')?.trim() ?? '',
    kind: (LABEL_KIND_IDS as readonly string[]).includes(kind) ? kind : '',
    kinds: LABEL_KIND_IDS,
    region: Number(q.get('region')) || 0,
    productKey: q.get('product') ?? '',
    sort: (q.get('sort') ?? '').replace(/-desc$/, '') || 'product',
    dir: q.get('sort')?.endsWith('-desc') ? 'desc' : 'asc',
  };
  const parsed = DocumentFilterBodySchema.safeParse(raw);
  // drop only the parts that failed (a product or sort that does not exist); the sort falls back to by product A–Z
  const bad = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
  if (bad.has('sort')) bad.add('dir');
  const kept = parsed.success
    ? parsed.data
    : DocumentFilterBodySchema.parse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
  return { ...kept, productKey: kept.productKey ?? '', sort: kept.sort ?? 'product', dir: kept.dir ?? 'asc' };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filter = labelsFilterFromQuery(new URL(request.url).searchParams);
  return loadOrRedirect(async () => {
    return { ...(await filterDocuments(filter)), filter };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading labels and SDSs...</p>;
}

const SORT_NAMES: Record<DocumentSort, string> = { product: 'product', title: 'title', updated: 'last update' };

const COLUMNS: ResourceColumn<DocumentListItem>[] = [
  {
    key: 'product',
    label: 'Product',
    sort: { column: 'product', first: defaultDocumentDir('product') },
    cell: (d) => productName(d.productKey) ?? <span className="field__hint">No product</span>,
  },
  {
    key: 'title',
    label: 'Title',
    main: true,
    sort: { column: 'title', first: defaultDocumentDir('title') },
    cell: (d) => <Link to={`/siteadmin/product-labels/edit/${d.id}`}>{d.title}</Link>,
  },
  { key: 'kind', label: 'Kind', cell: (d) => kindName(d.kind) },
  { key: 'regions', label: 'Regions', cell: (d) => regionNames(d.regionIds) },
  {
    key: 'file',
    label: 'File',
    nowrap: true,
    cell: (d) => (
      <span title={d.fileName}>
        {fileTypeName(d.contentType)}, {formatSize(d.size)}
      </span>
    ),
  },
  {
    key: 'updated',
    label: 'Updated',
    nowrap: true,
    sort: { column: 'updated', first: defaultDocumentDir('updated') },
    cell: (d) => <ShortDate iso={d.updated} />,
  },
];

export default function LabelsList({ loaderData }: Route.ComponentProps) {
  const { items, total, filter } = loaderData;
  const list = usePagedListParams(DEFAULTS, filter.start, PAGE_SIZE, total);
  const revalidator = useRevalidator();
  const del = useDocumentDelete<DocumentListItem>(
    () => revalidator.revalidate(),
    <p>
      A label or SDS stays listed under its product. To update one, open it with Edit and upload the new file: its link stays the same and
      the old file is kept. To withdraw one, make it a Statement with no product first.
    </p>,
  );
  const filtered = Boolean(filter.search || filter.kind || filter.region || filter.productKey);
  const currentSort = sortParam(filter.sort, filter.dir);

  // keyed by the address's values: a header link or Clear filters changes them without remounting the form
  const filters = (
    <SearchFilters
      ariaLabel="Find labels and SDSs"
      className="filter-bar"
      submitLabel="Filter"
      idPrefix="labels"
      search={{
        className: 'filter-bar__search',
        inputKey: filter.search,
        label: 'Search',
        name: 'search',
        defaultValue: filter.search,
        placeholder: 'Title or file name',
        maxLength: 200,
      }}
      selects={[
        { name: 'product', label: 'Product', allLabel: 'All products', options: DOCUMENT_PRODUCT_OPTIONS, value: filter.productKey },
        kindFilter(LABEL_KINDS, filter.kind),
        regionFilter(REGION_OPTIONS, filter.region),
        { name: 'sort', label: 'Sort by', allLabel: 'Product A–Z', options: SORT_OPTIONS, value: currentSort },
      ]}
    />
  );

  return (
    <section aria-labelledby="labels-title">
      <ListHeading id="labels-title" title="Product Labels/SDSs" add={{ to: '/siteadmin/product-labels/create', label: 'Add Label/SDS' }} />
      <p className="admin-lead">
        The labels, safety data sheets and statements of the document library. Labels and SDSs are listed by product on{' '}
        <a href="/product-labels" target="_blank" rel="noopener">
          Product Labels<span className="visually-hidden"> (opens in a new tab)</span>
        </a>{' '}
        and on the product pages; replacing a file keeps its link.
      </p>
      <ResourceList<DocumentListItem>
        caption={`Labels, SDSs and statements, sorted by ${SORT_NAMES[filter.sort]} ${filter.dir === 'desc' ? 'descending' : 'ascending'}`}
        filters={filters}
        notice={del.notice}
        count={
          <>
            {total === 0 ? 'No documents found.' : `Showing ${filter.start + 1}–${filter.start + items.length} of ${total} documents`}
            {filtered ? (
              <>
                {' '}
                · <Link to={list.href({ search: '', product: '', kind: '', region: '' })}>Clear filters</Link>
              </>
            ) : null}
          </>
        }
        tableClass="admin-table--labels"
        columns={COLUMNS}
        rows={items}
        rowKey={(d) => d.id}
        sort={{
          sort: filter.sort,
          dir: filter.dir,
          href: (sort, dir) => list.href({ sort: sortParam(sort as DocumentSort, dir) }),
        }}
        actions={(d) => [
          { label: 'Edit', ariaLabel: `Edit ${d.title}`, to: `/siteadmin/product-labels/edit/${d.id}` },
          { label: 'Open file', ariaLabel: `Open file of ${d.title} (opens in a new tab)`, href: `/doccenter/${d.guid}` },
          { label: 'Delete', ariaLabel: `Delete ${d.title}`, danger: true, onClick: () => del.ask(d) },
        ]}
        empty={
          filtered ? (
            <>
              Nothing matches these filters. <Link to="/siteadmin/product-labels">Show all labels and SDSs</Link>
            </>
          ) : (
            'No labels, SDSs or statements yet.'
          )
        }
        paging={list.paging}
      />
      {del.dialog}
    </section>
  );
}
