/** Normalise a request path for lookups: one leading slash, no trailing slash, lower case. */
export function normalisePath(pathname: string): string {
  let p = pathname.trim();
  try {
    p = decodeURIComponent(p);
  } catch {
    // keep the raw value when it is not valid percent-encoding
  }
  p = p.split('?')[0]!.split('#')[0]!;
  p = '/' + p.replace(/^\/+/, '').replace(/\/+$/, '');
  return p.toLowerCase();
}

/**
 * A query string in one form for matching redirects: parameters sorted (by name, then value), names
 * and values in lower case, empty names dropped, encoded as URLSearchParams does; '' when none. So
 * `?ID=12&lang=en` and `?lang=en&id=12` are the same query, as they are to the pages that read them.
 */
export function normaliseQuery(search: string): string {
  const q = search.startsWith('?') ? search.slice(1) : search;
  const params = [...new URLSearchParams(q.split('#')[0])]
    .map(([k, v]) => [k.toLowerCase(), v.toLowerCase()] as [string, string])
    .filter(([k]) => k !== '')
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return new URLSearchParams(params).toString();
}

/**
 * A redirect's from-path as stored and looked up: the normalised path and, when the address has
 * one, its normalised query (`/Page.aspx?id=12` -> `/page.aspx?id=12`, `/old/?` -> `/old`).
 */
export function redirectKey(address: string): string {
  const raw = address.trim().split('#')[0]!;
  const q = raw.indexOf('?');
  if (q === -1) return normalisePath(raw);
  const path = normalisePath(raw.slice(0, q));
  const query = normaliseQuery(raw.slice(q + 1));
  return query ? `${path}?${query}` : path;
}

/** Add the original query string to a redirect target, keeping any query the target already has. */
export function withQuery(target: string, search: string): string {
  const q = search.startsWith('?') ? search.slice(1) : search;
  if (!q) return target;
  const [base, hash] = target.split('#', 2) as [string, string | undefined];
  const joined = base + (base.includes('?') ? '&' : '?') + q;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
