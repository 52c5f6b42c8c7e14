import { describe, expect, it } from 'vitest';
import { redactingDestination, redactTokens } from './log-redaction.ts';

describe('redactTokens', () => {
  it.each([
    ['/account/reset-password/abc_DEF-123', '/account/reset-password/[redacted]'],
    ['/account/one-time-login/tok?next=1', '/account/one-time-login/[redacted]?next=1'],
    ['/account/confirm-email/tok', '/account/confirm-email/[redacted]'],
    ['/preview/tok.data?_routes=x', '/preview/[redacted]?_routes=x'],
    ['/knowledge-center/preview-of-spring', '/knowledge-center/preview-of-spring'],
    ['/account/login', '/account/login'],
    // a full address, as the React Router entry logs it, and other spellings of the same path
    ['https://www.example.com/account/reset-password/abc#x', 'https://www.example.com/account/reset-password/[redacted]#x'],
    ['/ACCOUNT/One-Time-Login/tok', '/ACCOUNT/One-Time-Login/[redacted]'],
    ['/error/form-refused?back=%2Fpreview%2Ftok&x=1', '/error/form-refused?back=%2Fpreview%2F[redacted]&x=1'],
    ['/account/confirm-email', '/account/confirm-email'],
    ['/preview/', '/preview/'],
  ])('%s -> %s', (url, expected) => {
    expect(redactTokens(url)).toBe(expected);
  });

  it('replaces every token in a whole JSON log line, and stops at the end of the JSON string', () => {
    const line = JSON.stringify({
      msg: 'render error',
      url: 'http://localhost/preview/aaa111',
      err: { message: 'No route matches URL "/account/reset-password/bbb222"' },
      referer: 'https://www.example.com/account/confirm-email/ccc333?x=1',
    });
    const redacted = redactTokens(line);
    expect(redacted).not.toMatch(/aaa111|bbb222|ccc333/);
    expect(JSON.parse(redacted)).toEqual({
      msg: 'render error',
      url: 'http://localhost/preview/[redacted]',
      err: { message: 'No route matches URL "/account/reset-password/[redacted]"' },
      referer: 'https://www.example.com/account/confirm-email/[redacted]?x=1',
    });
  });
});

describe('redactingDestination', () => {
  it('writes each line redacted to the destination it wraps', () => {
    const written: string[] = [];
    const destination = redactingDestination({ write: (line: string) => written.push(line) });
    destination.write('{"url":"/account/one-time-login/secret-1"}\n');
    expect(written).toEqual(['{"url":"/account/one-time-login/[redacted]"}\n']);
  });
});
