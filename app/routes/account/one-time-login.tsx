import { redirect } from 'react-router';
import { authApi } from '#shared/contracts/auth.ts';
import { api } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { PENDING_CHALLENGE_KEY } from '../../lib/admin-session.ts';
import type { Route } from './+types/one-time-login';

export const meta: Route.MetaFunction = () => [{ title: 'Signing in' }, { name: 'robots', content: 'noindex, nofollow' }];

/** A one-time sign-in link from email: exchanged for tokens once, then the dashboard. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const env = await api().call(authApi.oneTimeLogin, { body: { token: params.token } }, { denied: 'return' });
  if (env.success && env.data && 'token' in env.data) {
    authStore().dispatch({ type: 'oneTimeLogin/fulfilled', tokens: env.data });
    throw redirect('/siteadmin');
  }
  if (env.data && 'challenge' in env.data) {
    // The link replaced the password, not the second factor: the login screen asks for the code.
    window.sessionStorage.setItem(PENDING_CHALLENGE_KEY, JSON.stringify({ data: env.data, message: env.message }));
    throw redirect('/account/login');
  }
  throw redirect('/account/login?notice=link-invalid');
}

export function HydrateFallback() {
  return <p role="status">Signing you in...</p>;
}

export default function OneTimeLogin() {
  return null;
}
