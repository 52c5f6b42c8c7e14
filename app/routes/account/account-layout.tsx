import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { privatePageHeaders } from '../../lib/admin-session.ts';
import adminCss from '../../styles/admin.css?url';
import type { Route } from './+types/account-layout';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];
export const headers: Route.HeadersFunction = () => privatePageHeaders();
export const meta: Route.MetaFunction = () => [{ title: 'Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

/** Sign-in screens: a centred card on the admin theme, outside the public site shell. */
export default function AccountLayout() {
  return (
    <div className="account-page theme-admin">
      <main id="content" className="account-page__main" tabIndex={-1}>
        <div className="account-card">
          <Link to="/" reloadDocument className="account-card__logo">
            <Logo />
            <span className="visually-hidden">Home</span>
          </Link>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
