import { describe, expect, it } from 'vitest';
import { normalisePath, withQuery } from './paths.ts';

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
