import { describe, expect, it } from 'vitest';
import type { MailService } from '../mail/mail-service.ts';
import type { AuthRepository, AuthUser } from './auth-repository.ts';
import { createAuthService } from './auth-service.ts';
import { createKnownClients } from './known-client.ts';
import { createSecretBox } from './secret-box.ts';
import type { TokenSigner } from './tokens.ts';

const KNOWN: AuthUser = { id: 7, email: 'known@example.com', passwordHash: 'x', totpSecret: null, totpEnabled: false, totpLastStep: null };

/**
 * An auth service on a recording fake repository whose user lookup waits until the test lets it
 * go, so the test can see what a reply waited for.
 */
function setup() {
  const calls: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const repo = {
    async findUserByEmail(email: string) {
      calls.push(`lookup ${email}`);
      await gate;
      return email.trim().toLowerCase() === KNOWN.email ? KNOWN : null;
    },
    async expireEmailTokens() {
      calls.push('expire tokens');
    },
    async insertEmailToken() {
      calls.push('insert token');
    },
    async insertAudit(entry: { action: string }) {
      calls.push(`audit ${entry.action}`);
    },
  } as unknown as AuthRepository;
  const mail = {
    async enqueue() {
      calls.push('enqueue mail');
      return 1;
    },
    kick() {},
  } as unknown as MailService;
  const auth = createAuthService({
    repo,
    secretBox: createSecretBox('test-data-key-0123456789-abcdefghijklmnop'),
    sessionMaxMs: 7 * 24 * 60 * 60_000,
    transaction: (work) => work(repo),
    signer: {} as TokenSigner,
    knownClients: createKnownClients('test-jwt-secret-0123456789-abcdefghijklmnop'),
    mail,
    siteUrl: 'https://www.example.com',
    production: true,
    siteName: async () => 'Example',
  });
  return { auth, calls, release };
}

describe('forgot password and emailed sign-in links', () => {
  it.each([
    ['forgotPassword', 'password-reset-requested'],
    ['emailAuth', 'sign-in-link-requested'],
  ] as const)(
    '%s answers before the account is even looked up, known or not; the link is made after the reply',
    async (method, audited) => {
      const { auth, calls, release } = setup();
      // Both replies resolve while the lookup is still held: neither waited for any database work.
      await auth[method]('Known@example.com ', undefined, { ip: '192.0.2.1' });
      await auth[method]('nobody@example.com', undefined, { ip: '192.0.2.1' });
      expect(calls).toEqual(['lookup Known@example.com ', 'lookup nobody@example.com']);

      release();
      await auth.idle();
      expect(calls.slice(2)).toEqual(['expire tokens', 'insert token', 'enqueue mail', `audit ${audited}`]);
    },
  );
});
