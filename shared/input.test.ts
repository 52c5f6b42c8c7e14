import { describe, expect, it } from 'vitest';
import { cleanStrings, cleanText, hasControlCharacters, isHostLikePath, safeLocalPath, safeLocation } from './input.ts';

describe('input boundary text rules', () => {
  it('strips NUL and C0 controls but keeps tab, line feed and carriage return', () => {
    expect(cleanText('a\u0000b\u0001c\u001bd\u007fe\tf\ng\rh')).toBe('abcde\tf\ng\rh');
  });

  it('replaces lone surrogates with U+FFFD and keeps real pairs', () => {
    expect(cleanText('x\ud800y\udc00z😀')).toBe('x\ufffdy\ufffdz😀');
  });

  it('cleans every string of a nested JSON value', () => {
    expect(cleanStrings({ a: 'x\u0000', b: ['y\u0000', 1, null, { c: 'z\u0000' }] })).toEqual({ a: 'x', b: ['y', 1, null, { c: 'z' }] });
  });

  it('tells identifiers with control characters apart', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('plain-slug')).toBe(false);
  });
});

describe('safe local paths (redirect and return addresses)', () => {
  it('accepts paths of the site', () => {
    expect(safeLocalPath('/knowledge-center?page=2')).toBe('/knowledge-center?page=2');
    expect(safeLocalPath('/')).toBe('/');
  });

  it('rejects anything a browser could read as another host', () => {
    for (const p of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/', 'evil', '', null, '/a\\b', '/a\u0000b']) {
      expect(safeLocalPath(p)).toBeNull();
    }
  });

  it('spots host-like raw request paths, also percent-encoded', () => {
    for (const p of ['//evil.example', '/\\evil', '/%2f/evil', '/%5Cevil']) expect(isHostLikePath(p)).toBe(true);
    expect(isHostLikePath('/about')).toBe(false);
  });
});

describe('safeLocation (every Location the server answers with)', () => {
  it('passes paths of the site and full http(s) addresses with a host', () => {
    for (const l of ['/about?x=1', '/', 'https://careers.example.com/jobs', 'http://example.com']) expect(safeLocation(l)).toBe(l);
  });

  it('refuses host-like paths, relative and other-scheme addresses', () => {
    for (const l of [
      '/\\evil.example',
      '//evil.example',
      '/x\\y',
      'https:///evil',
      'https:\\\\evil',
      'javascript:alert(1)',
      'about',
      '',
      null,
    ]) {
      expect(safeLocation(l), String(l)).toBeNull();
    }
  });
});
