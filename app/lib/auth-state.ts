/**
 * The browser's session (spec sections 3 and 4): {isAuthenticated, loading, email, token,
 * refreshToken, revalidatingToken}, persisted in local storage under key `root`. A pure reducer,
 * so each transition of the spec is one case with a unit test.
 */
export interface AuthState {
  isAuthenticated: boolean;
  loading: boolean;
  email: string | null;
  token: string | null;
  refreshToken: string | null;
  revalidatingToken: boolean;
}

export const AUTH_STORAGE_KEY = 'root';

export const initialAuthState: AuthState = Object.freeze({
  isAuthenticated: false,
  loading: false,
  email: null,
  token: null,
  refreshToken: null,
  revalidatingToken: false,
});

export interface SessionTokens {
  token: string;
  refreshToken: string;
  email: string;
}

export type AuthAction =
  | { type: 'login/pending' }
  | { type: 'login/fulfilled'; tokens: SessionTokens }
  | { type: 'login/rejected' }
  | { type: 'refresh/pending' }
  | { type: 'refresh/fulfilled'; token: string; refreshToken?: string }
  | { type: 'refresh/rejected' }
  /** The refresh call never got an answer (network): nothing was decided, so the session stays. */
  | { type: 'refresh/unanswered' }
  | { type: 'checkAuth/rejected' }
  | { type: 'oneTimeLogin/fulfilled'; tokens: SessionTokens }
  | { type: 'logout' };

function signedIn(tokens: SessionTokens): AuthState {
  return {
    isAuthenticated: true,
    loading: false,
    email: tokens.email,
    token: tokens.token,
    refreshToken: tokens.refreshToken,
    revalidatingToken: false,
  };
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'login/pending':
      return { ...state, loading: true };
    case 'login/fulfilled':
    case 'oneTimeLogin/fulfilled':
      return signedIn(action.tokens);
    case 'login/rejected':
      return { ...state, loading: false };
    case 'refresh/pending':
      return { ...state, loading: true, revalidatingToken: true };
    case 'refresh/fulfilled':
      // The server rotates the refresh token on every use, so the new one replaces the old.
      return {
        ...state,
        loading: false,
        revalidatingToken: false,
        isAuthenticated: true,
        token: action.token,
        refreshToken: action.refreshToken ?? state.refreshToken,
      };
    case 'refresh/unanswered':
      return { ...state, loading: false, revalidatingToken: false };
    case 'refresh/rejected':
    case 'checkAuth/rejected':
    case 'logout':
      return { ...initialAuthState };
  }
}

/**
 * Reads the stored session, tolerating anything: a hand-edited or foreign value gives the signed-out
 * state. The in-flight flags are never restored: a page closed mid-request has no request left.
 */
export function parseStoredAuth(raw: string | null): AuthState {
  if (!raw) return { ...initialAuthState };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...initialAuthState };
  }
  if (!value || typeof value !== 'object') return { ...initialAuthState };
  const v = value as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' && x.length > 0 ? x : null);
  const token = str(v.token);
  const refreshToken = str(v.refreshToken);
  const email = str(v.email);
  const isAuthenticated = v.isAuthenticated === true && token !== null;
  return { isAuthenticated, loading: false, email: isAuthenticated ? email : null, token, refreshToken, revalidatingToken: false };
}

export function serializeAuth(state: AuthState): string {
  return JSON.stringify(state);
}

/** The access token's `exp` in epoch milliseconds, or null when the token is not a readable JWT. */
export function tokenExpiresAt(token: string | null): number | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const b64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(b64)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Spec section 9: refresh when the token expires in under 10 seconds. */
export const REFRESH_THRESHOLD_MS = 10_000;

export function needsRefresh(token: string | null, now: number): boolean {
  const exp = tokenExpiresAt(token);
  return exp !== null && exp - now < REFRESH_THRESHOLD_MS;
}
