/**
 * Keyboard rules the header menus share, in both header variants (React state on hydrated pages,
 * popovers plus app/client/site-script.ts on static pages). Plain DOM, no framework.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]):not([type="hidden"]), [tabindex]:not([tabindex="-1"])';

/** The visible, focusable elements inside `roots`, in document order. */
export function focusablesIn(...roots: (Element | null | undefined)[]): HTMLElement[] {
  const list: HTMLElement[] = [];
  for (const root of roots) {
    if (!root) continue;
    if (root instanceof HTMLElement && root.matches(FOCUSABLE) && isShown(root)) list.push(root);
    for (const el of root.querySelectorAll<HTMLElement>(FOCUSABLE)) if (isShown(el)) list.push(el);
  }
  return list;
}

function isShown(el: HTMLElement): boolean {
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : el.offsetParent !== null;
}

/** Tab and Shift+Tab cycle within `items` (the open mobile menu and its toggle): focus stays inside. */
export function trapTab(event: KeyboardEvent, items: HTMLElement[]): void {
  if (event.key !== 'Tab' || items.length === 0) return;
  const active = document.activeElement as HTMLElement | null;
  const index = active ? items.indexOf(active) : -1;
  const next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : index === -1 || index === items.length - 1 ? 0 : index + 1;
  event.preventDefault();
  items[next]?.focus();
}

/** Tab (forward) on the toggle of an open panel moves into the panel first. */
export function tabIntoPanel(event: KeyboardEvent, toggle: HTMLElement | null, panel: HTMLElement | null): boolean {
  if (event.key !== 'Tab' || event.shiftKey || !toggle || !panel || document.activeElement !== toggle) return false;
  const first = focusablesIn(panel)[0];
  if (!first) return false;
  event.preventDefault();
  first.focus();
  return true;
}

/** True when focus moved to somewhere outside all of `roots` (null: the window lost focus, not a move). */
export function focusLeft(event: FocusEvent, ...roots: (Element | null | undefined)[]): boolean {
  const to = event.relatedTarget;
  if (!(to instanceof Node)) return false;
  return !roots.some((r) => r?.contains(to));
}
