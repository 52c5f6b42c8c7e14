import { describe, expect, it } from 'vitest';
import { normalisePath, normaliseQuery, redirectKey, withQuery } from './paths.ts';

describe('normalisePath', () => {
  it.each([
    ['/Old-Page/', '/old-page'],
    ['old-page', '/old-page'],
    ['//a//', '/a'],
    ['/a?b=1', '/a'],
    ['/a#top', '/a'],
    ['/caf%C3%A9', '/café'],
    ['/bad%E0%A4%A', '/bad%e0%a4%a'],
    ['/', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });
});

describe('withQuery', () => {
  it('keeps the original query string', () => {
    expect(withQuery('/knowledge-center', '?utm_source=x')).toBe('/knowledge-center?utm_source=x');
    expect(withQuery('/search?q=1', '?utm=2')).toBe('/search?q=1&utm=2');
    expect(withQuery('/a#frag', 'b=1')).toBe('/a?b=1#frag');
    expect(withQuery('/a', '')).toBe('/a');
  });
});

describe('redirect keys', () => {
  it('normalise the path as before: leading slash, lower case, no trailing slash', () => {
    expect(redirectKey('Old-Page/')).toBe('/old-page');
    expect(redirectKey('/A%20B')).toBe('/a b');
  });

  it('keep a query in one form: sorted, lower case, empty names dropped, no fragment', () => {
    expect(redirectKey('/Page.aspx?ID=12')).toBe('/page.aspx?id=12');
    expect(redirectKey('/list.aspx/?lang=EN&cat=2#top')).toBe('/list.aspx?cat=2&lang=en');
    expect(redirectKey('/old?')).toBe('/old');
    expect(redirectKey('/old?&=x&')).toBe('/old');
    expect(normaliseQuery('?b=2&a=1&a=0')).toBe('a=0&a=1&b=2');
    expect(normaliseQuery('q=a%26b+c')).toBe('q=a%26b+c');
    // idempotent: a stored key looks itself up
    expect(redirectKey(redirectKey('/X.aspx?q=A%26B c&Z'))).toBe(redirectKey('/X.aspx?q=A%26B c&Z'));
  });
});
