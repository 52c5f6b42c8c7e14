import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BulkToolbar, SelectRowCheckbox, useBulkSelection, type BulkConfig } from './bulk-actions.tsx';
import { ListNotice } from './list-actions.tsx';
import { LoadMore, PageLinks } from './list-paging.tsx';
import { EmptyState, SortLinkHeader } from './list-table.tsx';

/**
 * One admin list (ADR 035): the filters above, a notice and an error, the count, the table with its
 * sortable headers, each row's actions, the empty state, and paging or Load More below. The list's
 * state (search, filters, sort, page) lives in the address only: the screen's loader reads it, and
 * every header, pager and filter here is a link or a GET form to another address. Below 900 px each
 * row is a card (CSS); at desktop widths a row's actions sit in one row, the fourth and later ones in
 * a "More" menu, so no control is ever clipped.
 */

export interface ResourceColumn<T> {
  /** Unique among the columns. */
  key: string;
  /** The header, and the label of the value on a card. */
  label: string;
  cell: (row: T) => ReactNode;
  /** Sortable by address: the column's sort value and the direction its first click asks for. */
  sort?: { column: string; first?: 'asc' | 'desc' };
  /** Dates and sizes: kept on one line at desktop widths. */
  nowrap?: boolean;
  /** The column that takes the width left (the title). */
  main?: boolean;
  /** Long unbroken values (e-mail addresses, paths): break anywhere rather than widen the table. */
  breakAnywhere?: boolean;
}

export interface RowAction {
  /** The visible word ("Edit"). */
  label: ReactNode;
  /** The accessible name when the word alone is ambiguous ("Edit Zinc label"); a new tab's name says so ("View X (opens in a new tab)"). */
  ariaLabel?: string;
  /** A link in the admin... */
  to?: string;
  /** ...or a file or public page, in a new tab (its name says so)... */
  href?: string;
  /** ...or a button. */
  onClick?: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Not a control: a state shown among the actions (the forms list's "Archived"). */
  badge?: boolean;
}

export interface ResourcePaging {
  page: number;
  pages: number;
  href: (page: number) => string;
}

export interface ResourceLoadMore {
  shown: number;
  total: number;
  loading: boolean;
  onLoadMore: () => void;
}

export interface ResourceListProps<T> {
  /** The table's caption, read to screen readers ("Documents, sorted by title ascending"). */
  caption: string;
  /** The filter form (a ListFilterForm: a GET form, so its values go to the address). */
  filters?: ReactNode;
  /**
   * Good news of the last action; a notice handed over by the screen that sent the editor here is shown too.
   * `false`: no notice region (a screen with two lists shows its notice once, above both).
   */
  notice?: string | null | false;
  /** Why the last action failed. */
  error?: string | null;
  /** "Showing 1–20 of 45 documents" (and, after it, links such as Clear filters). */
  count?: ReactNode;
  columns: readonly ResourceColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** A row's actions, in order of use; from the fourth on they go into its "More" menu. */
  actions?: (row: T) => RowAction[];
  /** What the table shows with no rows ("Nothing matches these filters."). */
  empty: ReactNode;
  /** The order, for sortable headers: each header links to the address of the list in its order. */
  sort?: {
    sort: string;
    dir: 'asc' | 'desc';
    href: (sort: string, dir: 'asc' | 'desc') => string;
  };
  /** A visible header for the actions column (the spec names the forms list's "View"); else it is named for screen readers. */
  actionsLabel?: string;
  /** Previous / Next between pages in the address... */
  paging?: ResourcePaging;
  /** ...or Load More (the forms list, as the spec asks). */
  loadMore?: ResourceLoadMore;
  /** A modifier of the table's class (admin-table--labels). */
  tableClass?: string;
  /** Anything between the count and the table. */
  children?: ReactNode;
  /** Bulk actions (ADR 050): a checkbox per row and for the page, and the toolbar while rows are chosen. */
  bulk?: { config: BulkConfig; id: (row: T) => number; title: (row: T) => string };
}

/** A row shows this many actions; from the next one on they go into its "More" menu (the fourth starts it). */
export const MAX_ROW_ACTIONS = 3;

/** The notice a screen hands to the list it returns to: `navigate(list, { state: { notice } })`. */
export function useHandedNotice(): string | null {
  const state: unknown = useLocation().state;
  return state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string' ? state.notice : null;
}

export function ResourceList<T>({
  caption,
  filters,
  notice,
  error,
  count,
  columns,
  rows,
  rowKey,
  actions,
  empty,
  sort,
  paging,
  loadMore,
  tableClass,
  children,
  actionsLabel,
  bulk,
}: ResourceListProps<T>) {
  const handed = useHandedNotice();
  const width = columns.length + (actions ? 1 : 0) + (bulk ? 1 : 0);
  const selection = useBulkSelection(bulk ? rows.map(bulk.id) : []);
  return (
    <div className="resource-list">
      {filters}
      {notice === false ? null : <ListNotice notice={notice ?? handed} />}
      {error ? (
        <p role="alert" className="form-alert form-alert--error">
          {error}
        </p>
      ) : null}
      {/* polite: a screen reader hears the new count after a search or filter */}
      {count !== undefined ? (
        <p className="admin-count" aria-live="polite">
          {count}
        </p>
      ) : null}
      {children}
      {bulk ? <BulkToolbar config={bulk.config} state={selection} pageSize={rows.length} /> : null}
      <div className="table-wrap">
        <table className={tableClass ? `admin-table resource-table ${tableClass}` : 'admin-table resource-table'}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {bulk ? (
                <th scope="col" className="resource-table__select">
                  <span className="visually-hidden">Select</span>
                </th>
              ) : null}
              {columns.map((c) =>
                c.sort && sort?.href ? (
                  <SortLinkHeader
                    key={c.key}
                    label={c.label}
                    column={c.sort.column}
                    sort={sort.sort}
                    dir={sort.dir}
                    first={c.sort.first}
                    href={sort.href}
                  />
                ) : (
                  <th key={c.key} scope="col">
                    {c.label}
                  </th>
                ),
              )}
              {actions ? (
                <th scope="col" className="resource-table__actions-head">
                  {actionsLabel ?? <span className="visually-hidden">Actions</span>}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? <EmptyState colSpan={width}>{empty}</EmptyState> : null}
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {bulk ? (
                  <td className="resource-table__select">
                    <SelectRowCheckbox state={selection} id={bulk.id(row)} title={bulk.title(row)} />
                  </td>
                ) : null}
                {columns.map((c) => (
                  <td
                    key={c.key}
                    data-label={c.label}
                    className={
                      [
                        c.nowrap ? 'admin-table__nowrap' : '',
                        c.main ? 'resource-table__main' : '',
                        c.breakAnywhere ? 'admin-table__break' : '',
                      ]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                  >
                    {c.cell(row)}
                  </td>
                ))}
                {actions ? (
                  <td className="resource-table__actions">
                    <ResourceRowActions actions={actions(row)} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {paging ? <PageLinks page={paging.page} pages={paging.pages} href={paging.href} /> : null}
      {loadMore ? <LoadMore {...loadMore} /> : null}
    </div>
  );
}

function actionClass(a: RowAction) {
  return a.danger ? 'button button--small button--danger-outline' : 'button button--small button--secondary';
}

function ActionControl({ action, className, role }: { action: RowAction; className: string; role?: 'menuitem' }) {
  if (action.badge) return <span className="badge">{action.label}</span>;
  if (action.to !== undefined) {
    return (
      <Link className={className} to={action.to} aria-label={action.ariaLabel} role={role} tabIndex={role ? -1 : undefined}>
        {action.label}
      </Link>
    );
  }
  if (action.href !== undefined) {
    return (
      <a
        className={className}
        href={action.href}
        target="_blank"
        rel="noopener"
        aria-label={action.ariaLabel}
        role={role}
        tabIndex={role ? -1 : undefined}
      >
        {action.label}
        {action.ariaLabel ? null : <span className="visually-hidden"> (opens in a new tab)</span>}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={action.ariaLabel}
      disabled={action.disabled}
      onClick={action.onClick}
      role={role}
      tabIndex={role ? -1 : undefined}
    >
      {action.label}
    </button>
  );
}

/** A row's actions in one row; more than three: the first three, then a "More" menu with the fourth and later. */
export function ResourceRowActions({ actions, moreLabel }: { actions: readonly RowAction[]; moreLabel?: string }) {
  const shown = actions.slice(0, MAX_ROW_ACTIONS);
  const rest = actions.slice(MAX_ROW_ACTIONS);
  return (
    <div className="row-actions">
      {shown.map((a, i) => (
        <ActionControl key={i} action={a} className={actionClass(a)} />
      ))}
      {rest.length > 0 ? <MoreMenu actions={rest} label={moreLabel} /> : null}
    </div>
  );
}

/**
 * The "More" menu button (WAI-ARIA menu button): Enter, Space or Arrow Down opens it on its first
 * item, Arrow Up on its last; arrows, Home and End move between the items; Escape closes it and
 * returns to the button; Tab or a click elsewhere closes it.
 */
export function MoreMenu({ actions, label }: { actions: readonly RowAction[]; label?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);

  useEffect(() => {
    if (!open) return;
    // fixed under the button's right edge: a table that scrolls sideways never clips the menu
    const box = button.current?.getBoundingClientRect();
    if (box && menu.current) {
      menu.current.style.top = `${box.bottom + 4}px`;
      menu.current.style.right = `${Math.max(0, document.documentElement.clientWidth - box.right)}px`;
    }
    const list = items();
    (focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus();
    function away(e: Event) {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    }
    const close = () => setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('focusin', away);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('focusin', away);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [open]);

  function openAt(where: 'first' | 'last') {
    focusOnOpen.current = where;
    setOpen(true);
  }

  function onButtonKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  }

  function onMenuKey(e: KeyboardEvent) {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') setOpen(false);
  }

  return (
    <div className="more-menu">
      <button
        ref={button}
        type="button"
        className="button button--small button--secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKey}
      >
        More
        <span aria-hidden="true" className="more-menu__icon">
          ▾
        </span>
      </button>
      {open ? (
        // the items' own handlers act; a click on one closes the menu
        <ul
          id={id}
          ref={menu}
          role="menu"
          aria-label={label ?? 'More'}
          className="more-menu__list"
          onKeyDown={onMenuKey}
          onClick={() => setOpen(false)}
        >
          {actions.map((a, i) => (
            <li key={i} role="none">
              <ActionControl
                action={a}
                role="menuitem"
                className={a.danger ? 'more-menu__item more-menu__item--danger' : 'more-menu__item'}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
