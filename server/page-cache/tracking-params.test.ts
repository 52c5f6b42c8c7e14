import { describe, expect, it } from 'vitest';
import { withoutTracking } from './request-url.ts';
import { isTrackingParam } from './tracking-params.ts';

describe('tracking parameters', () => {
  it('drops utm_*, the click ids and analytics ids, whatever their case', () => {
    expect(withoutTracking('?utm_source=mail&utm_medium=email&utm_campaign=spring')).toBe('');
    expect(withoutTracking('?fbclid=IwAR0x&gclid=Cj0K&msclkid=abc&mc_cid=1&mc_eid=2&_ga=2.1&_gl=1*x')).toBe('');
    expect(withoutTracking('?UTM_Source=mail&GCLID=x')).toBe('');
    expect(withoutTracking('?utm%5Fsource=encoded')).toBe('');
    for (const name of ['utm_id', 'utm_content', 'utm_term', 'gbraid', 'wbraid', 'dclid', 'yclid', 'ttclid', 'srsltid'])
      expect(isTrackingParam(name), name).toBe(true);
  });

  it('keeps the other parameters as written and in order', () => {
    expect(withoutTracking('?q=zinc+corn&utm_source=mail&page=2')).toBe('?q=zinc+corn&page=2');
    expect(withoutTracking('?fbclid=x&id=13&lang=EN')).toBe('?id=13&lang=EN');
    expect(withoutTracking('?%E0%A4%A=bad&utm_source=x')).toBe('?%E0%A4%A=bad');
    // names that only look alike are kept
    for (const name of ['utm', 'utmsource', 'gclid_x', 'page', 'q', 'ref', 'id']) expect(isTrackingParam(name), name).toBe(false);
  });
});
