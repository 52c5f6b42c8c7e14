/**
 * The spam verdict (ADR 043): four signals (the honeypot, the time taken to fill the form, the
 * client's recent submissions and the reCAPTCHA score) combine into one verdict with its reasons.
 * Spam is stored with status Spam and notifies nobody; the visitor's reply is the same either way.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The thresholds (ADR 043). A lead is spam at SPAM_POINTS: the honeypot alone, or two weak signals together. */
export const SPAM_RULES = {
  /** points that make a lead spam */
  spamPoints: 2,
  /** a filled honeypot: no person sees the field, so it is spam on its own */
  honeypotPoints: 2,
  /** sent sooner than this after the form was rendered: a weak signal (autofill can be fast) */
  minFillMs: 3000,
  /** earlier submissions from the same client within the window at which the rate is a weak signal */
  rateWindowMs: 10 * 60_000,
  rateCount: 3,
  /** a verified reCAPTCHA score below this (but at or above the refusal threshold): a weak signal */
  lowScore: 0.7,
  /** a form stamp older than this is treated as missing (a page kept open over a weekend is not a bot) */
  maxStampAgeMs: 7 * 24 * 60 * 60_000,
} as const;

export interface SpamSignals {
  /** what the hidden honeypot field held */
  honeypot: string;
  /** ms from the form's render to the submission; null when the form carried no valid stamp */
  fillMs: number | null;
  /** the form carried a stamp that does not verify (forged or altered) */
  stampInvalid: boolean;
  /** submissions from the same client within the rate window before this one */
  recentFromClient: number;
  /** the verified reCAPTCHA score; null when not checked or unavailable */
  recaptchaScore: number | null;
}

export interface SpamVerdict {
  spam: boolean;
  points: number;
  /** every signal that counted, in words for the Administrator */
  reasons: string[];
}

/** Pure: the verdict of one submission's signals. */
export function spamVerdict(s: SpamSignals, rules = SPAM_RULES): SpamVerdict {
  const reasons: string[] = [];
  let points = 0;
  if (s.honeypot.trim()) {
    points += rules.honeypotPoints;
    reasons.push('hidden honeypot field filled');
  }
  if (s.stampInvalid) {
    points += 1;
    reasons.push('form time stamp forged or altered');
  } else if (s.fillMs !== null && s.fillMs < rules.minFillMs) {
    points += 1;
    reasons.push(`form sent ${(Math.max(0, s.fillMs) / 1000).toFixed(1)} s after it was shown (under ${rules.minFillMs / 1000} s)`);
  }
  if (s.recentFromClient >= rules.rateCount) {
    points += 1;
    reasons.push(`${s.recentFromClient} earlier submissions from the same client in ${rules.rateWindowMs / 60_000} minutes`);
  }
  if (s.recaptchaScore !== null && s.recaptchaScore < rules.lowScore) {
    points += 1;
    reasons.push(`reCAPTCHA score ${s.recaptchaScore} (under ${rules.lowScore})`);
  }
  return { spam: points >= rules.spamPoints, points, reasons };
}

/**
 * The form's render time, signed so a bot cannot claim it opened the form long ago: `<ms>.<hmac>`.
 * Rendered server-side into a hidden field, so it works without JavaScript.
 */
export function createFormStamp(secret: string) {
  const mac = (ms: string) => createHmac('sha256', `form-stamp:${secret}`).update(ms).digest('base64url').slice(0, 22);
  return {
    issue(now = Date.now()): string {
      const ms = String(now);
      return `${ms}.${mac(ms)}`;
    },
    /** ms since the stamp was issued; 'invalid' when it does not verify; null when absent or too old to tell. */
    read(stamp: string, now = Date.now()): number | 'invalid' | null {
      if (!stamp) return null;
      const m = /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(stamp);
      if (!m) return 'invalid';
      const expected = Buffer.from(mac(m[1]!));
      const given = Buffer.from(m[2]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      const elapsed = now - Number(m[1]);
      if (elapsed > SPAM_RULES.maxStampAgeMs) return null;
      return elapsed;
    },
  };
}
export type FormStamp = ReturnType<typeof createFormStamp>;

/**
 * Recent submissions per client (its IP), in memory on this instance: a sliding window, bounded in
 * the number of clients kept (the oldest forgotten first).
 */
export function createClientRate(windowMs = SPAM_RULES.rateWindowMs, maxClients = 10_000) {
  const seen = new Map<string, number[]>();
  return {
    /** Counts this submission and answers how many came from the client within the window before it. */
    hit(client: string | undefined, now = Date.now()): number {
      if (!client) return 0;
      const recent = (seen.get(client) ?? []).filter((t) => now - t < windowMs);
      const before = recent.length;
      recent.push(now);
      seen.delete(client);
      if (seen.size >= maxClients) seen.delete(seen.keys().next().value!);
      seen.set(client, recent.slice(-50));
      return before;
    },
  };
}
