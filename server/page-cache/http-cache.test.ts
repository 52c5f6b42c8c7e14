import { describe, expect, it } from 'vitest';
import { etagFor, etagMatches, hashRenderedScripts, pickEncoding, scriptHash } from './http-cache.ts';

describe('hashRenderedScripts', () => {
  it('hashes only the inline scripts carrying the render marker and removes the marker', () => {
    const html =
      '<link rel="modulepreload" href="/a.js" nonce="M"/><script nonce="M">var a=1</script>' +
      '<script>alert(1)</script><script nonce="other">alert(2)</script>' +
      '<script type="module" nonce="M" src="/b.js"></script><script type="module" async="" nonce="M">import("/c.js")</script>';
    const { html: out, hashes } = hashRenderedScripts(html, 'M');
    expect(hashes).toEqual([scriptHash('var a=1'), scriptHash('import("/c.js")')]);
    expect(out).not.toContain('nonce="M"');
    expect(out).toContain('<script>alert(1)</script>');
    expect(out).toContain('<script type="module" async="">import("/c.js")</script>');
  });

  it('hashes the text exactly as sent (the browser hashes the raw script text)', () => {
    expect(scriptHash('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });
});

describe('validators and encodings', () => {
  it('matches If-None-Match weakly, in lists and with *', () => {
    const tag = etagFor(Buffer.from('page'));
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(`"x", ${tag.replace('W/', '')}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('W/"other"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });

  it('leaves a per-request nonce out of the tag, and never matches the stored form of the page', () => {
    const page = (nonce: string) => Buffer.from(`<script nonce="${nonce}">a()</script><p>text</p><script nonce="${nonce}">b()</script>`);
    expect(etagFor(page('n0nce+A/1=='), 'n0nce+A/1==')).toBe(etagFor(page('Zz9+other=='), 'Zz9+other=='));
    expect(etagFor(page('n0nce+A/1=='))).not.toBe(etagFor(page('Zz9+other==')));
    // a page stored by the cache has the attribute removed and is allowed by hash: a copy kept with a
    // nonce must not revalidate against it (its CSP would then be the hash one)
    const stored = Buffer.from('<script>a()</script><p>text</p><script>b()</script>');
    expect(etagFor(page('n0nce+A/1=='), 'n0nce+A/1==')).not.toBe(etagFor(stored));
    expect(etagFor(Buffer.from('no nonce here'), 'absent')).toBe(etagFor(Buffer.from('no nonce here')));
  });

  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('br');
  });
});
