import { Link, useLocation } from 'react-router';
import { ADMIN_SECTIONS } from '../../lib/admin-sections.ts';
import { useAdminUser } from '../../lib/admin-session.ts';
import type { Route } from './+types/coming-soon';

export const meta: Route.MetaFunction = () => [{ title: 'Coming soon | Site Administration' }, { name: 'robots', content: 'noindex, nofollow' }];

/** A section whose editor is not built yet says so plainly instead of pretending. */
export default function ComingSoon() {
  const { pathname } = useLocation();
  const user = useAdminUser();
  const section = ADMIN_SECTIONS.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
  const title = section?.label ?? 'This section';
  const allowed = section ? user.permissions.includes(section.permission) : false;
  return (
    <section aria-labelledby="coming-title" className="panel">
      <h1 id="coming-title" className="admin-title">
        {title}
      </h1>
      {allowed ? (
        <p>The {title} editor is coming in a later release. Until then this content is managed by the development team.</p>
      ) : (
        <p>You do not have permission to manage {title}.</p>
      )}
      <p>
        <Link to="/siteadmin">Back to the dashboard</Link>
      </p>
    </section>
  );
}
