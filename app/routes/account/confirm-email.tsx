import { Link } from 'react-router';
import { authApi } from '#shared/contracts/auth.ts';
import { api } from '../../lib/api-client.ts';
import type { Route } from './+types/confirm-email';

export const meta: Route.MetaFunction = () => [{ title: 'Confirm Email Address' }, { name: 'robots', content: 'noindex, nofollow' }];

/**
 * The link mailed to a new address (a changed email takes effect only once its inbox confirms it): opening it makes that address the account's email
 * and username. Used once; an old or used link says so.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const env = await api().call(authApi.confirmEmail, { body: { token: params.token } }, { denied: 'return' });
  return { ok: env.success, message: env.message ?? (env.success ? 'Your email address has been changed.' : 'Something is wrong') };
}

export function HydrateFallback() {
  return <p role="status">Confirming your new email address...</p>;
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="account-card__title">Confirm Email Address</h1>
      <p className={`form-alert ${loaderData.ok ? 'form-alert--success' : 'form-alert--error'}`} role={loaderData.ok ? 'status' : 'alert'}>
        {loaderData.message}
      </p>
      <p className="account-card__links">
        <Link to="/account/login">Go to Login</Link>
      </p>
    </>
  );
}
