import '../zod-browser.ts';
import { z } from 'zod';
import { AuditEntrySchema } from './auth.ts';

/** How far back "new leads" counts, in days. */
export const DASHBOARD_LEAD_DAYS = 7;

/** The window of the median time from a lead's arrival to its first status change, in days. */
export const DASHBOARD_RESPONSE_DAYS = 30;

/** Per region (2 U.S., 3 Canada, 4 International; null: a lead without one): how leads are being answered. */
export const LeadRegionSchema = z.object({
  regionId: z.number().int().nullable(),
  /** open leads with status New */
  new: z.number().int(),
  /** open leads (New, Contacted, Qualified) nobody is assigned */
  unassigned: z.number().int(),
  /** leads that arrived in the last DASHBOARD_RESPONSE_DAYS days, and how many of them had a status change */
  arrived: z.number().int(),
  answered: z.number().int(),
  /** median seconds from arrival to the first status change of those; null when none */
  medianSeconds: z.number().int().nullable(),
});
export type LeadRegionDto = z.infer<typeof LeadRegionSchema>;

/**
 * GET /api/admin/dashboard: what needs attention, each part for those who may see it (null
 * otherwise): leads (the forms permission), drafts and scheduled items (content), the last changes
 * (the audit log, Administrators).
 */
export const DashboardSchema = z.object({
  leads: z
    .object({
      recent: z.number().int(),
      unread: z.number().int(),
      /** every region's, summed: open leads still New, and open leads nobody works */
      new: z.number().int(),
      unassigned: z.number().int(),
      /** the open lead that has waited longest with status New */
      oldestNew: z
        .object({ id: z.number().int(), name: z.string(), created: z.string(), regionId: z.number().int().nullable() })
        .nullable(),
      regions: z.array(LeadRegionSchema),
    })
    .nullable(),
  content: z.object({ drafts: z.number().int(), scheduled: z.number().int() }).nullable(),
  recent: z.array(AuditEntrySchema).nullable(),
  /**
   * Administrators (settings permission) only, and only while SMTP_URL is not set: lead emails are
   * written to files in `folder` instead of being sent; `files` of them are there.
   */
  mailNotSent: z.object({ folder: z.string(), files: z.number().int() }).nullable(),
  /**
   * Administrators (settings permission) only, and only on PostgreSQL: leads this instance accepted
   * while the database could not be reached and has not stored yet, and when the oldest arrived (ADR 046).
   */
  pendingLeads: z.object({ entries: z.number().int(), oldestArrived: z.string().nullable() }).nullable(),
});
export type DashboardDto = z.infer<typeof DashboardSchema>;
