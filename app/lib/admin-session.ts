import { useRouteLoaderData } from 'react-router';
import type { CheckAuth } from '#shared/validation/auth.ts';

/** The admin layout's route id (app/routes.ts). */
export const ADMIN_ROUTE_ID = 'siteadmin';

/** The signed-in user as check-auth described them, inside any admin screen. */
export function useAdminUser(): CheckAuth {
  const data = useRouteLoaderData(ADMIN_ROUTE_ID) as { user: CheckAuth } | undefined;
  if (!data) throw new Error('useAdminUser is for admin screens only.');
  return data.user;
}

/** Only same-site admin paths are followed after sign-in, never another host. */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/siteadmin';
  return value.startsWith('/siteadmin') ? value : '/siteadmin';
}

/** Headers of every admin and account document: never cached, never indexed. */
export function privatePageHeaders(): Record<string, string> {
  return { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

/** A one-time sign-in link whose account has a second factor hands its challenge to the login screen in session storage. */
export const PENDING_CHALLENGE_KEY = 'login-challenge';
