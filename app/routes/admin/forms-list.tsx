import { Fragment, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  archiveQuestion,
  FORMS_DEFAULT_ORDER,
  FORMS_ORDER,
  FORMS_PAGE_SIZE,
  FORMS_STATUS_FILTER,
  formTypeLabel,
  leadFieldLabel,
  type FormsPage,
  type FormSubmissionDto,
  type FormsVerification,
} from '#shared/validation/forms-admin.ts';
import { ConfirmDialog } from '../../components/admin/confirm-dialog.tsx';
import { FilterSelect, SearchField } from '../../components/admin/list-kit.tsx';
import { ResourceList, type ResourceColumn } from '../../components/admin/resource-list.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { downloadExport } from '../../lib/download.ts';
import { api, ApiError, AuthRedirect, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/forms-list';

export const meta: Route.MetaFunction = () => [{ title: 'Forms | Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

/** The filter fields of the screen, as typed (dates are local days; the server gets instants). */
interface Filters {
  type: -1 | 0 | 1;
  status: -1 | 1 | 2;
  verification: FormsVerification;
  from: string;
  to: string;
  search: string;
}
const NO_FILTERS: Filters = { type: -1, status: FORMS_STATUS_FILTER.open, verification: 'all', from: '', to: '', search: '' };

/** A local calendar day (yyyy-mm-dd) to the instant it starts, in the browser's time zone. */
function dayStart(day: string, plusDays = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).toISOString();
}

function viewOf(filters: Filters, order: number) {
  return {
    order,
    status: filters.status,
    type: filters.type,
    verification: filters.verification,
    search: filters.search,
    createdFrom: dayStart(filters.from),
    // The "to" day is included: the range ends when the next day starts.
    createdTo: dayStart(filters.to, 1),
  };
}

async function fetchPage(filters: Filters, order: number, start: number, updated: number): Promise<FormsPage> {
  return dataOf(
    await api().post<FormsPage>('/api/admin/forms/filter', { ...viewOf(filters, order), start, length: FORMS_PAGE_SIZE, updated }),
  );
}

export async function clientLoader() {
  return loadOrRedirect(() => fetchPage(NO_FILTERS, FORMS_DEFAULT_ORDER, 0, 0));
}

export function HydrateFallback() {
  return <p role="status">Loading form submissions...</p>;
}

const SORTS: { key: 'name' | 'type' | 'created'; label: string; asc: number; desc: number }[] = [
  { key: 'name', label: 'Name', asc: FORMS_ORDER.nameAsc, desc: FORMS_ORDER.nameDesc },
  { key: 'type', label: 'Type', asc: FORMS_ORDER.typeAsc, desc: FORMS_ORDER.typeDesc },
  { key: 'created', label: 'Created', asc: FORMS_ORDER.createdAsc, desc: FORMS_ORDER.createdDesc },
];

// Names and types start A-Z; dates start with the newest.
const COLUMNS: ResourceColumn<FormSubmissionDto>[] = [
  { key: 'name', label: 'Name', main: true, sort: { column: 'name', first: 'asc' }, cell: (f) => f.name },
  { key: 'type', label: 'Type', sort: { column: 'type', first: 'asc' }, cell: (f) => formTypeLabel(f.type) },
  { key: 'created', label: 'Created', sort: { column: 'created', first: 'desc' }, cell: (f) => formatDateTime(f.created) },
  { key: 'phone', label: 'Phone', cell: (f) => f.phone || '--' },
  { key: 'zip', label: 'ZipCode', cell: (f) => f.zipCode || '--' },
];

function ViewDialog({ form, onClose }: { form: FormSubmissionDto | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (form && !dialog.open) dialog.showModal();
    if (!form && dialog.open) dialog.close();
  }, [form]);
  return (
    <dialog
      ref={ref}
      className="modal modal--wide"
      aria-labelledby="view-form-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {form ? (
        <>
          <h2 id="view-form-title" className="modal__title">
            Written by {form.name}
          </h2>
          <dl className="detail-list">
            <dt>Phone</dt>
            <dd>{form.phoneDisplay || '--'}</dd>
            <dt>Email</dt>
            <dd>{form.email}</dd>
            <dt>Type</dt>
            <dd>{formTypeLabel(form.type)}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(form.created)}</dd>
            {form.data.map((field) => (
              <Fragment key={field.name}>
                <dt>{leadFieldLabel(field.name)}</dt>
                <dd>{field.value || '--'}</dd>
              </Fragment>
            ))}
            <dt>Message</dt>
            <dd className="detail-list__message">{form.message || '--'}</dd>
            <dt>reCAPTCHA</dt>
            <dd>{form.captcha === 'verified' ? 'Verified' : form.captcha === 'not-configured' ? 'Not checked' : 'Not verified'}</dd>
          </dl>
        </>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </dialog>
  );
}

export default function FormsList({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [items, setItems] = useState(loaderData.items);
  const [total, setTotal] = useState(loaderData.total);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [order, setOrder] = useState<number>(FORMS_DEFAULT_ORDER);
  const current = SORTS.find((s) => s.asc === order || s.desc === order);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [viewing, setViewing] = useState<FormSubmissionDto | null>(null);
  const [archiving, setArchiving] = useState<FormSubmissionDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  // Each query gets a number (the API's "updated" marker): an answer to a replaced query is dropped.
  const latest = useRef(0);

  async function guarded(work: () => Promise<void>) {
    try {
      await work();
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setError(e instanceof ApiError ? e.message : 'Something is wrong');
    }
  }

  async function reload(nextFilters: Filters, nextOrder: number) {
    const marker = ++latest.current;
    setLoading(true);
    setError(null);
    await guarded(async () => {
      const page = await fetchPage(nextFilters, nextOrder, 0, marker);
      if (page.updated !== marker) return;
      setItems(page.items);
      setTotal(page.total);
    });
    if (marker === latest.current) setLoading(false);
  }

  async function loadMore() {
    const marker = ++latest.current;
    setLoading(true);
    setError(null);
    await guarded(async () => {
      const page = await fetchPage(filters, order, items.length, marker);
      if (page.updated !== marker) return;
      setItems((prev) => [...prev, ...page.items.filter((f) => !prev.some((p) => p.id === f.id))]);
      setTotal(page.total);
    });
    if (marker === latest.current) setLoading(false);
  }

  async function archive() {
    if (!archiving) return;
    setBusy(true);
    setArchiveError(null);
    try {
      const env = await api().get(`/api/admin/forms/archive/${archiving.id}`);
      if (!env.success) {
        setArchiveError(env.message ?? 'Something is wrong');
        return;
      }
      setItems((prev) => prev.filter((f) => f.id !== archiving.id));
      setTotal((n) => Math.max(0, n - 1));
      setNotice(`The Form written by ${archiving.name} was archived.`);
      setArchiving(null);
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setArchiveError(e instanceof ApiError ? e.message : 'Something is wrong');
    } finally {
      setBusy(false);
    }
  }

  async function exportCsv() {
    setError(null);
    await guarded(async () => {
      const view = viewOf(filters, order);
      // the local-time column in the editor's own time zone
      await downloadExport(
        '/api/admin/forms/export',
        { ...view, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        'form-submissions.csv',
      );
    });
  }

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <section aria-labelledby="forms-title">
      <div className="admin-heading">
        <h1 id="forms-title" className="admin-title">
          Forms
        </h1>
        <button type="button" className="button button--secondary" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </div>

      <form
        className="filter-bar"
        role="search"
        aria-label="Filter form submissions"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
          void reload(draft, order);
        }}
      >
        <SearchField
          id="forms-search"
          className="filter-bar__search"
          label="Search name or email"
          value={draft.search}
          maxLength={200}
          onChange={(v) => set('search', v)}
        />
        <FilterSelect
          id="forms-type"
          label="Type"
          value={draft.type}
          options={[
            { value: -1, label: 'All types' },
            { value: 0, label: 'Contact' },
            { value: 1, label: 'Rep' },
          ]}
          onChange={(v) => set('type', Number(v) as Filters['type'])}
        />
        <div className="field">
          <label className="field__label" htmlFor="forms-from">
            From
          </label>
          <input
            id="forms-from"
            className="field__input"
            type="date"
            value={draft.from}
            onChange={(e) => set('from', e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="forms-to">
            To
          </label>
          <input
            id="forms-to"
            className="field__input"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => set('to', e.currentTarget.value)}
          />
        </div>
        <FilterSelect
          id="forms-verification"
          label="Verification"
          value={draft.verification}
          options={[
            { value: 'all', label: 'All' },
            { value: 'verified', label: 'Verified' },
            { value: 'unverified', label: 'Not verified' },
            { value: 'not-checked', label: 'Not checked' },
          ]}
          onChange={(v) => set('verification', v as FormsVerification)}
        />
        <FilterSelect
          id="forms-status"
          label="Status"
          value={draft.status}
          options={[
            { value: FORMS_STATUS_FILTER.open, label: 'Open' },
            { value: FORMS_STATUS_FILTER.archived, label: 'Archived' },
            { value: FORMS_STATUS_FILTER.all, label: 'All' },
          ]}
          onChange={(v) => set('status', Number(v) as Filters['status'])}
        />
        <div className="filter-bar__actions">
          <button type="submit" className="button button--primary">
            Apply
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
              void reload(NO_FILTERS, order);
            }}
          >
            Clear
          </button>
        </div>
      </form>

      <ResourceList<FormSubmissionDto>
        caption="Form submissions"
        notice={notice}
        error={error}
        count={loading ? 'Loading...' : `Showing ${items.length} of ${total} form submissions.`}
        columns={COLUMNS}
        rows={items}
        rowKey={(f) => f.id}
        sort={{
          sort: current?.key ?? '',
          dir: current?.asc === order ? 'asc' : 'desc',
          onSort: (key, dir) => {
            const s = SORTS.find((x) => x.key === key)!;
            const o = dir === 'asc' ? s.asc : s.desc;
            setOrder(o);
            void reload(filters, o);
          },
        }}
        actionsLabel="View"
        actions={(f) => [
          {
            label: 'View',
            ariaLabel: `View the Form written by ${f.name}`,
            onClick: () => {
              setViewing(f);
              // opened: it no longer counts as unread on the dashboard
              if (!f.read) void api().get(`/api/admin/forms/read/${f.id}`);
            },
          },
          f.archived
            ? { label: 'Archived', badge: true }
            : {
                label: 'Archive',
                ariaLabel: `Archive the Form written by ${f.name}`,
                danger: true,
                onClick: () => {
                  setArchiveError(null);
                  setArchiving(f);
                },
              },
        ]}
        empty="No form submissions match."
        loadMore={{ shown: items.length, total, loading, onLoadMore: () => void loadMore() }}
      />

      <ViewDialog form={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={archiving !== null}
        title="Archive Form"
        confirmLabel="Yes"
        busy={busy}
        error={archiveError}
        onConfirm={() => void archive()}
        onCancel={() => setArchiving(null)}
      >
        <p>{archiving ? archiveQuestion(archiving.name) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
