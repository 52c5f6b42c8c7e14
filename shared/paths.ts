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

/** Add the original query string to a redirect target, keeping any query the target already has. */
export function withQuery(target: string, search: string): string {
  const q = search.startsWith('?') ? search.slice(1) : search;
  if (!q) return target;
  const [base, hash] = target.split('#', 2) as [string, string | undefined];
  const joined = base + (base.includes('?') ? '&' : '?') + q;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
