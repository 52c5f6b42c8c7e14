import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './mail-service.ts';

describe('mail outbox retry schedule', () => {
  it('backs off from 30 s, doubling, capped at one hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000]);
  });

  it('keeps trying for about three days with the default 80 attempts', () => {
    let total = 0;
    for (let attempt = 1; attempt < 80; attempt++) total += retryDelayMs(attempt);
    expect(total / 3_600_000).toBeGreaterThan(72);
    expect(total / 3_600_000).toBeLessThan(80);
  });
});
