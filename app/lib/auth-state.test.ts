import { describe, expect, it } from 'vitest';
import {
  authReducer,
  type AuthState,
  initialAuthState,
  needsRefresh,
  parseStoredAuth,
  serializeAuth,
  tokenExpiresAt,
} from './auth-state.ts';

const tokens = { token: 'a.b.c', refreshToken: 'r1', email: 'admin@example.com' };
const signedIn: AuthState = {
  isAuthenticated: true,
  loading: false,
  email: 'admin@example.com',
  token: 'a.b.c',
  refreshToken: 'r1',
  revalidatingToken: false,
};

function jwt(claims: object): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
}

describe('auth reducer (spec section 4)', () => {
  it('login pending sets loading; success stores tokens and email and authenticates; failure clears loading', () => {
    const pending = authReducer(initialAuthState, { type: 'login/pending' });
    expect(pending).toEqual({ ...initialAuthState, loading: true });
    expect(authReducer(pending, { type: 'login/fulfilled', tokens })).toEqual(signedIn);
    expect(authReducer(pending, { type: 'login/rejected' })).toEqual(initialAuthState);
  });

  it('refresh pending sets loading and revalidating; success stores the new (rotated) tokens', () => {
    const pending = authReducer(signedIn, { type: 'refresh/pending' });
    expect(pending).toMatchObject({ loading: true, revalidatingToken: true, token: 'a.b.c' });
    expect(authReducer(pending, { type: 'refresh/fulfilled', token: 'new', refreshToken: 'r2' })).toEqual({
      ...signedIn,
      token: 'new',
      refreshToken: 'r2',
    });
    expect(authReducer(pending, { type: 'refresh/fulfilled', token: 'new' }).refreshToken).toBe('r1');
  });

  it('refresh failure unauthenticates and clears the tokens; an unanswered refresh keeps the session', () => {
    const pending = authReducer(signedIn, { type: 'refresh/pending' });
    expect(authReducer(pending, { type: 'refresh/rejected' })).toEqual(initialAuthState);
    expect(authReducer(pending, { type: 'refresh/unanswered' })).toEqual(signedIn);
  });

  it('check-auth rejection and logout clear the session; one-time login authenticates', () => {
    expect(authReducer(signedIn, { type: 'checkAuth/rejected' })).toEqual(initialAuthState);
    expect(authReducer(signedIn, { type: 'logout' })).toEqual(initialAuthState);
    expect(authReducer(initialAuthState, { type: 'oneTimeLogin/fulfilled', tokens })).toEqual(signedIn);
  });
});

describe('stored session', () => {
  it('round-trips through storage and never restores in-flight flags', () => {
    expect(parseStoredAuth(serializeAuth(signedIn))).toEqual(signedIn);
    expect(parseStoredAuth(serializeAuth({ ...signedIn, loading: true, revalidatingToken: true }))).toEqual(signedIn);
  });

  it('reads missing, broken or foreign values as signed out', () => {
    for (const raw of [
      null,
      '',
      '{',
      '"text"',
      '[]',
      JSON.stringify({ isAuthenticated: true }),
      JSON.stringify({ isAuthenticated: 'yes', token: 't' }),
    ]) {
      expect(parseStoredAuth(raw).isAuthenticated).toBe(false);
    }
  });
});

describe('token expiry', () => {
  it('reads exp from a JWT and refreshes under 10 seconds before it', () => {
    const token = jwt({ sub: '1', exp: 1_000 });
    expect(tokenExpiresAt(token)).toBe(1_000_000);
    expect(needsRefresh(token, 1_000_000 - 10_001)).toBe(false);
    expect(needsRefresh(token, 1_000_000 - 9_999)).toBe(true);
    expect(needsRefresh(token, 2_000_000)).toBe(true);
  });

  it('does not try to refresh a token it cannot read', () => {
    expect(tokenExpiresAt('not-a-jwt')).toBeNull();
    expect(needsRefresh('x.!!!.y', 0)).toBe(false);
    expect(needsRefresh(null, 0)).toBe(false);
  });
});
