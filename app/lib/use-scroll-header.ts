import { useEffect, useState } from 'react';

/** Spec section 9: scroll-direction reset delay 66 ms; docked while the scroll position is below 1 px. */
export const SCROLL_RESET_DELAY_MS = 66;
export const DOCK_THRESHOLD_PX = 1;

/** Hides the header while scrolling down and shows it when scrolling up. */
export function useScrollHeader(frozen: boolean) {
  const [hidden, setHidden] = useState(false);
  const [docked, setDocked] = useState(true);

  useEffect(() => {
    if (frozen) return;
    let last = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let direction: 'up' | 'down' | null = null;
    const onScroll = () => {
      const y = window.scrollY;
      setDocked(y < DOCK_THRESHOLD_PX);
      const next = y > last ? 'down' : y < last ? 'up' : direction;
      if (next !== direction) {
        direction = next;
        setHidden(direction === 'down' && y > 80);
      }
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
  }, [frozen]);

  return { hidden: hidden && !frozen, docked };
}
