import { isTrackingParam } from './tracking-params.ts';

/**
 * The one normal form of a request's address (ADR 007, ADR 009), used alike by the redirect lookup
 * and the page cache, so that no spelling of an address can reach a stored page or a redirect that
 * another spelling cannot:
 * - dot segments (`/x/../old`, `/./old`, also percent-encoded) are resolved;
 * - doubled slashes are collapsed;
 * - percent-encoded unreserved characters (`%41`, `%2D`) are decoded, other escapes written in upper case;
 * - on a public page's path, letters are lower case and there is no trailing slash (slugs are lower
 *   case; routes match either way), so `/Agrotain/` is `/agrotain`.
 * An encoded slash or backslash (`%2F`, `%5C`) cannot be put in normal form without changing which
 * segments the path has: such a page address is refused (400).
 */
export type RequestAddress =
  | { kind: 'normal'; path: string; search: string }
  /** not in normal form: `path` is the normal form, to be answered with a 301 to `location` */
  | { kind: 'moved'; path: string; search: string; location: string }
  | { kind: 'refused' };

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Addresses that are not pages: their paths are left exactly as sent (API parameters may hold encoded slashes). */
const NOT_A_PAGE = /^\/(?:api|auth|doccenter|assets)(?:[/?]|$)/i;
/** Pages whose path segments are case-sensitive tokens (sign-in links, previews) or are not public pages. */
const PRIVATE_PAGE = /^\/(?:account|siteadmin|preview)(?:[/.?]|$)/i;

/** Quick test: a path with none of these needs no work (the common case, checked on every request). */
const NEEDS_WORK = /%|\/\/|\/\.|[A-Z]|.\/$/;

/** RFC 3986 section 5.2.4, on a path that starts with '/'. */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') out.pop();
      // a path ending in a dot segment names the folder: keep its trailing slash
      if (last) out.push('');
      return;
    }
    out.push(segment);
  });
  return `/${out.join('/')}`;
}

function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape: string, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

export function isPagePath(path: string): boolean {
  return !NOT_A_PAGE.test(path);
}

/** `rawUrl` is the request line's target: a path and an optional query, as the client sent them. */
export function requestAddress(rawUrl: string): RequestAddress {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const search = q === -1 ? '' : rawUrl.slice(q);
  if (!NEEDS_WORK.test(path) || !isPagePath(path) || path.endsWith('.data')) return { kind: 'normal', path, search };
  if (/%(?:2f|5c)/i.test(path)) return { kind: 'refused' };
  let normal = decodeUnreserved(path).replace(/\/{2,}/g, '/');
  normal = removeDotSegments(normal);
  if (!PRIVATE_PAGE.test(normal)) {
    normal = normal.toLowerCase().replace(/%[0-9a-f]{2}/g, (e) => e.toUpperCase());
    if (normal.length > 1) normal = normal.replace(/\/+$/, '') || '/';
  }
  if (normal === path) return { kind: 'normal', path, search };
  return { kind: 'moved', path: normal, search, location: normal + search };
}

/** One parameter of a query string as written (`name=value`), with its decoded name. */
interface Param {
  raw: string;
  name: string;
}

function paramsOf(search: string): Param[] {
  if (search.length <= 1) return [];
  return search
    .slice(1)
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const rawName = raw.split('=', 1)[0] ?? '';
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // a malformed escape: a name no route declares
      }
      return { raw, name };
    });
}

const join = (params: Param[]) => (params.length ? `?${params.map((p) => p.raw).join('&')}` : '');

/**
 * The query split by what the page reads: `kept` holds the declared parameters as written and in
 * their order (the site's own links keep theirs), the search the page is keyed on and rendered with;
 * `dropped` every other parameter, as written and in order (a redirect the page answers with passes
 * them on).
 */
export function splitQuery(search: string, declared: ReadonlySet<string>): { kept: string; dropped: string } {
  if (search.length <= 1) return { kept: '', dropped: '' };
  const params = paramsOf(search);
  return { kept: join(params.filter((p) => declared.has(p.name))), dropped: join(params.filter((p) => !declared.has(p.name))) };
}

/** The query without tracking parameters (utm_*, click ids), which redirects are matched without. */
export function withoutTracking(search: string): string {
  if (search.length <= 1) return '';
  return join(paramsOf(search).filter((p) => !isTrackingParam(p.name)));
}
