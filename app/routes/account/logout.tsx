import { authStore } from '../../lib/auth-store.ts';

/**
 * Spec: clears the session and goes to /. Runs in the browser, where the session lives. The home page
 * is a content template that ships no React (ADR 005), so it is loaded as a new document.
 */
export function clientLoader() {
  authStore().dispatch({ type: 'logout' });
  window.location.replace('/');
  return null;
}

export function HydrateFallback() {
  return <p role="status">Signing out...</p>;
}

export default function Logout() {
  return null;
}
