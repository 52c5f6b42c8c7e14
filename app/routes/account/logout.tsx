import { authStore } from '../../lib/auth-store.ts';
import { signOut } from '../../lib/sign-out.ts';

/**
 * Spec: clears the session and goes to /. Runs in the browser, where the session lives; the server
 * is asked to revoke the session's refresh tokens on the way out (best effort, never waited for).
 * The home page is a content template that ships no React (ADR 005), so it is loaded as a new document.
 */
export function clientLoader() {
  signOut(authStore(), window.fetch.bind(window));
  window.location.replace('/');
  return null;
}

export function HydrateFallback() {
  return <p role="status">Signing out...</p>;
}

export default function Logout() {
  return null;
}
