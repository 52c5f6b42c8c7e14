import { Link } from 'react-router';
import { dashboardApi } from '#shared/contracts/dashboard.ts';
import { DASHBOARD_LEAD_DAYS } from '#shared/validation/dashboard.ts';
import { formatDateTime, sectionsFor } from '../../lib/admin-sections.ts';
import { useAdminUser } from '../../lib/admin-session.ts';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [
  { title: 'Dashboard | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader() {
  return loadOrRedirect(async () => ({ summary: dataOf(await api().call(dashboardApi.summary)) }));
}

export function HydrateFallback() {
  return <p role="status">Loading the dashboard...</p>;
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One figure that may need attention, linked to the screen where it is dealt with. */
function Stat({ value, label, to }: { value: number; label: string; to?: string }) {
  const body = (
    <>
      <span className="stat__value">{value.toLocaleString('en-US')}</span>
      <span className="stat__label">{label}</span>
    </>
  );
  return <li className="stat">{to ? <Link to={to}>{body}</Link> : <span className="stat__body">{body}</span>}</li>;
}

/**
 * The dashboard: what needs attention (new and unread leads, drafts and scheduled items), the last
 * changes from the audit log, and the spec's tiles, one per section the user's roles allow.
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const user = useAdminUser();
  const sections = sectionsFor(user.permissions);
  const { leads, content, recent, mailNotSent } = loaderData.summary;
  return (
    <section aria-labelledby="dashboard-title" className="dashboard">
      <h1 id="dashboard-title" className="admin-title">
        Dashboard
      </h1>
      {mailNotSent ? (
        <div className="form-alert form-alert--error" role="alert">
          <p>
            <strong>Lead emails are not being sent.</strong> SMTP_URL is not set, so every email (new leads included) is written to a file
            in {mailNotSent.folder} instead: {count(mailNotSent.files, 'message')} there now.
          </p>
          <p>Set SMTP_URL and restart the site to send them from now on; the messages already in that folder are not sent.</p>
        </div>
      ) : null}
      {leads || content ? (
        <section aria-labelledby="glance-title">
          <h2 id="glance-title" className="dashboard__heading">
            At a glance
          </h2>
          <ul className="stats" aria-labelledby="glance-title">
            {leads ? (
              <>
                <Stat
                  value={leads.recent}
                  label={`New ${leads.recent === 1 ? 'lead' : 'leads'} in the last ${DASHBOARD_LEAD_DAYS} days`}
                  to="/siteadmin/forms"
                />
                <Stat value={leads.unread} label={`Unread ${leads.unread === 1 ? 'lead' : 'leads'}`} to="/siteadmin/forms" />
              </>
            ) : null}
            {content ? (
              <>
                <Stat value={content.drafts} label={content.drafts === 1 ? 'Draft' : 'Drafts'} />
                <Stat value={content.scheduled} label={`Scheduled to publish`} />
              </>
            ) : null}
          </ul>
        </section>
      ) : null}
      {recent ? (
        <section aria-labelledby="recent-title" className="dashboard__recent">
          <h2 id="recent-title" className="dashboard__heading">
            Last changes
          </h2>
          {recent.length ? (
            <ol className="recent-changes">
              {recent.map((e) => (
                <li key={e.id}>
                  <span className="recent-changes__what">{e.subjectLink ? <Link to={e.subjectLink}>{e.summary}</Link> : e.summary}</span>
                  <time className="recent-changes__when" dateTime={e.created}>
                    {formatDateTime(e.created)}
                  </time>
                </li>
              ))}
            </ol>
          ) : (
            <p>Nothing has changed yet.</p>
          )}
          <p>
            <Link to="/siteadmin/audit-log">See the whole audit log</Link> ({count(recent.length, 'change')} shown)
          </p>
        </section>
      ) : null}
      <h2 id="sections-title" className="visually-hidden">
        Sections
      </h2>
      <ul className="tiles" aria-labelledby="sections-title">
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
