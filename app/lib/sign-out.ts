import type { AuthStore } from './auth-store.ts';

/**
 * Signs this browser out (spec: /account/logout clears the session) and asks the server to revoke
 * the session's refresh-token family, so a copy of the token left anywhere stops working. The
 * server call is best effort: it is sent and not waited for (`keepalive` lets it finish while the
 * page goes to /), and nothing it does, fails or takes can hold the sign-out up.
 */
export function signOut(store: AuthStore, send: typeof fetch): void {
  const { refreshToken } = store.getState();
  store.dispatch({ type: 'logout' });
  if (!refreshToken) return;
  try {
    send('/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // a fetch that throws at once (no network stack) must not stop the sign-out either
  }
}
