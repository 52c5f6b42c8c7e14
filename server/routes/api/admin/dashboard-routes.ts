import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '#shared/contracts/dashboard.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';

/** The dashboard's counts and last changes, and marking a lead read when it is opened. */
export function dashboardRoutes(app: FastifyInstance) {
  route(app, dashboardApi.summary, async (request) => ok(await app.services.dashboard.summary(request.user!.roles)));
  for (const contract of [dashboardApi.markRead, dashboardApi.markReadPost]) {
    route(app, contract, async (request) => {
      await app.services.leads.markRead(request.params.id);
      return ok(null);
    });
  }
}
