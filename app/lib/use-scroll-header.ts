import { useEffect, useState } from 'react';
import { headerDocked, headerHidden, SCROLL_RESET_DELAY_MS, scrollDirection, type ScrollDirection } from './scroll-header.ts';

/** Hides the header while scrolling down and shows it when scrolling up (rules in scroll-header.ts). */
export function useScrollHeader(frozen: boolean) {
  const [hidden, setHidden] = useState(false);
  const [docked, setDocked] = useState(true);

  useEffect(() => {
    if (frozen) return;
    let last = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let direction: ScrollDirection = null;
    const onScroll = () => {
      const y = window.scrollY;
      setDocked(headerDocked(y));
      direction = scrollDirection(last, y, direction);
      const now = direction;
      setHidden((was) => headerHidden(now, y, was));
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
