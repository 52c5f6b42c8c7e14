import { Link, useRevalidator } from 'react-router';
import { REGION_OPTIONS } from '#shared/regions.ts';
import { DOCUMENT_KINDS, DocumentFilterBodySchema, type DocumentListItem } from '#shared/validation/documents.ts';
import { useDocumentDelete } from '../../components/admin/document-fields.tsx';
import { FilterSelect, ListFilterForm, ListNotice, listHref, pageInfo, Pager, SearchField } from '../../components/admin/list-kit.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { formatSize, kindName, regionNames } from '../../lib/documents.ts';
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
    const page = dataOf(await api().post<{ items: DocumentListItem[]; total: number }>('/api/admin/documents/filter', filter));
    return { ...page, filter };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading documents...</p>;
}

export default function DocumentsList({ loaderData }: Route.ComponentProps) {
  const { items, total, filter } = loaderData;
  const revalidator = useRevalidator();
  const del = useDocumentDelete<DocumentListItem>(() => revalidator.revalidate());
  const { page, pages } = pageInfo(filter.start, PAGE_SIZE, total);

  function pageLink(n: number) {
    return listHref('/siteadmin/document-library', {
      search: filter.search,
      kind: filter.kind,
      region: filter.region || '',
      page: n > 1 ? n : '',
    });
  }

  return (
    <section aria-labelledby="documents-title">
      <div className="admin-heading">
        <h1 id="documents-title" className="admin-title">
          Document Library
        </h1>
        <Link className="button button--primary" to="/siteadmin/document-library/create">
          Add Document
        </Link>
      </div>
      <ListFilterForm ariaLabel="Find documents" submitLabel="Filter">
        <SearchField id="documents-search" label="Search" name="search" defaultValue={filter.search} placeholder="Title or file name" />
        <FilterSelect
          id="documents-kind"
          label="Kind"
          name="kind"
          allLabel="All kinds"
          options={DOCUMENT_KINDS.map((k) => ({ value: k.id, label: k.name }))}
          defaultValue={filter.kind}
        />
        <FilterSelect
          id="documents-region"
          label="Region"
          name="region"
          allLabel="All regions"
          options={REGION_OPTIONS.map((r) => ({ value: r.id, label: r.name }))}
          defaultValue={filter.region ? String(filter.region) : ''}
        />
      </ListFilterForm>
      <ListNotice notice={del.notice} />
      <p className="admin-count">
        {total === 0 ? 'No documents found.' : `Showing ${filter.start + 1}–${filter.start + items.length} of ${total} documents`}
      </p>
      <div className="table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Documents</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Kind</th>
              <th scope="col">File</th>
              <th scope="col">Regions</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id}>
                <td data-label="Title">
                  <a href={`/doccenter/${d.guid}`} target="_blank" rel="noreferrer">
                    {d.title}
                  </a>
                </td>
                <td data-label="Kind">{kindName(d.kind)}</td>
                <td data-label="File">
                  {d.fileName} ({formatSize(d.size)})
                </td>
                <td data-label="Regions">{regionNames(d.regionIds)}</td>
                <td data-label="Updated">{formatDateTime(d.updated)}</td>
                <td className="admin-table__actions">
                  <Link
                    className="button button--small button--secondary"
                    to={`/siteadmin/document-library/edit/${d.id}`}
                    aria-label={`Edit ${d.title}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="button button--small button--danger-outline"
                    aria-label={`Delete ${d.title}`}
                    onClick={() => del.ask(d)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <Pager
          prevTo={page > 1 ? pageLink(page - 1) : null}
          nextTo={page < pages ? pageLink(page + 1) : null}
          status={
            <>
              Page {page} of {pages}
            </>
          }
        />
      ) : null}
      {del.dialog}
    </section>
  );
}
