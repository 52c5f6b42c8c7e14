import { createAuthContext, type AuthServiceDeps } from './auth-context.ts';
import { createEmailedLinks } from './emailed-links.ts';
import { createSecondFactor } from './second-factor.ts';
import { createSessions } from './sign-in-sessions.ts';
import { createSignIn } from './sign-in.ts';

export {
  REQUIRE_SECOND_FACTOR_KEY,
  type AuthServiceDeps,
  type LoginOutcome,
  type RequestContext,
  type SessionUser,
  type SignedIn,
  type Tokens,
} from './auth-context.ts';
export { EMAIL_CHANGE_LINK_MS, RESET_LINK_MS, SET_PASSWORD_LINK_MS, SIGN_IN_LINK_MS } from './emailed-links.ts';
export { LOCKOUT_MS, MAX_FAILED_ATTEMPTS, MAX_USERNAME_FAILURES, USERNAME_LOCK_MAX_MS, usernameKey } from './sign-in-lockout.ts';
export { REFRESH_TTL_MS } from './sign-in-sessions.ts';

/**
 * The auth service: one object over its parts, which share one context (the dependencies, the
 * audit log, security notices and the sign-in lockout): signing in (sign-in.ts, sign-in-lockout.ts),
 * sign-in sessions (sign-in-sessions.ts), emailed links (emailed-links.ts) and the second factor
 * (second-factor.ts).
 */
export function createAuthService(deps: AuthServiceDeps) {
  const ctx = createAuthContext(deps);
  const { completeSignIn, ...sessions } = createSessions(ctx);
  const { verifySecondFactor, ...secondFactor } = createSecondFactor(ctx, { completeSignIn });
  const { afterFirstFactor, ...signIn } = createSignIn(ctx, { completeSignIn }, { verifySecondFactor });
  const links = createEmailedLinks(ctx, { afterFirstFactor });
  return {
    audit: ctx.audit,
    ...signIn,
    ...sessions,
    ...links,
    ...secondFactor,
    /** Emails the account a security notice (an administrator's change to it: users-service). */
    notify: ctx.notify,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
