import { hasPermission } from '#shared/permissions.ts';
import { DASHBOARD_LEAD_DAYS, DASHBOARD_RESPONSE_DAYS, type DashboardDto } from '#shared/validation/dashboard.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { LeadsService } from '../leads/leads-service.ts';
import type { DashboardRepository } from './dashboard-repository.ts';

/** The admin dashboard's counts and last changes, each part only for the roles allowed to see it. */
export function createDashboardService(deps: {
  repo: DashboardRepository;
  leads: LeadsService;
  audit: AuditService;
  /** where lead emails go when they are not sent (no SMTP_URL); null while they are sent */
  mailNotSent: () => Promise<{ folder: string; files: number } | null>;
  /** PostgreSQL: leads this instance accepted while the database was unreachable, not stored yet (ADR 046) */
  pendingLeads?: () => { entries: number; oldestArrived: Date | null };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function leadFigures(since: Date, responseSince: Date): Promise<NonNullable<DashboardDto['leads']>> {
    const [counts, workload] = await Promise.all([deps.leads.counts(since), deps.leads.workload(responseSince)]);
    const sum = (key: 'new' | 'unassigned') => workload.regions.reduce((n, r) => n + r[key], 0);
    const oldest = workload.oldestNew;
    return {
      ...counts,
      new: sum('new'),
      unassigned: sum('unassigned'),
      oldestNew: oldest ? { ...oldest, created: oldest.created.toISOString() } : null,
      regions: workload.regions,
    };
  }

  return {
    async summary(roles: readonly number[]): Promise<DashboardDto> {
      const since = new Date(now().getTime() - DASHBOARD_LEAD_DAYS * 24 * 60 * 60 * 1000);
      const responseSince = new Date(now().getTime() - DASHBOARD_RESPONSE_DAYS * 24 * 60 * 60 * 1000);
      const [leads, content, recent, mailNotSent] = await Promise.all([
        hasPermission(roles, 'forms') ? leadFigures(since, responseSince) : null,
        hasPermission(roles, 'content') ? deps.repo.contentCounts() : null,
        hasPermission(roles, 'audit') ? deps.audit.list({}, 0, 8).then((page) => page.items) : null,
        hasPermission(roles, 'settings') ? deps.mailNotSent() : null,
      ]);
      const pending = hasPermission(roles, 'settings') ? deps.pendingLeads?.() : undefined;
      const pendingLeads = pending ? { entries: pending.entries, oldestArrived: pending.oldestArrived?.toISOString() ?? null } : null;
      return { leads, content, recent, mailNotSent, pendingLeads };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
