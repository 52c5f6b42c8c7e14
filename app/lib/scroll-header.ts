/**
 * The header's scroll behaviour, shared by the site script of the static templates and the React
 * header of the hydrated ones. Framework-free: it is bundled into both.
 * Spec section 9: scroll-direction reset delay 66 ms; docked while the scroll position is below 1 px.
 */
export const SCROLL_RESET_DELAY_MS = 66;
export const DOCK_THRESHOLD_PX = 1;
/** Near the top the header always shows. */
export const HIDE_AFTER_PX = 80;

export type ScrollDirection = 'up' | 'down' | null;

/** The direction of the latest move; an event without movement keeps the one before. */
export function scrollDirection(previousY: number, y: number, previous: ScrollDirection): ScrollDirection {
  return y > previousY ? 'down' : y < previousY ? 'up' : previous;
}

/**
 * Whether the header is hidden after a scroll event. Decided on every event, not only when the
 * direction changes: a smooth scroll whose first frame is still near the top hides it once past it.
 */
export function headerHidden(direction: ScrollDirection, y: number, wasHidden: boolean): boolean {
  if (y <= HIDE_AFTER_PX || direction === 'up') return false;
  if (direction === 'down') return true;
  return wasHidden;
}

export function headerDocked(y: number): boolean {
  return y < DOCK_THRESHOLD_PX;
}

/**
 * Follows the window's scroll: on every scroll event (and once at once) `report` gets whether the
 * header is docked and how to decide whether it is hidden from whether it was. The direction resets
 * after SCROLL_RESET_DELAY_MS without movement. While `paused()` (an open menu), events are ignored.
 * Returns the function that stops following.
 */
export function followScroll(report: (docked: boolean, hidden: (wasHidden: boolean) => boolean) => void, paused = () => false): () => void {
  let last = window.scrollY;
  let direction: ScrollDirection = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onScroll = () => {
    if (paused()) return;
    const y = window.scrollY;
    direction = scrollDirection(last, y, direction);
    const now = direction;
    report(headerDocked(y), (wasHidden) => headerHidden(now, y, wasHidden));
    last = y;
    clearTimeout(timer);
    timer = setTimeout(() => {
      direction = null;
    }, SCROLL_RESET_DELAY_MS);
  };
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    clearTimeout(timer);
  };
}
