import { useSyncExternalStore } from 'react';
import {
  AUTH_STORAGE_KEY,
  type AuthAction,
  authReducer,
  type AuthState,
  initialAuthState,
  parseStoredAuth,
  serializeAuth,
} from './auth-state.ts';

export interface AuthStore {
  getState(): AuthState;
  dispatch(action: AuthAction): AuthState;
  subscribe(listener: () => void): () => void;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A store over the reducer that writes every change to storage (key `root`). */
export function createAuthStore(storage: StorageLike | null): AuthStore {
  let state = parseStoredAuth(safe(() => storage?.getItem(AUTH_STORAGE_KEY) ?? null, null));
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  return {
    getState: () => state,
    dispatch(action) {
      state = authReducer(state, action);
      safe(() => storage?.setItem(AUTH_STORAGE_KEY, serializeAuth(state)), undefined);
      notify();
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies AuthStore;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // storage can be unavailable (private mode, quota): the session then lives for this page only
    return fallback;
  }
}

let browserStore: AuthStore | null = null;

/** The one store of this browser tab, created on first use (never on the server). */
export function authStore(): AuthStore {
  if (typeof window === 'undefined') throw new Error('The auth store exists in the browser only.');
  if (!browserStore) {
    const store = createAuthStore(safe(() => window.localStorage, null));
    window.addEventListener('storage', (event) => {
      if (event.key !== AUTH_STORAGE_KEY) return;
      const next = parseStoredAuth(event.newValue);
      const current = store.getState();
      // Only a real change of session is adopted (another tab's in-flight flags are its own business).
      if (next.isAuthenticated === current.isAuthenticated && next.token === current.token && next.refreshToken === current.refreshToken)
        return;
      // Signing out in one tab signs out every tab; tokens refreshed or signed in elsewhere are shared, so
      // this tab never presents a refresh token that the other has already rotated.
      if (!next.isAuthenticated) store.dispatch({ type: 'logout' });
      else if (next.token && next.refreshToken && next.email)
        store.dispatch({ type: 'login/fulfilled', tokens: { token: next.token, refreshToken: next.refreshToken, email: next.email } });
    });
    browserStore = store;
  }
  return browserStore;
}

const serverSnapshot = (): AuthState => initialAuthState;
const subscribe = (listener: () => void) => authStore().subscribe(listener);
const snapshot = () => authStore().getState();

/** The session in a component; the server render always sees the signed-out state. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
