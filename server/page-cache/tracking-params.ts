/**
 * Query parameters that campaign links and ad clicks add for analytics in the browser. No page reads
 * them on the server, so the page cache leaves them out of its key and out of the URL it renders:
 * `/agrotain?utm_source=mail` is the stored `/agrotain`, not a fresh render and a new entry per link.
 */
const TRACKING_NAMES = new Set(['fbclid', 'gclid', 'gbraid', 'wbraid', 'dclid', 'msclkid', 'mc_cid', 'mc_eid']);

export function isTrackingParam(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith('utm_') || TRACKING_NAMES.has(n);
}

function paramName(segment: string): string {
  const raw = segment.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw; // malformed escapes: not a name we drop
  }
}

/**
 * `search` (with its `?`, or '') without the tracking parameters. The other parameters are kept as they
 * were written, in their order; a search without tracking parameters is returned unchanged.
 */
export function withoutTrackingParams(search: string): string {
  if (search.length <= 1) return search;
  const segments = search.slice(1).split('&');
  const kept = segments.filter((segment) => !isTrackingParam(paramName(segment)));
  if (kept.length === segments.length) return search;
  const rest = kept.filter((segment) => segment !== '');
  return rest.length ? `?${rest.join('&')}` : '';
}
