import { Link, useRevalidator } from 'react-router';
import { REGION_OPTIONS } from '#shared/regions.ts';
import { DOCUMENT_KINDS, DocumentFilterBodySchema, type DocumentListItem } from '#shared/validation/documents.ts';
import { documentsApi } from '#shared/contracts/documents.ts';
import { contractBulk, DELETE } from '../../components/admin/bulk-actions.tsx';
import { kindFilter, useDocumentDelete } from '../../components/admin/document-fields.tsx';
import { regionFilter, SearchFilters } from '../../components/admin/list-filters.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { usePagedListParams } from '../../components/admin/list-params.ts';
import { ResourceList, type ResourceColumn } from '../../components/admin/resource-list.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { loadOrRedirect } from '../../lib/api-client.ts';
import { filterDocuments, formatSize, kindName, regionNames } from '../../lib/documents.ts';
import type { Route } from './+types/documents-list';

export const meta: Route.MetaFunction = () => [
  { title: 'Document Library | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const PAGE_SIZE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const q = new URL(request.url).searchParams;
  const filter = DocumentFilterBodySchema.catch(DocumentFilterBodySchema.parse({})).parse({
    start: (Math.max(1, Number(q.get('page')) || 1) - 1) * PAGE_SIZE,
    length: PAGE_SIZE,
    search: q.get('search') ?? '',
    kind: q.get('kind') ?? '',
    region: q.get('region') ?? 0,
  });
  return loadOrRedirect(async () => {
    return { ...(await filterDocuments(filter)), filter };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading documents...</p>;
}

/** The list's address keeps its state: ?search=&kind=&region=&page= (defaults left out). */
const DEFAULTS = { search: '', kind: '', region: '', page: '1' };

const COLUMNS: ResourceColumn<DocumentListItem>[] = [
  {
    key: 'title',
    label: 'Title',
    main: true,
    cell: (d) => (
      <a href={`/doccenter/${d.guid}`} target="_blank" rel="noreferrer">
        {d.title}
      </a>
    ),
  },
  { key: 'kind', label: 'Kind', cell: (d) => kindName(d.kind) },
  {
    key: 'file',
    label: 'File',
    cell: (d) => (
      <>
        {d.fileName} ({formatSize(d.size)})
      </>
    ),
  },
  { key: 'regions', label: 'Regions', cell: (d) => regionNames(d.regionIds) },
  { key: 'updated', label: 'Updated', cell: (d) => formatDateTime(d.updated) },
];

export default function DocumentsList({ loaderData }: Route.ComponentProps) {
  const { items, total, filter } = loaderData;
  const list = usePagedListParams(DEFAULTS, filter.start, PAGE_SIZE, total);
  const revalidator = useRevalidator();
  const del = useDocumentDelete<DocumentListItem>(() => revalidator.revalidate());
  const filtered = Boolean(filter.search || filter.kind || filter.region);

  return (
    <section aria-labelledby="documents-title">
      <ListHeading
        id="documents-title"
        title="Document Library"
        add={{ to: '/siteadmin/document-library/create', label: 'Add Document' }}
      />
      <ResourceList<DocumentListItem>
        caption="Documents"
        filters={
          <SearchFilters
            ariaLabel="Find documents"
            submitLabel="Filter"
            idPrefix="documents"
            search={{ label: 'Search', name: 'search', defaultValue: filter.search, placeholder: 'Title or file name' }}
            selects={[kindFilter(DOCUMENT_KINDS, filter.kind), regionFilter(REGION_OPTIONS, filter.region)]}
          />
        }
        notice={del.notice}
        count={total === 0 ? 'No documents found.' : `Showing ${filter.start + 1}–${filter.start + items.length} of ${total} documents`}
        columns={COLUMNS}
        rows={items}
        rowKey={(d) => d.id}
        actions={(d) => [
          { label: 'Edit', ariaLabel: `Edit ${d.title}`, to: `/siteadmin/document-library/edit/${d.id}` },
          { label: 'Delete', ariaLabel: `Delete ${d.title}`, danger: true, onClick: () => del.ask(d) },
        ]}
        empty={
          filtered ? (
            <>
              Nothing matches these filters. <Link to="/siteadmin/document-library">Show all documents</Link>
            </>
          ) : (
            'No documents yet.'
          )
        }
        paging={list.paging}
        bulk={{
          config: {
            noun: { one: 'document', many: 'documents' },
            total,
            actions: [DELETE],
            ...contractBulk(documentsApi, filter, 'documents-selection.csv'),
            after: () => revalidator.revalidate(),
          },
          id: (d) => d.id,
          title: (d) => d.title,
        }}
      />
      {del.dialog}
    </section>
  );
}
