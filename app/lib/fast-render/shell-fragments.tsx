import { createContext, createElement, useContext } from 'react';

/**
 * The site header and footer of content templates, rendered once and reused (ADR 016).
 *
 * They are more than half of a page's markup (the mega menu, 50-odd links) and depend only on the
 * region, the path, the site settings and the product navigation, so a fresh render of a content
 * template takes them from here instead of rendering them again. Server only: entry.server.tsx
 * provides a `FragmentSlots` for a content template's render and fills the slots in its HTML
 * (`fillFragments`); elsewhere (hydrated pages, the browser) `CachedFragment` renders its children.
 *
 * Entries are held per settings and navigation object (the public layout's loader keeps those the
 * same objects until the services' held copies change), so a settings or product change starts
 * afresh and the old entries go with the old objects. At most MAX_ENTRIES per generation.
 */
const MAX_ENTRIES = 2000;
const generations = new WeakMap<object, WeakMap<object, Map<string, string>>>();

export interface FragmentSlots {
  /** per slot: the cache it belongs to and its key, and the HTML when it was found there */
  slots: { store: Map<string, string>; key: string; html?: string }[];
}

export const FragmentSlotsContext = createContext<FragmentSlots | null>(null);

function storeFor(settings: object, navigation: object): Map<string, string> {
  let bySettings = generations.get(settings);
  if (!bySettings) generations.set(settings, (bySettings = new WeakMap()));
  let store = bySettings.get(navigation);
  if (!store) bySettings.set(navigation, (store = new Map()));
  return store;
}

const START = 'x-fragment-start';
const SLOT = 'x-fragment';

/**
 * Renders `children` once per `cacheKey` (with `settings` and `navigation`, the objects they were
 * rendered from); later renders of a content template take the HTML kept from the first.
 * The key must name everything else the children read (region, path, ...).
 */
export function CachedFragment({
  cacheKey,
  settings,
  navigation,
  children,
}: {
  cacheKey: string;
  settings: object;
  navigation: object;
  children: React.ReactNode;
}) {
  const slots = useContext(FragmentSlotsContext);
  if (!slots) return children;
  const store = storeFor(settings, navigation);
  const html = store.get(cacheKey);
  const index = slots.slots.push({ store, key: cacheKey, html }) - 1;
  if (html !== undefined) return createElement(SLOT, { 'data-i': index });
  // one element around the children, not markers beside them: siblings would move the children in React's
  // tree and change every useId in them (menu and field ids) from what React Router's rendering gives
  return createElement(START, { 'data-i': index }, children);
}

/** Keeps the fragments rendered this time and puts the kept ones in their slots. */
export function fillFragments(html: string, { slots }: FragmentSlots): string {
  if (!slots.length) return html;
  let out = '';
  let at = 0;
  for (const [i, slot] of slots.entries()) {
    if (slot.html !== undefined) {
      const marker = `<${SLOT} data-i="${i}"></${SLOT}>`;
      const found = html.indexOf(marker, at);
      if (found < 0) continue;
      out += html.slice(at, found) + slot.html;
      at = found + marker.length;
    } else {
      const open = `<${START} data-i="${i}">`;
      const close = `</${START}>`;
      const begin = html.indexOf(open, at);
      const end = begin < 0 ? -1 : html.indexOf(close, begin);
      if (end < 0) continue;
      const inner = html.slice(begin + open.length, end);
      if (slot.store.size >= MAX_ENTRIES) slot.store.delete(slot.store.keys().next().value as string);
      slot.store.set(slot.key, inner);
      out += html.slice(at, begin) + inner;
      at = end + close.length;
    }
  }
  return out + html.slice(at);
}
