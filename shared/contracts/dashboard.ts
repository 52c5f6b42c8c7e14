import { z } from 'zod';
import { KeepaliveSchema } from '../validation/auth.ts';
import { DashboardSchema } from '../validation/dashboard.ts';
import { FormIdParamsSchema } from '../validation/forms-admin.ts';
import { defineContract } from './contract.ts';

const markRead = {
  tags: ['admin forms'],
  security: 'bearer',
  permission: 'forms',
  path: '/api/admin/forms/read/:id',
  summary: 'Mark a form submission read (the View dialog opens it): it no longer counts as unread on the dashboard',
  params: FormIdParamsSchema,
  reply: z.null(),
} as const;

/** The dashboard, the session's keepalive, and marking a lead read when it is opened. */
export const dashboardApi = {
  summary: defineContract({
    tags: ['admin'],
    security: 'bearer',
    permission: 'signed-in',
    method: 'GET',
    path: '/api/admin/dashboard',
    operationId: 'adminDashboard',
    summary:
      'What needs attention: leads of the last 7 days and unread leads (forms permission), drafts and scheduled items (content), the last 8 changes of the audit log (Administrators); a part the user may not see is null',
    reply: DashboardSchema,
  }),
  keepalive: defineContract({
    tags: ['admin'],
    security: 'bearer',
    permission: 'signed-in',
    method: 'GET',
    path: '/api/admin/session/keepalive',
    operationId: 'adminSessionKeepalive',
    summary: 'Keep the sign-in session alive (the Session Timeout "Yes"): answers when it now ends',
    reply: KeepaliveSchema,
  }),
  // GET as the spec's other lead calls (archive), and POST
  markRead: defineContract({ ...markRead, method: 'GET', operationId: 'markFormRead' }),
  markReadPost: defineContract({ ...markRead, method: 'POST', operationId: 'markFormReadPost' }),
};
