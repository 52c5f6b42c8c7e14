import { describe, expect, it } from 'vitest';
import { isTrackingParam, withoutTrackingParams } from './tracking-params.ts';

describe('tracking parameters', () => {
  it('drops utm_* and the click ids, whatever their case', () => {
    expect(withoutTrackingParams('?utm_source=mail&utm_medium=email&utm_campaign=spring')).toBe('');
    expect(withoutTrackingParams('?fbclid=IwAR0x&gclid=Cj0K&msclkid=abc&mc_cid=1&mc_eid=2')).toBe('');
    expect(withoutTrackingParams('?UTM_Source=mail&GCLID=x')).toBe('');
    expect(withoutTrackingParams('?utm%5Fsource=encoded')).toBe('');
    for (const name of ['utm_id', 'utm_content', 'utm_term', 'gbraid', 'wbraid', 'dclid']) expect(isTrackingParam(name), name).toBe(true);
  });

  it('keeps what pages read (the list page, search, filters), as written and in order', () => {
    expect(withoutTrackingParams('?q=zinc+corn&utm_source=mail&page=2')).toBe('?q=zinc+corn&page=2');
    expect(withoutTrackingParams('?fbclid=x&region=3&type=label')).toBe('?region=3&type=label');
    expect(withoutTrackingParams('?step=2&challenge=1&deficiency=1&deficiency=3')).toBe('?step=2&challenge=1&deficiency=1&deficiency=3');
    // names that only look alike are kept
    for (const name of ['utm', 'utmsource', 'gclid_x', 'page', 'q', 'preview']) expect(isTrackingParam(name), name).toBe(false);
  });

  it('leaves a query without tracking parameters exactly as it was', () => {
    for (const search of ['', '?', '?a=1&&b=2', '?%E0%A4%A=bad', '?q=%20x%20']) expect(withoutTrackingParams(search)).toBe(search);
    expect(withoutTrackingParams('?%E0%A4%A=bad&utm_source=x')).toBe('?%E0%A4%A=bad');
  });
});
