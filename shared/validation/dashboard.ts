import '../zod-browser.ts';
import { z } from 'zod';
import { AuditEntrySchema } from './auth.ts';

/** How far back "new leads" counts, in days. */
export const DASHBOARD_LEAD_DAYS = 7;

/**
 * GET /api/admin/dashboard: what needs attention, each part for those who may see it (null
 * otherwise): leads (the forms permission), drafts and scheduled items (content), the last changes
 * (the audit log, Administrators).
 */
export const DashboardSchema = z.object({
  leads: z.object({ recent: z.number().int(), unread: z.number().int() }).nullable(),
  content: z.object({ drafts: z.number().int(), scheduled: z.number().int() }).nullable(),
  recent: z.array(AuditEntrySchema).nullable(),
  /**
   * Administrators (settings permission) only, and only while SMTP_URL is not set: lead emails are
   * written to files in `folder` instead of being sent; `files` of them are there.
   */
  mailNotSent: z.object({ folder: z.string(), files: z.number().int() }).nullable(),
});
export type DashboardDto = z.infer<typeof DashboardSchema>;
