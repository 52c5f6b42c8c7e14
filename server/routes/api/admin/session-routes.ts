import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '#shared/contracts/dashboard.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';

export function sessionRoutes(app: FastifyInstance) {
  route(app, dashboardApi.keepalive, async (request) => ok(await app.services.auth.keepalive(request.user!)));
}
