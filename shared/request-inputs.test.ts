import { describe, expect, it } from 'vitest';
import { shownNoticeId } from './notice.ts';
import { cookieValue, NO_VISITOR_INPUTS, parseVisitorInputs, visitorKey } from './request-inputs.ts';

const NOTICE = 'notice-a1b2c3';

describe('parseVisitorInputs: the region cookie', () => {
  const cases: [string | undefined, number | null][] = [
    [undefined, null],
    ['', null],
    ['region=2', 2],
    ['region=3', 3],
    ['region=4', 4],
    ['other=1; region=3', 3],
    ['other=1;region=3; more=2', 3],
    ['region=3;3', 3], // a cookie value ends at ';': region 3 and a nameless cookie
    ['region=', null],
    ['region=1', null],
    ['region=5', null],
    ['region=3x', null],
    ['region=0x3', null],
    ['region= 3', null],
    ['region=3 ', null],
    ['region=03', null],
    ['region=3.0', null],
    ['region=+3', null],
    ['region=%33', null],
    ['region="3"', null],
    ['Region=3', null],
    ['myregion=3', null],
    ['xregion=3; region=4', 4],
    [`region=${'3'.repeat(200)}`, null],
    // sent twice: the first one counts, also when it is not a region
    ['region=3; region=2', 3],
    ['region=3x; region=3', null],
  ];
  it.each(cases)('%j -> %j', (header, region) => {
    expect(parseVisitorInputs(header, NOTICE).region).toBe(region);
  });
});

describe('parseVisitorInputs: the notice cookie', () => {
  const cases: [string | undefined, string | null, boolean][] = [
    [undefined, NOTICE, false],
    [`notice-dismissed=${NOTICE}`, NOTICE, true],
    [`region=3; notice-dismissed=${NOTICE}`, NOTICE, true],
    ['notice-dismissed=notice-older', NOTICE, false],
    ['notice-dismissed=anything', NOTICE, false],
    ['notice-dismissed=', NOTICE, false],
    [`notice-dismissed= ${NOTICE}`, NOTICE, false],
    [`notice-dismissed=${NOTICE}x`, NOTICE, false],
    [`notice-dismissed=${'a'.repeat(64)}`, NOTICE, false],
    [`notice-dismissed=other; notice-dismissed=${NOTICE}`, NOTICE, false],
    // no notice shown: nothing to dismiss
    [`notice-dismissed=${NOTICE}`, null, false],
    ['notice-dismissed=', null, false],
    // the value is written URL-encoded (noticeCookie)
    ['notice-dismissed=a%20b', 'a b', true],
  ];
  it.each(cases)('%j with the notice %j shown -> %j', (header, shown, dismissed) => {
    expect(parseVisitorInputs(header, shown).noticeDismissed).toBe(dismissed);
  });
});

describe('visitorKey', () => {
  it('names every input, so two visitors share a key exactly when pages read the same of them', () => {
    expect(visitorKey(NO_VISITOR_INPUTS)).toBe('region=&noticeDismissed=false');
    expect(visitorKey({ region: 3, noticeDismissed: true })).toBe('region=3&noticeDismissed=true');
    const keys = new Set(
      [undefined, 'region=3x', 'region=0x3', 'region= 3', 'region=', `region=${'3'.repeat(200)}`, 'notice-dismissed=random-1'].map(
        (header) => visitorKey(parseVisitorInputs(header, NOTICE)),
      ),
    );
    expect([...keys]).toEqual([visitorKey(NO_VISITOR_INPUTS)]);
  });
});

describe('cookieValue', () => {
  it('gives the first value of the named cookie exactly as sent', () => {
    expect(cookieValue('a=1; b= 2 ; a=3', 'a')).toBe('1');
    expect(cookieValue('a=1; b= 2 ; a=3', 'b')).toBe(' 2 ');
    expect(cookieValue('a=x=y', 'a')).toBe('x=y');
    expect(cookieValue('a', 'a')).toBeUndefined();
    expect(cookieValue(null, 'a')).toBeUndefined();
  });
});

describe('shownNoticeId', () => {
  it('is the id of an enabled notice, and null when none is shown', () => {
    expect(shownNoticeId({ enabled: true, id: NOTICE })).toBe(NOTICE);
    expect(shownNoticeId({ enabled: false, id: NOTICE })).toBeNull();
    expect(shownNoticeId({ enabled: true, id: '' })).toBeNull();
  });
});
