import { describe, expect, it } from 'vitest';
import { requestAddress, splitQuery } from './request-url.ts';

describe('the normal form of an address', () => {
  it.each([
    ['/agrotain', '/agrotain'],
    ['/', '/'],
    ['/knowledge-center/category/39?q=zinc', '/knowledge-center/category/39'],
    ['/old-page.aspx?id=13&utm_source=x', '/old-page.aspx'],
    // not pages: left exactly as sent
    ['/api/redirects/get-redirect/old%2Fpage', '/api/redirects/get-redirect/old%2Fpage'],
    ['/doccenter/ABC-123', '/doccenter/ABC-123'],
    ['/Agrotain.data', '/Agrotain.data'],
    // sign-in links and previews hold case-sensitive tokens
    ['/account/reset-password/AbC123', '/account/reset-password/AbC123'],
    ['/preview/XyZ', '/preview/XyZ'],
  ])('%s is in normal form', (url, path) => {
    expect(requestAddress(url)).toMatchObject({ kind: 'normal', path });
  });

  it.each([
    ['/x/../old-plain', '/old-plain'],
    ['/./old-plain', '/old-plain'],
    ['/a/b/../../old-plain', '/old-plain'],
    ['/x/%2e%2e/old-plain', '/old-plain'],
    ['/x/%2E%2E/old-plain', '/old-plain'],
    ['/old-plain/.', '/old-plain'],
    ['/old-plain/x/..', '/old-plain'],
    ['/..', '/'],
    ['/old//plain', '/old/plain'],
    ['/old-plain//', '/old-plain'],
    ['/old%2Dplain', '/old-plain'],
    ['/%6Fld-plain', '/old-plain'],
    ['/Old-Plain', '/old-plain'],
    ['/AGROTAIN/', '/agrotain'],
    ['/caf%c3%a9', '/caf%C3%A9'],
    ['/siteadmin//pages', '/siteadmin/pages'],
    ['/account/../agrotain', '/agrotain'],
  ])('%s moves to %s, with its query', (url, path) => {
    expect(requestAddress(url)).toEqual({ kind: 'moved', path, search: '', location: path });
    expect(requestAddress(`${url}?id=13&utm_source=x`)).toEqual({
      kind: 'moved',
      path,
      search: '?id=13&utm_source=x',
      location: `${path}?id=13&utm_source=x`,
    });
  });

  it.each(['/old%2Fplain', '/old%2fplain', '/old%5Cplain', '/x/..%2F..%2Fetc'])(
    '%s is refused: an encoded slash has no normal form',
    (url) => {
      expect(requestAddress(url)).toEqual({ kind: 'refused' });
    },
  );

  it('is a fixed point: the normal form of a normal form is itself', () => {
    for (const url of ['/x/../Old//Plain/', '/%2e/a/%41', '/a/./b/../C/']) {
      const moved = requestAddress(url);
      expect(moved.kind).toBe('moved');
      if (moved.kind === 'moved') expect(requestAddress(moved.location)).toMatchObject({ kind: 'normal', path: moved.path });
    }
  });
});

describe('the query split by what a page reads', () => {
  const declared = new Set(['q', 'page']);
  it('keeps the declared parameters as written and in their order', () => {
    expect(splitQuery('?q=zinc+corn&ref=x&page=2&q=b&utm_source=mail', declared)).toEqual({
      kept: '?q=zinc+corn&page=2&q=b',
      dropped: '?ref=x&utm_source=mail',
    });
    expect(splitQuery('?q=%7A', declared)).toEqual({ kept: '?q=%7A', dropped: '' });
  });

  it('matches names decoded, and drops names it cannot read', () => {
    expect(splitQuery('?%71=zinc&%E0%A4%A=bad', declared)).toEqual({ kept: '?%71=zinc', dropped: '?%E0%A4%A=bad' });
  });

  it('has nothing to keep or drop for an empty query', () => {
    for (const search of ['', '?', '?&&']) expect(splitQuery(search, declared)).toEqual({ kept: '', dropped: '' });
    expect(splitQuery('?ref=1', new Set())).toEqual({ kept: '', dropped: '?ref=1' });
  });
});
