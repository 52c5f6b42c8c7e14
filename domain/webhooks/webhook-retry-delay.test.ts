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
});
