import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Below an admin list: Previous/Next between pages whose number is in the URL, or Load More. */

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
