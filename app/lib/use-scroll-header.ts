import { useEffect, useState } from 'react';
import { followScroll } from './scroll-header.ts';

/** Hides the header while scrolling down and shows it when scrolling up (rules in scroll-header.ts). */
export function useScrollHeader(frozen: boolean) {
  const [hidden, setHidden] = useState(false);
  const [docked, setDocked] = useState(true);

  useEffect(() => {
    if (frozen) return;
    return followScroll((isDocked, nextHidden) => {
      setDocked(isDocked);
      setHidden(nextHidden);
    });
  }, [frozen]);

  return { hidden: hidden && !frozen, docked };
}
