import { useCallback, useEffect, useRef } from 'react';

/**
 * "Load more" lists render the window [start, start + count) of their cards. After the visitor asks
 * for more, keyboard and screen-reader users continue at the first new card, wherever the window
 * now starts.
 */
export function useLoadMoreFocus(start: number, count: number) {
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    const local = at - start;
    if (local >= 0 && local < count) {
      links.current[local]?.focus();
      focusAt.current = null;
    }
  }, [start, count]);
  const linkRef = useCallback(
    (i: number) => (el: HTMLAnchorElement | null) => {
      links.current[i] = el;
    },
    [],
  );
  const markLoadMore = useCallback(() => {
    focusAt.current = start + count;
  }, [start, count]);
  return { linkRef, markLoadMore };
}

/** "Showing 27 of 40 resources", or "Showing 9–1,008 of 1,011 resources" once the window has moved on. */
export function showingText(start: number, count: number, total: number, singular: string, plural: string): string {
  const noun = total === 1 ? singular : plural;
  const fmt = (n: number) => n.toLocaleString('en-US');
  if (start === 0) return `Showing ${fmt(count)} of ${fmt(total)} ${noun}`;
  return `Showing ${fmt(start + 1)}–${fmt(start + count)} of ${fmt(total)} ${noun}`;
}
