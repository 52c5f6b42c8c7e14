import type { MailService } from '../mail/mail-service.ts';
import { securityNoticeEmail, type NoticeDetails, type SecurityNotice } from './auth-emails.ts';
import type { AuditInsert, AuthRepository, AuthUser } from './auth-repository.ts';
import type { KnownClients } from './known-client.ts';
import type { SecretBox } from './secret-box.ts';
import { createLockout } from './sign-in-lockout.ts';
import type { TokenSigner } from './tokens.ts';

export const REQUIRE_SECOND_FACTOR_KEY = 'requireSecondFactor';

export interface RequestContext {
  ip: string | null;
  /** The known-client cookie the browser sent with a sign-in call (known-client.ts), if any. */
  knownClient?: string | null;
  /** The User-Agent header of a sign-in call: the new-sign-in notice names the browser from it. */
  userAgent?: string | null;
}

/** The signed-in user, as the auth plugin puts it on the request. */
export interface SessionUser {
  id: number;
  email: string;
  /** the name given in Users or My Account (ADR 052); null or absent: none */
  name?: string | null;
  roles: number[];
  twoFactorEnabled: boolean;
  /** The refresh-token family (sign-in session) the access token belongs to. */
  sessionId: string | null;
  /** Access token expiry, seconds since the epoch. */
  exp: number;
}

export interface Tokens {
  token: string;
  refreshToken: string;
  email: string;
}

/** A completed sign-in: the tokens for the reply, and a fresh known-client value for the browser's cookie. */
export interface SignedIn {
  tokens: Tokens;
  knownClient: string;
}

export type LoginOutcome =
  | ({ kind: 'tokens' } & SignedIn)
  | { kind: 'challenge'; message: string; data: { secondFactorRequired?: true; secondFactorEnrollmentRequired?: true; challenge: string } };

export interface AuthServiceDeps {
  repo: AuthRepository;
  /** Seals TOTP secrets at rest (DATA_KEY, or a key derived from JWT_SECRET). */
  secretBox: SecretBox;
  /** Absolute session lifetime from sign-in (SESSION_MAX_HOURS). */
  sessionMaxMs: number;
  transaction<T>(work: (repo: AuthRepository) => Promise<T>): Promise<T>;
  signer: TokenSigner;
  /** Signs and checks the cookie of browsers that signed in before (the username-wide lock, new-sign-in notices). */
  knownClients: KnownClients;
  mail: MailService;
  siteUrl: string;
  production: boolean;
  siteName(): Promise<string>;
  now?: () => number;
  /** Where the emailed-link work that runs after the reply reports a failure. */
  log?: { error(obj: object, msg?: string): void };
}

/** What every part of the auth service shares: the dependencies, the clock, the audit log and security notices. */
function createBase(deps: AuthServiceDeps) {
  const { repo, signer } = deps;
  const now = () => new Date(deps.now ? deps.now() : Date.now());

  async function audit(entry: AuditInsert, r: AuthRepository = repo) {
    await r.insertAudit(entry);
  }

  /** An action a user takes on their own account: the user is both the actor and the target. */
  async function auditSelf(
    entry: Pick<AuditInsert, 'action' | 'detail'>,
    user: { id: number; email: string },
    ctx: RequestContext,
    r: AuthRepository = repo,
  ) {
    await audit({ ...entry, actorUserId: user.id, actorEmail: user.email, targetUserId: user.id, targetEmail: user.email, ip: ctx.ip }, r);
  }

  async function requireSecondFactor(): Promise<boolean> {
    return (await repo.getSetting(REQUIRE_SECOND_FACTOR_KEY)) === true;
  }

  /**
   * The TOTP secret in clear, or null (none, or sealed under a key this process does not have). A
   * secret stored in clear by an earlier version works until the start-up upgrade has sealed it.
   */
  function totpSecretOf(user: AuthUser): string | null {
    if (!user.totpSecret) return null;
    return deps.secretBox.isSealed(user.totpSecret) ? deps.secretBox.open(user.totpSecret) : user.totpSecret;
  }

  /** Security notifications: mailed to the account; no link in them, so nothing to blank. */
  async function notify(notice: SecurityNotice, to: string, ctx: RequestContext, details: Omit<NoticeDetails, 'when' | 'ip'> = {}) {
    await deps.mail.enqueue(securityNoticeEmail(notice, to, await deps.siteName(), { ...details, when: now(), ip: ctx.ip }));
    deps.mail.kick();
  }

  return { deps, repo, signer, now, audit, auditSelf, requireSecondFactor, totpSecretOf, notify };
}
export type AuthBase = ReturnType<typeof createBase>;

/** The context the parts of the auth service are built on: the shared base and the sign-in lockout. */
export function createAuthContext(deps: AuthServiceDeps) {
  const base = createBase(deps);
  return { ...base, ...createLockout(base) };
}
export type AuthContext = ReturnType<typeof createAuthContext>;
