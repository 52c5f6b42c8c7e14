/**
 * Query parameters that campaign links, ad clicks and analytics add for the browser. No page reads them
 * and a redirect is matched without them (`/old.aspx?id=3&utm_source=x` is `/old.aspx?id=3`); the page
 * cache drops every parameter a page does not declare anyway (ADR 007).
 */
const TRACKING_NAMES = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'srsltid',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
]);

export function isTrackingParam(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith('utm_') || TRACKING_NAMES.has(n);
}
