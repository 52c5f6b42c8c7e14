import { describe, expect, it } from 'vitest';
import { webhookRetryDelayMs } from './webhooks-service.ts';

describe('webhook retry back-off', () => {
  it('waits 30 s before the second attempt by default, then doubles, capped at an hour', () => {
    expect([1, 2, 3, 4].map((n) => webhookRetryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(webhookRetryDelayMs(20)).toBe(60 * 60_000);
  });

  it('starts from WEBHOOK_FIRST_RETRY_SECONDS when it is set', () => {
    expect([1, 2, 3].map((n) => webhookRetryDelayMs(n, 2000))).toEqual([2000, 4000, 8000]);
    expect(webhookRetryDelayMs(30, 2000)).toBe(60 * 60_000);
  });

  it("spreads a delivery's wait over 0.8-1.2 times the back-off, the same for the same webhook-id and attempt", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `msg_${i.toString(36).padStart(8, '0')}`);
    for (const attempts of [1, 2, 5]) {
      const base = webhookRetryDelayMs(attempts, 2000);
      const waits = ids.map((id) => webhookRetryDelayMs(attempts, 2000, id));
      expect(Math.min(...waits)).toBeGreaterThanOrEqual(base * 0.8);
      expect(Math.max(...waits)).toBeLessThanOrEqual(base * 1.2);
      // spread, not bunched: every tenth of the range is used, and the mean stays the back-off
      const tenths = new Set(waits.map((w) => Math.min(9, Math.floor(((w / base - 0.8) / 0.4) * 10))));
      expect(tenths.size).toBe(10);
      const mean = waits.reduce((a, b) => a + b, 0) / waits.length;
      expect(Math.abs(mean / base - 1)).toBeLessThan(0.02);
      expect(ids.map((id) => webhookRetryDelayMs(attempts, 2000, id))).toEqual(waits);
    }
    // deliveries that failed together at one attempt are not paired again at the next
    const a = ids.slice(0, 50).map((id) => webhookRetryDelayMs(1, 2000, id));
    const b = ids.slice(0, 50).map((id) => webhookRetryDelayMs(2, 2000, id) / 2);
    expect(a).not.toEqual(b);
  });
});
