import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_CATEGORIES, AUDIT_CATEGORY_IDS, type AuditCategory } from '#shared/audit.ts';
import { auditApi } from '#shared/contracts/security.ts';
import type { AuditPart } from '#shared/validation/auth.ts';
import { FilterSelect, ListFilterForm } from '../../components/admin/list-filters.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { pageInfo, PageLinks } from '../../components/admin/list-paging.tsx';
import { listHref } from '../../components/admin/list-params.ts';
import { EmptyState } from '../../components/admin/list-table.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, failureMessage, loadOrRedirect } from '../../lib/api-client.ts';
import { downloadExport } from '../../lib/download.ts';
import type { Route } from './+types/audit-log';

export const meta: Route.MetaFunction = () => [
  { title: 'Audit Log | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const PAGE = 50;
const PATH = '/siteadmin/audit-log';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as they stand in the address: ?person=&kind=&from=&to=&page= */
export function readAuditQuery(search: URLSearchParams) {
  const day = (name: string) => (DAY.test(search.get(name) ?? '') ? search.get(name)! : '');
  const kind = search.get('kind') ?? '';
  return {
    person: (search.get('person') ?? '').trim().slice(0, 254),
    kind: (AUDIT_CATEGORY_IDS as readonly string[]).includes(kind) ? (kind as AuditCategory) : '',
    from: day('from'),
    to: day('to'),
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
  };
}
type AuditQuery = ReturnType<typeof readAuditQuery>;

/** The API's filter body for a query (the CSV export sends the same, without paging). */
// the kind comes from the address: the server refuses one that is not a category (400)
const filterOf = (q: AuditQuery) => ({
  actor: q.person || null,
  category: (q.kind || null) as AuditCategory | null,
  from: q.from || null,
  to: q.to || null,
});

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = readAuditQuery(new URL(request.url).searchParams);
  return loadOrRedirect(async () => {
    const [page, people] = await Promise.all([
      api().call(auditApi.filter, { body: { ...filterOf(query), start: (query.page - 1) * PAGE, length: PAGE } }),
      api().call(auditApi.people),
    ]);
    return { ...dataOf(page), people: people.success ? (people.data ?? []) : [], query };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading the audit log...</p>;
}

const href = (q: AuditQuery, page: number) => listHref(PATH, { person: q.person, kind: q.kind, from: q.from, to: q.to, page }, { page: 1 });

/**
 * An entry's words, people by name: the email is on hover (title) and, for screen readers and
 * keyboard users, read after the name (ADR 052).
 */
function AuditWords({ parts }: { parts: AuditPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        'text' in part ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <span key={i} className="audit-person" title={part.person.email}>
            {part.person.name}
            <span className="visually-hidden"> ({part.person.email})</span>
          </span>
        ),
      )}
    </>
  );
}

/** Sign-ins and every admin change, in words: who did what to what, when, from which address. */
export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { items, total, people, query } = loaderData;
  const { page, pages } = pageInfo((query.page - 1) * PAGE, PAGE, total);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const filtered = Boolean(query.person || query.kind || query.from || query.to);

  async function exportCsv() {
    setError(null);
    setExporting(true);
    try {
      await downloadExport(auditApi.export, { body: filterOf(query) }, 'audit-log.csv');
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="audit-title">
      <ListHeading id="audit-title" title="Audit Log">
        <button type="button" className="button button--secondary" disabled={exporting || total === 0} onClick={() => void exportCsv()}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </ListHeading>
      <ListFilterForm ariaLabel="Filter the audit log" submitLabel="Apply">
        <FilterSelect
          id="audit-person"
          label="Person"
          name="person"
          allLabel="Everyone"
          defaultValue={query.person}
          options={people.map((p) => ({ value: p.email, label: `${p.name} (${p.email})` }))}
        />
        <FilterSelect
          id="audit-kind"
          label="Kind of action"
          name="kind"
          allLabel="All actions"
          defaultValue={query.kind}
          options={AUDIT_CATEGORIES.map((c) => ({ value: c.id, label: c.label }))}
        />
        <div className="field">
          <label className="field__label" htmlFor="audit-from">
            From
          </label>
          <input id="audit-from" className="field__input" type="date" name="from" defaultValue={query.from} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-to">
            To
          </label>
          <input id="audit-to" className="field__input" type="date" name="to" defaultValue={query.to} />
        </div>
      </ListFilterForm>
      <p className="admin-lead" role="status">
        {total} {total === 1 ? 'entry' : 'entries'}
        {filtered ? ' match these filters' : ''}, newest first. Entries cannot be changed or removed.
        {filtered ? (
          <>
            {' '}
            <Link to={PATH}>Show everything</Link>
          </>
        ) : null}
      </p>
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">
            Audit log, page {page} of {pages}
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What happened</th>
              <th scope="col">IP</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? <EmptyState colSpan={3}>Nothing matches these filters.</EmptyState> : null}
            {items.map((e) => (
              <tr key={e.id}>
                <td data-label="When">{formatDateTime(e.created)}</td>
                <td data-label="What happened">
                  <AuditWords parts={e.parts} />
                  {e.subjectLink && e.subjectTitle ? (
                    <>
                      {' '}
                      <Link to={e.subjectLink}>
                        Open<span className="visually-hidden"> {e.subjectTitle}</span>
                      </Link>
                    </>
                  ) : null}
                </td>
                <td data-label="IP">{e.ip ?? '--'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageLinks page={page} pages={pages} href={(p) => href(query, p)} />
    </section>
  );
}
