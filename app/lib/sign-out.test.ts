import { describe, expect, it, vi } from 'vitest';
import { createAuthStore } from './auth-store.ts';
import { signOut } from './sign-out.ts';

const tokens = { token: 'a.b.c', refreshToken: 'refresh-1', email: 'admin@example.com' };

function signedInStore() {
  const store = createAuthStore(null);
  store.dispatch({ type: 'login/fulfilled', tokens });
  return store;
}

describe('signOut (/account/logout)', () => {
  it('clears the session and asks the server to revoke its refresh token', () => {
    const store = signedInStore();
    const send = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{"success":true,"data":null,"message":null}')));
    signOut(store, send);
    expect(store.getState()).toMatchObject({ isAuthenticated: false, token: null, refreshToken: null });
    expect(send).toHaveBeenCalledTimes(1);
    const [url, init] = send.mock.calls[0]!;
    expect(url).toBe('/auth/logout');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(init!.body as string)).toEqual({ refreshToken: 'refresh-1' });
  });

  it('never waits for, or fails with, the server call', () => {
    for (const send of [
      vi.fn<typeof fetch>(() => new Promise<Response>(() => {})),
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
      vi.fn<typeof fetch>(() => {
        throw new Error('no fetch');
      }),
    ]) {
      const store = signedInStore();
      expect(() => signOut(store, send)).not.toThrow();
      expect(store.getState().isAuthenticated).toBe(false);
    }
  });

  it('sends nothing when there is no session', () => {
    const send = vi.fn<typeof fetch>();
    signOut(createAuthStore(null), send);
    expect(send).not.toHaveBeenCalled();
  });
});
