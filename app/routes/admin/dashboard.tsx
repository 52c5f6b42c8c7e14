import { Link } from 'react-router';
import { dashboardApi } from '#shared/contracts/dashboard.ts';
import { REGION_OPTIONS } from '#shared/regions.ts';
import { DASHBOARD_LEAD_DAYS, DASHBOARD_RESPONSE_DAYS, type DashboardDto } from '#shared/validation/dashboard.ts';
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

/** A span of seconds to read: "45 min", "3 h 10 min", "2 days 4 h". */
export function duration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

const regionName = (id: number | null) => REGION_OPTIONS.find((r) => r.id === id)?.name ?? 'No region';

/** How leads are being answered, per region, and the one that has waited longest. */
function LeadResponse({ leads }: { leads: NonNullable<DashboardDto['leads']> }) {
  return (
    <section aria-labelledby="lead-response-title">
      <h2 id="lead-response-title" className="dashboard__heading">
        Leads by region
      </h2>
      <p>
        {leads.oldestNew ? (
          <>
            Oldest lead still New: <Link to="/siteadmin/forms?leadStatus=new&sort=created&dir=asc">{leads.oldestNew.name}</Link>, arrived{' '}
            {formatDateTime(leads.oldestNew.created)}.
          </>
        ) : (
          'No lead is waiting with status New.'
        )}
      </p>
      <table className="admin-table">
        <caption className="visually-hidden">Leads by region</caption>
        <thead>
          <tr>
            <th scope="col">Region</th>
            <th scope="col">New</th>
            <th scope="col">Unassigned</th>
            <th scope="col">Median time to first status change (last {DASHBOARD_RESPONSE_DAYS} days)</th>
          </tr>
        </thead>
        <tbody>
          {leads.regions.map((r) => (
            <tr key={String(r.regionId)}>
              <th scope="row">{regionName(r.regionId)}</th>
              <td>{r.new.toLocaleString('en-US')}</td>
              <td>{r.unassigned.toLocaleString('en-US')}</td>
              <td>
                {r.medianSeconds === null
                  ? `-- (${count(r.arrived, 'lead')}, none answered)`
                  : `${duration(r.medianSeconds)} (${r.answered} of ${count(r.arrived, 'lead')})`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The dashboard: what needs attention (new and unread leads, drafts and scheduled items), the last
 * changes from the audit log, and the spec's tiles, one per section the user's roles allow.
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const user = useAdminUser();
  const sections = sectionsFor(user.permissions);
  const { leads, content, recent, mailNotSent, pendingLeads } = loaderData.summary;
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
      {pendingLeads && pendingLeads.entries > 0 ? (
        <div className="form-alert form-alert--info" role="status">
          <p>
            <strong>{count(pendingLeads.entries, 'lead is', 'leads are')} waiting to be stored.</strong> This instance accepted{' '}
            {pendingLeads.entries === 1 ? 'it' : 'them'} while the database could not be reached
            {pendingLeads.oldestArrived ? (
              <>
                {' '}
                (the oldest at <time dateTime={pendingLeads.oldestArrived}>{formatDateTime(pendingLeads.oldestArrived)}</time>)
              </>
            ) : null}
            ; {pendingLeads.entries === 1 ? 'it is' : 'they are'} stored, with {pendingLeads.entries === 1 ? 'its' : 'their'} emails, as
            soon as the database answers.
          </p>
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
                <Stat value={leads.new} label={`${leads.new === 1 ? 'Lead' : 'Leads'} still New`} to="/siteadmin/forms?leadStatus=new" />
                <Stat
                  value={leads.unassigned}
                  label={`Unassigned ${leads.unassigned === 1 ? 'lead' : 'leads'}`}
                  to="/siteadmin/forms?assignee=unassigned"
                />
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
      {leads ? <LeadResponse leads={leads} /> : null}
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
