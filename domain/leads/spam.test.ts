import { describe, expect, it } from 'vitest';
import { createClientRate, createFormStamp, spamVerdict, type SpamSignals } from './spam.ts';

const person: SpamSignals = { honeypot: '', fillMs: 45_000, stampInvalid: false, recentFromClient: 0, recaptchaScore: 0.9 };

describe('spamVerdict', () => {
  it('a person filling the form at any human pace, at a normal rate, with a good score, is never spam', () => {
    for (const fillMs of [3000, 8000, 60_000, 3_600_000, null])
      for (const recentFromClient of [0, 1, 2, 5])
        for (const recaptchaScore of [0.7, 0.9, null]) {
          const v = spamVerdict({ ...person, fillMs, recentFromClient, recaptchaScore });
          expect(v.spam, JSON.stringify({ fillMs, recentFromClient, recaptchaScore })).toBe(false);
        }
  });

  it('a filled honeypot is spam on its own, with its reason', () => {
    expect(spamVerdict({ ...person, honeypot: 'https://spam.example' })).toEqual({
      spam: true,
      points: 2,
      reasons: ['hidden honeypot field filled'],
    });
  });

  it('each weak signal alone is not spam; any two are', () => {
    const weak: Partial<SpamSignals>[] = [{ fillMs: 900 }, { stampInvalid: true }, { recentFromClient: 3 }, { recaptchaScore: 0.6 }];
    for (const one of weak) {
      const v = spamVerdict({ ...person, ...one });
      expect(v.spam).toBe(false);
      expect(v.reasons).toHaveLength(1);
    }
    const v = spamVerdict({ ...person, fillMs: 900, recaptchaScore: 0.6 });
    expect(v.spam).toBe(true);
    expect(v.reasons).toEqual(['form sent 0.9 s after it was shown (under 3 s)', 'reCAPTCHA score 0.6 (under 0.7)']);
    expect(spamVerdict({ ...person, recentFromClient: 4, stampInvalid: true }).reasons).toEqual([
      'form time stamp forged or altered',
      '4 earlier submissions from the same client in 10 minutes',
    ]);
  });
});

describe('form stamp', () => {
  const stamp = createFormStamp('secret');
  it('tells the time since it was issued, refuses an altered one, ignores a missing or very old one', () => {
    const s = stamp.issue(1_000_000);
    expect(stamp.read(s, 1_004_000)).toBe(4000);
    expect(stamp.read(s.replace('1000000', '0999000'), 1_004_000)).toBe('invalid');
    expect(stamp.read('1000000.x', 1_004_000)).toBe('invalid');
    expect(createFormStamp('other').read(s, 1_004_000)).toBe('invalid');
    expect(stamp.read('', 1_004_000)).toBeNull();
    expect(stamp.read(s, 1_000_000 + 8 * 24 * 3_600_000)).toBeNull();
  });
});

describe('client rate', () => {
  it('counts earlier submissions of the same client within the window only', () => {
    const rate = createClientRate(60_000);
    expect(rate.hit('a', 0)).toBe(0);
    expect(rate.hit('a', 1000)).toBe(1);
    expect(rate.hit('b', 1000)).toBe(0);
    expect(rate.hit('a', 61_500)).toBe(0);
    expect(rate.hit(undefined, 0)).toBe(0);
  });
});
