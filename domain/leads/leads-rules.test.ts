import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../mail/mail-service.ts';
import { contactNotification, leadsAddressFor } from './notifications.ts';
import { toE164 } from './phone.ts';
import { CAPTCHA_REJECTED, createRecaptchaVerifier } from './recaptcha.ts';

describe('phone numbers are normalised to E.164 when they parse, and never rejected', () => {
  it.each([
    ['+1 (515) 555-0199', undefined, '+15155550199'],
    ['(515) 555-0199', 'US', '+15155550199'],
    ['306 555 0142', 'CA', '+13065550142'],
    ['+44 20 7946 0958', 'US', '+442079460958'],
    ['12', 'US', null],
    ['call me', 'US', null],
    ['', 'US', null],
  ] as const)('%j (%s) → %s', (phone, country, expected) => {
    expect(toE164(phone, country)).toBe(expected);
  });
});

describe('lead notifications', () => {
  const recipients = { us: 'us@example.com', ca: 'ca@example.com', int: 'int@example.com' };
  it.each([
    [2, 'us@example.com'],
    [3, 'ca@example.com'],
    [4, 'int@example.com'],
  ])('region %s goes to %s', (region, address) => {
    expect(leadsAddressFor(region, recipients)).toBe(address);
  });

  it('carries every field, replies to the visitor and names the submission', () => {
    const mail = contactNotification(
      {
        id: 42,
        name: 'Dana',
        email: 'dana@example.com',
        phone: '515 555 0199',
        phoneE164: '+15155550199',
        region: 'USA',
        state: 'Iowa',
        zipcode: '50010',
        role: 'Grower',
        message: 'Hello',
        created: new Date('2026-03-01T12:00:00Z'),
      },
      'us@example.com',
    );
    expect(mail).toMatchObject({
      kind: 'contact-lead',
      toAddresses: ['us@example.com'],
      replyTo: 'dana@example.com',
      formSubmissionId: 42,
    });
    expect(mail.subject).toBe('New contact request: Dana (Grower, USA)');
    for (const text of ['Dana', '515 555 0199 (+15155550199)', 'Iowa', '50010', 'Grower', 'Hello', '#42'])
      expect(mail.text).toContain(text);
  });
});

describe('mail retry back-off', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 1_920_000],
    [8, 3_600_000],
    [20, 3_600_000],
  ])('after attempt %s waits %s ms', (attempts, ms) => {
    expect(retryDelayMs(attempts)).toBe(ms);
  });
});

describe('reCAPTCHA verification', () => {
  const log = { warn: () => undefined };
  function verifier(reply: unknown, opts: { status?: number; secret?: string } = {}) {
    const calls: RequestInit[] = [];
    const fetchStub = (async (_url: string, init: RequestInit) => {
      calls.push(init);
      return new Response(JSON.stringify(reply), { status: opts.status ?? 200 });
    }) as unknown as typeof fetch;
    const v = createRecaptchaVerifier({
      secret: 'secret' in opts ? opts.secret : 's3cret',
      verifyUrl: 'http://verify.test',
      minScore: 0.5,
      fetch: fetchStub,
      log,
    });
    return { v, calls };
  }

  it('is skipped when no secret is configured', async () => {
    const { v, calls } = verifier({ success: false }, { secret: undefined });
    await expect(v.verify('')).resolves.toEqual({ result: 'not-configured', score: null });
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['success with a good score', { success: true, score: 0.7, action: 'form' }, { result: 'verified', score: 0.7 }],
    ['success exactly at the threshold', { success: true, score: 0.5, action: 'form' }, { result: 'verified', score: 0.5 }],
    ['success without a score (v2 key)', { success: true }, { result: 'verified', score: null }],
  ])('accepts %s', async (_case, reply, expected) => {
    await expect(verifier(reply).v.verify('token')).resolves.toEqual(expected);
  });

  it.each([
    ['a failed check', { success: false }],
    ['a low score', { success: true, score: 0.3, action: 'form' }],
    ['another action', { success: true, score: 0.9, action: 'login' }],
  ])('rejects %s', async (_case, reply) => {
    await expect(verifier(reply).v.verify('token')).rejects.toMatchObject({ message: CAPTCHA_REJECTED, status: 400 });
  });

  it('accepts an empty token (script blocked), marked missing, without calling Google', async () => {
    const { v, calls } = verifier({ success: true });
    await expect(v.verify(' ')).resolves.toEqual({ result: 'missing', score: null });
    expect(calls).toHaveLength(0);
  });

  it('accepts, marked unavailable, when the endpoint fails', async () => {
    await expect(verifier({}, { status: 503 }).v.verify('token')).resolves.toEqual({ result: 'unavailable', score: null });
  });
});
