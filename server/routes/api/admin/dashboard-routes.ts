import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSchema } from '#shared/validation/dashboard.ts';
import { FormIdParamsSchema } from '#shared/validation/forms-admin.ts';
import { z } from 'zod';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { SIGNED_IN } from '../../../plugins/auth.ts';
import { adminErrors } from './admin-schemas.ts';

/** The dashboard's counts and last changes, and marking a lead read when it is opened. */
export function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/dashboard',
    {
      config: { permission: SIGNED_IN },
      schema: {
        ...adminOperation,
        operationId: 'adminDashboard',
        tags: ['admin'],
        summary:
          'What needs attention: leads of the last 7 days and unread leads (forms permission), drafts and scheduled items (content), the last 8 changes of the audit log (Administrators); a part the user may not see is null',
        response: { 200: envelope(DashboardSchema), ...adminErrors },
      },
    },
    async (request) => ok(await app.services.dashboard.summary(request.user!.roles)),
  );

  // GET as the spec's other lead calls (archive), and POST
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/api/admin/forms/read/:id',
      config: { permission: 'forms' },
      schema: {
        ...adminOperation,
        operationId: method === 'GET' ? 'markFormRead' : 'markFormReadPost',
        tags: ['admin forms'],
        summary: 'Mark a form submission read (the View dialog opens it): it no longer counts as unread on the dashboard',
        params: FormIdParamsSchema,
        response: { 200: envelope(z.null()), ...adminErrors },
      },
      handler: async (request) => {
        await app.services.leads.markRead(request.params.id);
        return ok(null);
      },
    });
  }
}
