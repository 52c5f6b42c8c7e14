import { describe, expect, it } from 'vitest';
import { redactTokens } from './log-redaction.ts';

describe('redactTokens', () => {
  it.each([
    ['/account/reset-password/abc_DEF-123', '/account/reset-password/[redacted]'],
    ['/account/one-time-login/tok?next=1', '/account/one-time-login/[redacted]?next=1'],
    ['/account/confirm-email/tok', '/account/confirm-email/[redacted]'],
    ['/preview/tok.data?_routes=x', '/preview/[redacted]?_routes=x'],
    ['/knowledge-center/preview-of-spring', '/knowledge-center/preview-of-spring'],
    ['/account/login', '/account/login'],
  ])('%s -> %s', (url, expected) => {
    expect(redactTokens(url)).toBe(expected);
  });
});
