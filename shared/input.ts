/**
 * The input boundary's rules for text, shared by the server (every request) and the browser.
 * PostgreSQL refuses NUL in text, and the other C0 controls have no place in what visitors type,
 * so free text loses them (the lead is kept); identifiers that contain them match nothing.
 */

/** A form post is a few KB; a body much larger is not one of ours (the pages' limit, counted as it streams). */
export const MAX_FORM_BYTES = 64 * 1024;

/** C0 controls and DEL, except tab, line feed and carriage return, which free text may contain. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const STRIPPED_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ANY_CONTROL = /[\u0000-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Free text as stored: controls removed and lone surrogates replaced by U+FFFD (as UTF-8 storage would). */
export function cleanText(value: string): string {
  return value.replace(STRIPPED_CONTROLS, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Cleans every string in a parsed JSON body or query object, in place where possible. */
export function cleanStrings<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = cleanStrings(value[i]);
    return value;
  }
  if (isPlainObject(value)) {
    const record: Record<string, unknown> = value;
    for (const key of Object.keys(record)) record[key] = cleanStrings(record[key]);
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** True when a decoded path or identifier contains a control character (it can name nothing of ours). */
export function hasControlCharacters(value: string): boolean {
  return ANY_CONTROL.test(value);
}

/**
 * A path that is safe to send the visitor to: it starts with exactly one slash and no backslash,
 * so a browser cannot read it as another host (`//evil.example/x`, `/\evil.example/x`). Returns
 * null for anything else, including absolute URLs and control characters.
 */
export function safeLocalPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/')) return null;
  if (path[1] === '/' || path[1] === '\\') return null;
  if (path.includes('\\') || hasControlCharacters(path)) return null;
  return path;
}

/**
 * The one check for every Location (and X-Remix-Redirect) the server answers with: a path that passes
 * `safeLocalPath`, or a full http(s) address with a host (a stored redirect to another site). Null for
 * anything else: `/\evil.example` and `//evil.example` are never sent, whatever built them.
 */
export function safeLocation(location: string | null | undefined): string | null {
  if (!location) return null;
  if (location.startsWith('/')) return safeLocalPath(location);
  return /^https?:\/\/[^/\\\s]/i.test(location) && !hasControlCharacters(location) ? location : null;
}

/** A raw request path a browser or proxy could take for a host name (`//host`, `/\host`, also percent-encoded). */
export function isHostLikePath(rawPath: string): boolean {
  return /^\/(?:[/\\]|%2f|%5c)/i.test(rawPath);
}
