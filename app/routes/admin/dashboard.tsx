import { Link } from 'react-router';
import { sectionsFor } from '../../lib/admin-sections.ts';
import { useAdminUser } from '../../lib/admin-session.ts';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [
  { title: 'Dashboard | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** The tile dashboard (spec section 2): one tile per section the user's roles allow. */
export default function Dashboard() {
  const user = useAdminUser();
  const sections = sectionsFor(user.permissions);
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="admin-title">
        Dashboard
      </h1>
      <ul className="tiles">
        {sections.map((s) => (
          <li key={s.path}>
            <Link className="tile" to={s.path}>
              <span className="tile__label">{s.label}</span>
              <span className="tile__description">{s.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
