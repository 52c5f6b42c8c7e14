import { useState, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/admin-sections.ts';
import type { Envelope } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/use-api-action.ts';
import { Select } from '../forms/select.tsx';

/**
 * The pieces every admin list screen shares: the search/filter form (a GET form, so search, filter,
 * sort and page live in the URL), filter selects, sortable column headers, Previous/Next paging and
 * Load More, the empty state, the success notice and the confirm-then-act flow behind Delete/Archive.
 */

// ---------------------------------------------------------------- URL query

type QueryValue = string | number | null | undefined;

/**
 * `path?name=value…` with the entries in the given order; empty values (null, undefined, '') and
 * values equal to their default are left out, so the address of an unfiltered list stays bare.
 */
export function listHref(path: string, values: Record<string, QueryValue>, defaults: Record<string, QueryValue> = {}): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '') continue;
    if (defaults[name] !== undefined && String(defaults[name]) === String(value)) continue;
    q.set(name, String(value));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The query parameters of paging (the page, or how many rows Load More shows): a change of anything else starts again at the first. */
const PAGE_PARAMS = new Set(['page', 'start', 'shown']);

/**
 * Search, filter, sort and page kept in the URL query: `values` are the query's values over the
 * given defaults (unknown parameters ignored), `href(changes)` the address of this list with some of
 * them changed (a change of anything but the page starts again at the first page), `set(changes)`
 * goes there.
 */
export function useListParams<K extends string>(defaults: Record<K, string>) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const values = Object.fromEntries(Object.entries<string>(defaults).map(([k, d]) => [k, params.get(k) ?? d])) as Record<K, string>;
  function href(changes: Partial<Record<K, QueryValue>>): string {
    const restart = Object.keys(changes).some((k) => !PAGE_PARAMS.has(k));
    const next: Record<string, QueryValue> = { ...values };
    if (restart) for (const k of Object.keys(next)) if (PAGE_PARAMS.has(k)) next[k] = defaults[k as K];
    Object.assign(next, changes);
    return listHref(pathname, next, defaults);
  }
  return { values, href, set: (changes: Partial<Record<K, QueryValue>>) => navigate(href(changes)) };
}

/**
 * A page-numbered list's query (useListParams) and its pager: `paging` is the current page and
 * number of pages for rows from `start`, with the address of each page, for ResourceList.
 */
export function usePagedListParams<K extends string>(defaults: Record<K | 'page', string>, start: number, pageSize: number, total: number) {
  const list = useListParams<K | 'page'>(defaults);
  const { page, pages } = pageInfo(start, pageSize, total);
  const paging = { page, pages, href: (n: number) => list.href({ page: n } as Partial<Record<K | 'page', QueryValue>>) };
  return { ...list, paging };
}

// ---------------------------------------------------------------- search and filters

interface ListFilterFormProps {
  /** The landmark's name ("Find documents"); a form with one labelled search box may go without. */
  ariaLabel?: string;
  className?: string;
  /** Parameters kept as they are when searching (the open tab). */
  hidden?: Record<string, string>;
  submitLabel: string;
  children: ReactNode;
}

/** A GET form with a search landmark: submitting puts its fields in the URL and the list's loader runs again. */
export function ListFilterForm({ ariaLabel, className = 'admin-filters', hidden, submitLabel, children }: ListFilterFormProps) {
  return (
    <Form method="get" className={className} role="search" aria-label={ariaLabel}>
      {hidden ? Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
      {children}
      <button type="submit" className="button button--secondary">
        {submitLabel}
      </button>
    </Form>
  );
}

interface SearchFieldProps {
  id: string;
  label: string;
  /** Posted name; leave out for a controlled box that is not posted. */
  name?: string;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  className?: string;
  /** Resets an uncontrolled box when its key changes (a new tab or search). */
  inputKey?: string;
}

interface SearchFiltersProps extends Omit<ListFilterFormProps, 'children'> {
  /** Ids are `{idPrefix}-search` for the search box and `{idPrefix}-{name}` for the selects. */
  idPrefix: string;
  search: Omit<SearchFieldProps, 'id'>;
  selects: readonly (FilterSpec | null | false)[];
}

/** A list's filter form: a search box, then its selects, then the submit button. */
export function SearchFilters({ idPrefix, search, selects, ...form }: SearchFiltersProps) {
  return (
    <ListFilterForm {...form}>
      <SearchField id={`${idPrefix}-search`} {...search} />
      <FilterSelects idPrefix={idPrefix} selects={selects} />
    </ListFilterForm>
  );
}

/** A labelled search box in a field column. */
export function SearchField({
  id,
  label,
  name,
  defaultValue,
  value,
  onChange,
  placeholder,
  maxLength,
  className,
  inputKey,
}: SearchFieldProps) {
  return (
    <LabelledField id={id} label={label} className={className}>
      <input
        id={id}
        key={inputKey}
        className="field__input"
        type="search"
        name={name}
        defaultValue={defaultValue}
        value={value}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
        maxLength={maxLength}
        placeholder={placeholder}
      />
    </LabelledField>
  );
}

/** A filter's column: the label above its control. */
export function LabelledField({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

interface SearchBoxProps {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  placeholder?: string;
  buttonLabel?: string;
}

/** The compact search of a list: the label above one row with the box and its button (a GET form). */
export function SearchBox({ id, label, name, defaultValue, placeholder, buttonLabel = 'Search' }: SearchBoxProps) {
  return (
    <Form method="get" role="search" className="admin-search">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="admin-search__row">
        <input id={id} className="field__input" type="search" name={name} defaultValue={defaultValue} placeholder={placeholder} />
        <button type="submit" className="button button--secondary">
          {buttonLabel}
        </button>
      </div>
    </Form>
  );
}

export interface FilterOption {
  value: string | number;
  label: string;
}

interface FilterSelectProps {
  id: string;
  label: string;
  name?: string;
  options: readonly FilterOption[];
  /** The "everything" choice with an empty value ("All kinds"), listed first. */
  allLabel?: string;
  defaultValue?: string;
  value?: string | number;
  onChange?: (value: string) => void;
}

/** A labelled select that narrows a list (a native select: keyboard and screen readers for free). */
export function FilterSelect({ id, label, name, options, allLabel, defaultValue, value, onChange }: FilterSelectProps) {
  return (
    <LabelledField id={id} label={label}>
      <Select
        id={id}
        name={name}
        defaultValue={defaultValue}
        value={value}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </LabelledField>
  );
}

/** One select of a filter form: its query name, label, choices and the value in the address. */
export interface FilterSpec {
  name: string;
  label: string;
  options: readonly FilterOption[];
  /** The "everything" choice with an empty value, listed first. */
  allLabel?: string;
  value: string | number | null | undefined;
}

/**
 * The selects of a filter form, one per spec (ids `{idPrefix}-{name}`). Each starts from the value in
 * the address and starts again when the address changes it (a header link, Clear filters, Back).
 */
export function FilterSelects({ idPrefix, selects }: { idPrefix: string; selects: readonly (FilterSpec | null | false)[] }) {
  return selects.map((f) => {
    if (!f) return null;
    const value = f.value === null || f.value === undefined ? '' : String(f.value);
    return (
      <FilterSelect
        key={`${f.name}:${value}`}
        id={`${idPrefix}-${f.name}`}
        label={f.label}
        name={f.name}
        allLabel={f.allLabel}
        options={f.options}
        defaultValue={value}
      />
    );
  });
}

/** The Region select of a list (All regions, then the given regions by name). */
export function regionFilter(regions: readonly { id: number; name: string }[], value: number | null | undefined): FilterSpec {
  return {
    name: 'region',
    label: 'Region',
    allLabel: 'All regions',
    options: regions.map((r) => ({ value: r.id, label: r.name })),
    value: value || '',
  };
}

/**
 * A two-way select over an on/off status: the "everything" choice, then `on` and `off`, whose
 * values in the address are 1 and 0 unless others are given.
 */
export function onOffFilter(
  name: string,
  label: string,
  allLabel: string,
  [on, off]: [string, string],
  value: FilterSpec['value'],
  [onValue, offValue]: [string | number, string | number] = [1, 0],
): FilterSpec {
  return {
    name,
    label,
    allLabel,
    options: [
      { value: onValue, label: on },
      { value: offValue, label: off },
    ],
    value,
  };
}

// ---------------------------------------------------------------- sorting

export type SortDirection = 'ascending' | 'descending' | 'none';

/** The direction a click on a column asks for: its first direction when not sorted by it, else the other one. */
export function nextSortDirection(current: SortDirection, first: 'ascending' | 'descending' = 'ascending'): 'ascending' | 'descending' {
  if (current === 'none') return first;
  return current === 'ascending' ? 'descending' : 'ascending';
}

/** A column header that sorts the list by address: aria-sort on the header, a link with an arrow. */
function SortableHeader({ label, direction, to }: { label: string; direction: SortDirection; to: string }) {
  return (
    <th scope="col" aria-sort={direction}>
      <Link className="sort-button" to={to}>
        {label}
        <span aria-hidden="true" className="sort-button__icon">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </Link>
    </th>
  );
}

// ---------------------------------------------------------------- paging

interface PagerProps {
  /** Addresses of the previous and next pages; null on the first or last page. */
  prevTo: string | null;
  nextTo: string | null;
  /** "Page 2 of 5" between the links. */
  status?: ReactNode;
  /** Previous and Next as buttons at the end of the row (instead of links around the status). */
  buttons?: boolean;
  label?: string;
}

/** Previous / Next between the pages of a list (links: the page is in the URL). */
export function Pager({ prevTo, nextTo, status, buttons = false, label = 'Pages' }: PagerProps) {
  const linkClass = buttons ? 'button button--secondary' : undefined;
  return (
    <nav className={buttons ? 'admin-pager' : 'admin-paging'} aria-label={label}>
      {prevTo !== null ? (
        <Link className={linkClass} to={prevTo}>
          Previous
        </Link>
      ) : null}
      {status !== undefined ? <span>{status}</span> : null}
      {nextTo !== null ? (
        <Link className={linkClass} to={nextTo}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** Page numbers of a page-numbered list: the current page (from 1) and the number of pages (at least 1). */
export function pageInfo(start: number, pageSize: number, total: number): { page: number; pages: number } {
  return { page: Math.floor(start / pageSize) + 1, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

interface LoadMoreProps {
  shown: number;
  total: number;
  loading: boolean;
  onLoadMore: () => void;
  /** The button's text while loading (the same text when not given). */
  loadingLabel?: string;
  className?: string;
}

/** Load More under a list while rows remain; disabled while a page is loading. */
export function LoadMore({ shown, total, loading, onLoadMore, loadingLabel, className = 'load-more' }: LoadMoreProps) {
  if (shown >= total) return null;
  return (
    <p className={className || undefined}>
      <button type="button" className="button button--secondary" disabled={loading} onClick={onLoadMore}>
        {loading && loadingLabel ? loadingLabel : 'Load More'}
      </button>
    </p>
  );
}

// ---------------------------------------------------------------- states and notices

/** What a list shows instead of rows: a paragraph, or a full-width row inside the table body (give colSpan). */
export function EmptyState({ colSpan, children }: { colSpan?: number; children: ReactNode }) {
  if (colSpan) {
    return (
      <tr>
        <td colSpan={colSpan}>{children}</td>
      </tr>
    );
  }
  return <p>{children}</p>;
}

/** The success message of a list action, in a live region that stays in place (empty until there is news). */
export function ListNotice({ notice }: { notice: string | null }) {
  return (
    <div role="status" className={notice ? 'form-alert form-alert--success' : undefined}>
      {notice}
    </div>
  );
}

// ---------------------------------------------------------------- confirm, then act

interface ConfirmActionOptions<T> {
  /** The API call; its envelope's message is shown in the dialog when it refuses. */
  action: (target: T) => Promise<Envelope<unknown>>;
  /** The notice shown once done. */
  done: (target: T) => string;
  /** Then (reload the list, drop the row). */
  after?: (target: T) => Promise<unknown> | void;
}

/**
 * The flow behind Delete and Archive: `ask(row)` opens the confirm dialog, `confirm()` runs the call
 * (busy meanwhile), a refusal or failure stays in the dialog, success closes it and shows a notice;
 * a refused session goes to login or access denied.
 */
export function useConfirmAction<T>({ action, done, after }: ConfirmActionOptions<T>) {
  const call = useApiAction();
  const [target, setTarget] = useState<T | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function confirm() {
    if (target === null) return;
    if (!(await call.run(() => action(target)))) return;
    setNotice(done(target));
    setTarget(null);
    try {
      await after?.(target);
    } catch (e) {
      await call.fail(e);
    }
  }

  return {
    target,
    busy: call.busy,
    error: call.error,
    notice,
    setNotice,
    setError: call.setError,
    /** Shows a failure the way this flow does (login redirect, or the message). */
    fail: call.fail,
    ask(row: T) {
      call.setError(null);
      setTarget(row);
    },
    cancel: () => setTarget(null),
    confirm: () => void confirm(),
    /** The ConfirmDialog's state and handlers: spread them, then give its title, label and question. */
    dialog: {
      open: target !== null,
      busy: call.busy,
      error: call.error,
      onConfirm: () => void confirm(),
      onCancel: () => setTarget(null),
    },
  };
}

// ---------------------------------------------------------------- shared pieces of list screens

/** A screen's title (the h1 its section is labelled by) with its main buttons beside it (Add, Export CSV). */
export function ListHeading({
  id,
  title,
  add,
  children,
}: {
  id: string;
  title: ReactNode;
  /** The primary "Add …" link to the create screen. */
  add?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div className="admin-heading">
      <h1 id={id} className="admin-title">
        {title}
      </h1>
      {add ? (
        <Link className="button button--primary" to={add.to}>
          {add.label}
        </Link>
      ) : null}
      {children}
    </div>
  );
}

/** "← Back" above a screen that opens from a list. */
export function BackLink({ to }: { to: string }) {
  return (
    <p className="edit-frame__back">
      <Link to={to}>
        <span aria-hidden="true">← </span>Back
      </Link>
    </p>
  );
}

/** Previous / Next with "Page N of M" between the pages of a list whose page is in the address; nothing for one page. */
export function PageLinks({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <Pager
      prevTo={page > 1 ? href(page - 1) : null}
      nextTo={page < pages ? href(page + 1) : null}
      status={
        <>
          Page {page} of {pages}
        </>
      }
    />
  );
}

/**
 * A column header that sorts by address: `sort`/`dir` are the list's current order, `first` the
 * direction a click on this column starts with (ascending for names, descending for dates).
 */
export function SortLinkHeader<C extends string>({
  label,
  column,
  sort,
  dir,
  first = 'asc',
  href,
}: {
  label: string;
  column: C;
  sort: string;
  dir: 'asc' | 'desc';
  first?: 'asc' | 'desc';
  href: (sort: C, dir: 'asc' | 'desc') => string;
}) {
  const direction: SortDirection = sort === column ? (dir === 'asc' ? 'ascending' : 'descending') : 'none';
  const next = nextSortDirection(direction, first === 'asc' ? 'ascending' : 'descending') === 'ascending' ? 'asc' : 'desc';
  return <SortableHeader label={label} direction={direction} to={href(column, next)} />;
}

const shortDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 24, 2026" in a list cell, with the full date and time as its title. */
export function ShortDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDateTime(iso, shortDateFormat)}
    </time>
  );
}

/** A row's actions: Edit, View on the site (a new tab, and it says so), and Delete when given. */
export function RowActions({
  name,
  editTo,
  viewHref,
  onDelete,
  children,
}: {
  name: string;
  editTo: string;
  viewHref?: string | null;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <td className="admin-table__actions admin-table__actions--row">
      <Link className="button button--small button--secondary" to={editTo} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      {viewHref ? (
        <a
          className="button button--small button--secondary"
          href={viewHref}
          target="_blank"
          rel="noopener"
          aria-label={`View ${name} (opens in a new tab)`}
        >
          View
        </a>
      ) : null}
      {children}
      {onDelete ? (
        <button type="button" className="button button--small button--danger-outline" aria-label={`Delete ${name}`} onClick={onDelete}>
          Delete
        </button>
      ) : null}
    </td>
  );
}
