import { Fragment, useEffect, useRef, useState } from 'react';
import { useNavigate, useNavigation, useRevalidator } from 'react-router';
import {
  archiveQuestion,
  FORMS_ORDER,
  FORMS_PAGE_SIZE,
  FORMS_STATUS_FILTER,
  FORMS_VERIFICATION,
  formTypeLabel,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadFieldLabel,
  leadStatusLabel,
  type FormSubmissionDto,
  type LeadAssigneesDto,
  type FormsVerification,
} from '#shared/validation/forms-admin.ts';
import { dashboardApi } from '#shared/contracts/dashboard.ts';
import { leadsAdminApi } from '#shared/contracts/leads.ts';
import { ARCHIVE, contractBulk } from '../../components/admin/bulk-actions.tsx';
import { ConfirmDialog, Modal } from '../../components/admin/confirm-dialog.tsx';
import { DeliveryLog } from '../../components/admin/delivery-log.tsx';
import { LeadWork } from '../../components/admin/lead-work.tsx';
import { useConfirmAction } from '../../components/admin/list-actions.tsx';
import { FilterSelects, LabelledField, SearchField } from '../../components/admin/list-filters.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { useListParams } from '../../components/admin/list-params.ts';
import { ResourceList, type ResourceColumn } from '../../components/admin/resource-list.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { downloadExport } from '../../lib/download.ts';
import type { Route } from './+types/forms-list';

export const meta: Route.MetaFunction = () => [{ title: 'Forms | Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

const PATH = '/siteadmin/forms';

/**
 * The list's state lives in its address (ADR 035): ?q=&type=contact|rep&status=archived|all
 * &leadStatus=new|contacted|...&assignee=unassigned|assigned|rep:<id>|user:<id>
 * &verification=verified|unverified|not-checked&from=&to= (local days)&sort=name|type|created|status|assignee&dir=asc|desc (when not the column's first direction)
 * &shown=40 (how many rows Load More has brought in). Defaults are left out: open forms of every
 * type, newest first, one page.
 */
const DEFAULTS = {
  q: '',
  type: '',
  status: '',
  verification: '',
  leadStatus: '',
  assignee: '',
  from: '',
  to: '',
  sort: 'created',
  dir: '',
  shown: String(FORMS_PAGE_SIZE),
};
type FormsParams = typeof DEFAULTS;

const TYPES = { contact: 0, rep: 1 } as const;
const STATUSES = { archived: FORMS_STATUS_FILTER.archived, all: FORMS_STATUS_FILTER.all } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The API answers at most 100 rows a call; Load More never asks for more than this many in all. */
const MAX_SHOWN = 2000;

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  { value: 'contact', label: 'Contact' },
  { value: 'rep', label: 'Rep' },
];
const VERIFICATION_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'unverified', label: 'Not verified' },
  { value: 'not-checked', label: 'Not checked' },
];
const LEAD_STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })),
];
const ASSIGNEE = /^(unassigned|assigned|rep:\d{1,9}|user:\d{1,9})$/;

/** The assignee filter's choices: anyone, nobody, somebody, then each rep and user who can take leads. */
function assigneeOptions(assignees: LeadAssigneesDto) {
  return [
    { value: '', label: 'Anyone' },
    { value: 'unassigned', label: 'Unassigned' },
    { value: 'assigned', label: 'Assigned' },
    ...assignees.reps.map((r) => ({ value: `rep:${r.id}`, label: `Rep: ${r.name}` })),
    ...assignees.users.map((u) => ({ value: `user:${u.id}`, label: `User: ${u.email}` })),
  ];
}

const STATUS_OPTIONS = [
  { value: '', label: 'Open' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

const SORTS = {
  name: { label: 'Name', asc: FORMS_ORDER.nameAsc, desc: FORMS_ORDER.nameDesc },
  type: { label: 'Type', asc: FORMS_ORDER.typeAsc, desc: FORMS_ORDER.typeDesc },
  created: { label: 'Created', asc: FORMS_ORDER.createdAsc, desc: FORMS_ORDER.createdDesc },
  status: { label: 'Status', asc: FORMS_ORDER.statusAsc, desc: FORMS_ORDER.statusDesc },
  assignee: { label: 'Assigned to', asc: FORMS_ORDER.assigneeAsc, desc: FORMS_ORDER.assigneeDesc },
} as const;
type SortKey = keyof typeof SORTS;
/** Names and types start A-Z; dates start with the newest. */
const firstDir = (sort: string): 'asc' | 'desc' => (sort === 'created' ? 'desc' : 'asc');

const pick = <T extends string>(value: string, allowed: readonly T[]): T | '' =>
  (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** The address's query as the screen uses it; a value that makes no sense is read as its default. */
export function readFormsQuery(search: URLSearchParams) {
  const get = (name: keyof FormsParams) => search.get(name) ?? '';
  const sort = pick(get('sort'), Object.keys(SORTS) as SortKey[]) || 'created';
  const shown = Math.floor(Number(get('shown')) || FORMS_PAGE_SIZE);
  return {
    q: get('q').trim().slice(0, 200),
    type: pick(get('type'), Object.keys(TYPES) as (keyof typeof TYPES)[]),
    status: pick(get('status'), Object.keys(STATUSES) as (keyof typeof STATUSES)[]),
    verification: pick(
      get('verification'),
      FORMS_VERIFICATION.filter((v) => v !== 'all'),
    ),
    leadStatus: pick(get('leadStatus'), LEAD_STATUSES),
    assignee: ASSIGNEE.test(get('assignee')) ? get('assignee') : '',
    from: DAY.test(get('from')) ? get('from') : '',
    to: DAY.test(get('to')) ? get('to') : '',
    sort,
    dir: pick(get('dir'), ['asc', 'desc'] as const) || firstDir(sort),
    shown: Math.min(MAX_SHOWN, Math.max(FORMS_PAGE_SIZE, shown)),
  };
}
export type FormsQuery = ReturnType<typeof readFormsQuery>;

/** A local calendar day (yyyy-mm-dd) to the instant it starts, in the browser's time zone. */
function dayStart(day: string, plusDays = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).toISOString();
}

/** The API's view of a query (the filter and the CSV export send the same). */
export function viewOf(q: FormsQuery) {
  return {
    order: SORTS[q.sort][q.dir],
    status: q.status ? STATUSES[q.status] : FORMS_STATUS_FILTER.open,
    type: q.type ? TYPES[q.type] : (-1 as const),
    verification: (q.verification || 'all') as FormsVerification,
    search: q.q,
    leadStatus: q.leadStatus || ('all' as const),
    assignee: q.assignee || 'all',
    createdFrom: dayStart(q.from),
    // The "to" day is included: the range ends when the next day starts.
    createdTo: dayStart(q.to, 1),
  };
}

/** The first `shown` rows of a query (in calls of at most 100), and how many there are in all. */
async function fetchShown(q: FormsQuery) {
  const items: FormSubmissionDto[] = [];
  let total = 0;
  while (items.length < q.shown) {
    const length = Math.min(100, q.shown - items.length);
    const page = dataOf(await api().call(leadsAdminApi.filter, { body: { ...viewOf(q), start: items.length, length } }));
    items.push(...page.items.filter((f) => !items.some((i) => i.id === f.id)));
    total = page.total;
    if (page.items.length < length) break;
  }
  return { items, total };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = readFormsQuery(new URL(request.url).searchParams);
  return loadOrRedirect(async () => {
    const [shown, assignees] = await Promise.all([fetchShown(query), api().call(leadsAdminApi.assignees)]);
    return { ...shown, assignees: dataOf(assignees), query };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading form submissions...</p>;
}

const COLUMNS: ResourceColumn<FormSubmissionDto>[] = [
  // a visitor's name and phone are typed by anyone: a long word breaks rather than widen the table at 1280 px
  { key: 'name', label: 'Name', main: true, breakAnywhere: true, sort: { column: 'name', first: firstDir('name') }, cell: (f) => f.name },
  { key: 'type', label: 'Type', sort: { column: 'type', first: firstDir('type') }, cell: (f) => formTypeLabel(f.type) },
  { key: 'created', label: 'Created', sort: { column: 'created', first: firstDir('created') }, cell: (f) => formatDateTime(f.created) },
  { key: 'phone', label: 'Phone', breakAnywhere: true, cell: (f) => f.phone || '--' },
  { key: 'zip', label: 'ZipCode', cell: (f) => f.zipCode || '--' },
  { key: 'status', label: 'Status', sort: { column: 'status', first: firstDir('status') }, cell: (f) => leadStatusLabel(f.leadStatus) },
  {
    key: 'assignee',
    label: 'Assigned to',
    sort: { column: 'assignee', first: firstDir('assignee') },
    // a user assignee is an email address: it breaks rather than widen the table at 1280 px
    breakAnywhere: true,
    cell: (f) => f.assignee?.name ?? 'Unassigned',
  },
];

function ViewDialog({ form, onClose, onChanged }: { form: FormSubmissionDto | null; onClose: () => void; onChanged: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (form && !dialog.open) dialog.showModal();
    if (!form && dialog.open) dialog.close();
  }, [form]);
  return (
    <Modal
      dialogRef={ref}
      className="modal modal--wide"
      titleId="view-form-title"
      title={form ? `Written by ${form.name}` : null}
      onEscape={onClose}
      actions={
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          Close
        </button>
      }
    >
      {form ? (
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
      ) : null}
      {form?.journey ? (
        // what the visitor sent along from the product selector's result: text, escaped as any text
        <section className="lead-journey-view" aria-labelledby={`view-form-journey-${form.id}`}>
          <h3 id={`view-form-journey-${form.id}`}>From the product selector</h3>
          <dl className="detail-list">
            {form.journey.answers.map((a) => (
              <Fragment key={a.key}>
                <dt>{a.question}</dt>
                <dd>{a.answer}</dd>
              </Fragment>
            ))}
            <dt>Recommended products</dt>
            <dd>{form.journey.products.map((p) => p.name).join(', ') || '--'}</dd>
          </dl>
        </section>
      ) : null}
      {form ? <LeadWork id={form.id} onChanged={onChanged} /> : null}
      {form ? <DeliveryLog formId={form.id} /> : null}
    </Modal>
  );
}

export default function FormsList({ loaderData }: Route.ComponentProps) {
  const { items, total, query, assignees } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const list = useListParams(DEFAULTS);
  const loading = (navigation.state === 'loading' && navigation.location.pathname === PATH) || revalidator.state === 'loading';
  const [viewing, setViewing] = useState<FormSubmissionDto | null>(null);
  const archive = useConfirmAction<FormSubmissionDto>({
    action: (f) => api().call(leadsAdminApi.archive, { params: { id: f.id } }),
    done: (f) => `The Form written by ${f.name} was archived.`,
    after: () => revalidator.revalidate(),
  });
  // the filter form starts again from the address whenever the filters in it change (Clear, Back)
  const filterKey = [query.q, query.type, query.status, query.verification, query.leadStatus, query.assignee, query.from, query.to].join(
    '|',
  );

  const [exportError, setExportError] = useState<string | null>(null);

  async function exportCsv() {
    archive.setNotice(null);
    try {
      // the local-time column in the editor's own time zone
      const body = { ...viewOf(query), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
      await downloadExport(leadsAdminApi.export, { body }, 'form-submissions.csv');
    } catch (e) {
      await archive.fail(e, setExportError);
    }
  }

  function apply(form: HTMLFormElement) {
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    setExportError(null);
    void navigate(
      list.href({
        q: value('q'),
        type: value('type'),
        status: value('status'),
        verification: value('verification'),
        leadStatus: value('leadStatus'),
        assignee: value('assignee'),
        from: value('from'),
        to: value('to'),
      }),
    );
  }

  return (
    <section aria-labelledby="forms-title">
      <ListHeading id="forms-title" title="Forms">
        <button type="button" className="button button--secondary" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </ListHeading>

      <form
        key={filterKey}
        className="filter-bar"
        role="search"
        aria-label="Filter form submissions"
        onSubmit={(e) => {
          e.preventDefault();
          apply(e.currentTarget);
        }}
      >
        <SearchField
          id="forms-search"
          className="filter-bar__search"
          label="Search name or email"
          name="q"
          defaultValue={query.q}
          maxLength={200}
        />
        <FilterSelects idPrefix="forms" selects={[{ name: 'type', label: 'Type', options: TYPE_OPTIONS, value: query.type }]} />
        <DayRange from={query.from} to={query.to} />
        <FilterSelects
          idPrefix="forms"
          selects={[
            { name: 'verification', label: 'Verification', options: VERIFICATION_OPTIONS, value: query.verification },
            { name: 'leadStatus', label: 'Status', options: LEAD_STATUS_OPTIONS, value: query.leadStatus },
            { name: 'assignee', label: 'Assigned to', options: assigneeOptions(assignees), value: query.assignee },
            { name: 'status', label: 'Show', options: STATUS_OPTIONS, value: query.status },
          ]}
        />
        <div className="filter-bar__actions">
          <button type="submit" className="button button--primary">
            Apply
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              void navigate(list.href({ q: '', type: '', status: '', verification: '', leadStatus: '', assignee: '', from: '', to: '' }))
            }
          >
            Clear
          </button>
        </div>
      </form>

      <ResourceList<FormSubmissionDto>
        caption="Form submissions"
        notice={archive.notice}
        error={exportError}
        count={loading ? 'Loading...' : `Showing ${items.length} of ${total} form submissions.`}
        columns={COLUMNS}
        rows={items}
        rowKey={(f) => f.id}
        sort={{ sort: query.sort, dir: query.dir, href: (sort, dir) => list.href({ sort, dir: dir === firstDir(sort) ? '' : dir }) }}
        actionsLabel="View"
        actions={(f) => [
          {
            label: 'View',
            ariaLabel: `View the Form written by ${f.name}`,
            onClick: () => {
              setViewing(f);
              // opened: it no longer counts as unread on the dashboard
              if (!f.read) void api().call(dashboardApi.markRead, { params: { id: f.id } });
            },
          },
          f.archived
            ? { label: 'Archived', badge: true }
            : { label: 'Archive', ariaLabel: `Archive the Form written by ${f.name}`, danger: true, onClick: () => archive.ask(f) },
        ]}
        empty="No form submissions match."
        bulk={{
          config: {
            noun: { one: 'form submission', many: 'form submissions' },
            total,
            actions: [ARCHIVE],
            ...contractBulk(leadsAdminApi, viewOf(query), 'form-submissions-selection.csv'),
            after: () => {
              archive.setNotice(null);
              return revalidator.revalidate();
            },
          },
          id: (f) => f.id,
          title: (f) => `the form from ${f.name}`,
        }}
        loadMore={{
          shown: items.length,
          total,
          loading,
          // the address remembers how many are shown: replaced, so Back leaves the list, and the page stays where it is
          onLoadMore: () =>
            void navigate(list.href({ shown: items.length + FORMS_PAGE_SIZE }), { replace: true, preventScrollReset: true }),
        }}
      />

      <ViewDialog form={viewing} onClose={() => setViewing(null)} onChanged={() => void revalidator.revalidate()} />
      <ConfirmDialog {...archive.dialog} title="Archive Form" confirmLabel="Yes">
        <p>{archive.target ? archiveQuestion(archive.target.name) : null}</p>
      </ConfirmDialog>
    </section>
  );
}

/** From and To (native date inputs, local days): To cannot come before From. */
function DayRange({ from: initialFrom, to }: { from: string; to: string }) {
  const [from, setFrom] = useState(initialFrom);
  const days = [
    { name: 'from', label: 'From', value: initialFrom, onChange: setFrom },
    { name: 'to', label: 'To', value: to, min: from || undefined },
  ];
  return days.map((d) => (
    <LabelledField key={d.name} id={`forms-${d.name}`} label={d.label}>
      <input
        id={`forms-${d.name}`}
        className="field__input"
        type="date"
        name={d.name}
        defaultValue={d.value}
        min={d.min}
        onChange={d.onChange ? (e) => d.onChange(e.currentTarget.value) : undefined}
      />
    </LabelledField>
  ));
}
