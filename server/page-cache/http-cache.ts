import { createHash } from 'node:crypto';

/**
 * The inline scripts the renderer wrote carry `nonce="<marker>"` (a random value of this render):
 * they are hashed for the CSP and the marker removed. A script without the marker (anything that
 * slipped into the content) is not hashed, so the browser still refuses it.
 */
export function hashRenderedScripts(html: string, marker: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${marker}"`;
  const hashes = new Set<string>();
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  const out = html.replace(pattern, (whole, attrs: string, text: string) => {
    if (!attrs.includes(attribute)) return whole;
    const rest = attrs.replace(attribute, '');
    // an external script (src) needs no hash: 'self' covers it
    if (!/\ssrc\s*=/i.test(rest)) hashes.add(scriptHash(text));
    return `<script${rest}>${text}</script>`;
  });
  // preload links carry the nonce too; without it the bytes are the same on every render and instance
  return { html: out.replaceAll(attribute, ''), hashes: [...hashes] };
}

/** The CSP source of an inline script: the browser hashes the script element's text exactly as sent. */
export function scriptHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/**
 * A weak validator: the same bytes give the same tag on every instance and for every encoding.
 * `ignore` (a page's per-request CSP nonce) is left out of what is hashed, so a page rendered afresh
 * for every request still has the same tag while its content stays the same.
 */
export function etagFor(body: Buffer, ignore?: string): string {
  const hash = createHash('sha256');
  if (ignore) {
    const needle = Buffer.from(ignore, 'utf8');
    let from = 0;
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
      hash.update(body.subarray(from, at));
      from = at + needle.length;
    }
    hash.update(body.subarray(from));
  } else {
    hash.update(body);
  }
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match with weak comparison (RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const c = candidate.trim();
    return c === '*' || c.replace(/^W\//, '') === opaque;
  });
}

/** The stored variant to send: brotli, else gzip, else the identity bytes (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  if (accepted.has('*')) return 'br';
  return null;
}
