import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/admin-sections.ts';

/** The table of an admin list: sortable column headers, the empty state, dates and each row's actions. */

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

// ---------------------------------------------------------------- cells and rows

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

const shortDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 24, 2026" in a list cell, with the full date and time as its title. */
export function ShortDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDateTime(iso, shortDateFormat)}
    </time>
  );
}

const timeOfDayFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * A scheduled time in a list cell, the date over the time of day ("Nov 24, 2026" / "2:05 PM") so the column
 * stays narrow, or nothing when there is none (ADR 049).
 */
export function ScheduleTime({ iso }: { iso: string | null }) {
  if (!iso) return null;
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDateTime(iso, shortDateFormat)}
      <br />
      {formatDateTime(iso, timeOfDayFormat)}
    </time>
  );
}

/**
 * The Scheduled and Expires columns of a versioned kind's list (ADR 049): shown when a listed row has such a time
 * or the Schedule filter asks for it, so a list with nothing scheduled keeps its width for the columns it uses.
 */
export function scheduleColumns<R extends { nextPublishAt: string | null; unpublishAt: string | null }>(
  rows: readonly R[],
  filter: 'scheduled' | 'expires' | null,
): { key: string; label: string; cell: (row: R) => ReactNode }[] {
  const scheduled = filter === 'scheduled' || rows.some((r) => r.nextPublishAt);
  const expires = filter === 'expires' || rows.some((r) => r.unpublishAt);
  return [
    ...(scheduled ? [{ key: 'scheduled', label: 'Scheduled', cell: (row: R) => <ScheduleTime iso={row.nextPublishAt} /> }] : []),
    ...(expires ? [{ key: 'expires', label: 'Expires', cell: (row: R) => <ScheduleTime iso={row.unpublishAt} /> }] : []),
  ];
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
