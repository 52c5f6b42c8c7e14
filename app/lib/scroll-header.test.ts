import { describe, expect, it } from 'vitest';
import { headerDocked, headerHidden, HIDE_AFTER_PX, scrollDirection } from './scroll-header.ts';

describe('header scroll behaviour', () => {
  it('follows the direction of the latest move and keeps it when nothing moved', () => {
    expect(scrollDirection(0, 10, null)).toBe('down');
    expect(scrollDirection(10, 4, 'down')).toBe('up');
    expect(scrollDirection(10, 10, 'down')).toBe('down');
  });

  it('hides once a downward scroll passes the threshold, even when the direction was already down', () => {
    // a smooth scroll: the first frame is near the top, the next ones are past it
    let hidden = false;
    let last = 0;
    let direction = null as ReturnType<typeof scrollDirection>;
    for (const y of [30, 200, 600, 900]) {
      direction = scrollDirection(last, y, direction);
      hidden = headerHidden(direction, y, hidden);
      last = y;
    }
    expect(hidden).toBe(true);
  });

  it('shows on the way up and near the top, and keeps its state when the direction was reset', () => {
    expect(headerHidden('up', 900, true)).toBe(false);
    expect(headerHidden('down', HIDE_AFTER_PX, true)).toBe(false);
    expect(headerHidden(null, 900, true)).toBe(true);
    expect(headerHidden(null, 900, false)).toBe(false);
  });

  it('is docked only at the very top', () => {
    expect(headerDocked(0)).toBe(true);
    expect(headerDocked(1)).toBe(false);
  });
});
