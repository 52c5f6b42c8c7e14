import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { pageInfo } from './list-paging.tsx';

/**
 * An admin list's search, filter, sort and page kept in the URL query (the filter form is a GET
 * form), and the addresses of the list with some of them changed.
 */

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

/** How long after a scheduled time a list keeps looking for the change: the scheduler's longest sleep, and some. */
const DUE_GRACE_MS = 75_000;

/**
 * A list open while one of its rows reaches a scheduled time (a version going live, an Unpublish at: ADR 049)
 * loads again just after it, and every 2 seconds while a time that has passed is still shown (the scheduler
 * carries it out within a minute), so the list shows what the site does without a reload.
 */
export function useRevalidateWhenDue(rows: unknown, times: readonly (string | null | undefined)[], revalidate: () => unknown): void {
  const again = useRef(revalidate);
  again.current = revalidate;
  const key = times.filter(Boolean).join(',');
  useEffect(() => {
    const now = Date.now();
    const due = key
      .split(',')
      .filter(Boolean)
      .map((t) => new Date(t).getTime())
      .filter((t) => Number.isFinite(t) && t > now - DUE_GRACE_MS);
    if (due.length === 0) return;
    const next = Math.min(...due);
    const wait = next > now ? Math.min(next - now + 1000, 2 ** 31 - 1) : 2000;
    const timer = setTimeout(() => void again.current(), wait);
    return () => clearTimeout(timer);
    // rows: a reload that changed nothing arms the timer again
  }, [rows, key]);
}
