import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, NavLink, Outlet, redirect, useLocation, useNavigation, useRevalidator } from 'react-router';
import { ROLE_NAMES } from '#shared/permissions.ts';
import { authApi } from '#shared/contracts/auth.ts';
import { API_TIMEOUT_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE } from '#shared/unavailable.ts';
import { SessionTimeout, sessionPromptDelay } from '../../components/admin/session-timeout.tsx';
import { Logo } from '../../components/logo.tsx';
import { ADMIN_TOOLS, roleLabel, sectionsFor } from '../../lib/admin-sections.ts';
import { privatePageHeaders } from '../../lib/admin-session.ts';
import { api, ApiError, loadOrRedirect, loginPath, NETWORK_ERROR } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import adminCss from '../../styles/admin.css?url';
import type { Route } from './+types/admin-layout';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];
export const headers: Route.HeadersFunction = () => privatePageHeaders();
export const meta: Route.MetaFunction = () => [{ title: 'Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

/**
 * Admin screens need a session, which lives in the browser (local storage key `root`): the server
 * renders only this shell's fallback, and the session is checked here before any screen shows.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  if (!authStore().getState().isAuthenticated) throw redirect(loginPath(back));
  const env = await loadOrRedirect(() => api().call(authApi.checkAuth));
  // the database away for a moment says nothing about the session: the error screen offers Retry (ADR 047)
  if (!env.success && env.message === DATABASE_UNAVAILABLE_MESSAGE) throw new ApiError(env.message, 503);
  if (!env.success || !env.data) {
    authStore().dispatch({ type: 'checkAuth/rejected' });
    throw redirect(loginPath(back));
  }
  return { user: env.data };
}

export function HydrateFallback() {
  return (
    <div className="admin-loading theme-admin">
      <p role="status">Loading Site Administration...</p>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const [promptDelay] = useState(sessionPromptDelay);
  const sections = sectionsFor(user.permissions);
  const tools = ADMIN_TOOLS.filter((t) => t.permission === null || user.permissions.includes(t.permission));
  const role = roleLabel(user.roles, ROLE_NAMES);

  // The drawer closes when a link in it is followed, and with Escape.
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className={`admin theme-admin${open ? ' admin--drawer-open' : ''}`}>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="admin-bar">
        <button
          type="button"
          className="admin-bar__menu"
          aria-expanded={open}
          aria-controls="admin-drawer"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="hamburger" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <Link to="/siteadmin" className="admin-bar__brand">
          <Logo />
          <span className="admin-bar__title">Site Administration</span>
          <span className="visually-hidden"> home</span>
        </Link>
        <a className="admin-bar__site" href="/" target="_blank" rel="noopener">
          View site<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <p className="admin-bar__user">
          <span className="visually-hidden">Signed in as </span>
          {user.email}
        </p>
      </header>
      <nav id="admin-drawer" className="admin-drawer" aria-label={role}>
        <p className="admin-drawer__label" aria-hidden="true">
          {role}
        </p>
        <ul className="admin-drawer__list">
          <li>
            <NavLink to="/siteadmin" end>
              Dashboard
            </NavLink>
          </li>
          {sections.map((s) => (
            <li key={s.path}>
              <NavLink to={s.path}>{s.label}</NavLink>
            </li>
          ))}
        </ul>
        <ul className="admin-drawer__list admin-drawer__list--tools">
          {tools.map((t) => (
            <li key={t.path}>
              <NavLink to={t.path}>{t.label}</NavLink>
            </li>
          ))}
          <li>
            <Link to="/account/logout">Logout</Link>
          </li>
        </ul>
      </nav>
      <button type="button" className="admin-drawer__scrim" aria-hidden="true" tabIndex={-1} onClick={() => setOpen(false)} />
      <main id="content" className="admin-main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      <SessionTimeout delayMs={promptDelay} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // an editor's loader answers 404 with what was not found ("Revision not found.")
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    error instanceof Error
      ? error.message
      : notFound && typeof error.data === 'string' && error.data
        ? error.data
        : 'Something went wrong. Please try again later.';
  // the database away for a moment (ADR 047), the server out of reach or too slow to answer (20 s): the same screen again, on request
  const retryable =
    error instanceof Error &&
    (error.message === DATABASE_UNAVAILABLE_MESSAGE || error.message === NETWORK_ERROR || error.message === API_TIMEOUT_MESSAGE);
  const revalidator = useRevalidator();
  return (
    <div className="admin-loading theme-admin">
      <main id="content" className="admin-main">
        <h1>{notFound ? 'Not Found' : retryable ? 'Back in a Moment' : 'Server Error'}</h1>
        <p>{message}</p>
        {retryable ? (
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={revalidator.state === 'loading'}
              onClick={() => void revalidator.revalidate()}
            >
              {revalidator.state === 'loading' ? 'Retrying...' : 'Retry'}
            </button>
          </p>
        ) : null}
        <p>
          <Link to="/siteadmin">Back to the dashboard</Link>
        </p>
      </main>
    </div>
  );
}
