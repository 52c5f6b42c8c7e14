import { describe, expect, it } from 'vitest';
import { isExternalHref } from './links.ts';

const site = 'https://www.northfield.example';

describe('isExternalHref', () => {
  it.each([
    ['/knowledge-center', false],
    ['knowledge-center/soil', false],
    ['#top', false],
    ['?page=2', false],
    ['https://www.northfield.example/about', false],
    ['https://northfield.example/about', false],
    ['HTTPS://WWW.NORTHFIELD.EXAMPLE/x', false],
    ['mailto:info@northfield.example', false],
    ['tel:+18005550100', false],
    ['https://extension.example.edu/nitrogen', true],
    ['http://northfield.example.evil.test/', true],
    ['//cdn.example.com/file.pdf', true],
    ['//www.northfield.example/file.pdf', false],
  ])('%s is external: %s', (href, expected) => {
    expect(isExternalHref(href, site)).toBe(expected);
  });
});
