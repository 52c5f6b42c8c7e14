import { DomainError } from '../errors.ts';

export const CAPTCHA_REJECTED = 'We could not verify that this request came from a person. Please try again.';

export interface CaptchaOutcome {
  /**
   * 'verified'; 'not-configured' (no secret set); 'unavailable' (Google unreachable) or 'missing'
   * (no token sent, e.g. the browser blocked Google's script): in those two the lead is kept, flagged.
   */
  result: 'verified' | 'not-configured' | 'unavailable' | 'missing';
  score: number | null;
}

export interface RecaptchaOptions {
  secret?: string;
  verifyUrl: string;
  /** A number, or read per check (site settings may override RECAPTCHA_MIN_SCORE at any time). */
  minScore: number | (() => Promise<number>);
  action?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  log: { warn(obj: object, msg?: string): void };
}

interface VerifyReply {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

/**
 * Server-side reCAPTCHA v3 check. A token Google rejects, for another action or below the score
 * threshold is refused; when no token was sent or Google cannot be reached the lead is accepted and
 * marked, because a lost lead costs more than an occasional unverified one (ADR 006).
 */
export function createRecaptchaVerifier(opts: RecaptchaOptions) {
  const doFetch = opts.fetch ?? fetch;
  const action = opts.action ?? 'form';
  return {
    enabled: Boolean(opts.secret),
    async verify(token: string, remoteIp?: string): Promise<CaptchaOutcome> {
      if (!opts.secret) return { result: 'not-configured', score: null };
      if (!token.trim()) {
        // A content blocker or a failed script load leaves a real visitor without a token; refusing
        // would silently lose their lead. Keep it, flagged for the team (the rate limit still applies).
        opts.log.warn({}, 'form submission without a reCAPTCHA token; accepting it flagged as unverified');
        return { result: 'missing', score: null };
      }
      let reply: VerifyReply;
      try {
        const body = new URLSearchParams({ secret: opts.secret, response: token });
        if (remoteIp) body.set('remoteip', remoteIp);
        const res = await doFetch(opts.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        });
        if (!res.ok) throw new Error(`verify endpoint answered ${res.status}`);
        reply = (await res.json()) as VerifyReply;
      } catch (err) {
        opts.log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'reCAPTCHA verification unavailable; accepting the submission',
        );
        return { result: 'unavailable', score: null };
      }
      const score = typeof reply.score === 'number' ? reply.score : null;
      const minScore = typeof opts.minScore === 'number' ? opts.minScore : await opts.minScore();
      if (reply.success !== true || (reply.action !== undefined && reply.action !== action) || (score !== null && score < minScore)) {
        throw new DomainError(CAPTCHA_REJECTED, 400);
      }
      return { result: 'verified', score };
    },
  };
}
export type RecaptchaVerifier = ReturnType<typeof createRecaptchaVerifier>;
