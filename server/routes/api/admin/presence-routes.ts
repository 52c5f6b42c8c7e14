import type { FastifyInstance } from 'fastify';
import { presenceApi } from '#shared/contracts/presence.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';

/** Who else has an item open in an editor: the heartbeat of an open editor, and leaving it. */
export function presenceRoutes(app: FastifyInstance) {
  route(app, presenceApi.heartbeat, async (request) =>
    ok(await app.services.presence.heartbeat(request.user!, request.body.item, request.body.tab)),
  );
  route(app, presenceApi.leave, async (request) => {
    await app.services.presence.leave(request.user!, request.body.item, request.body.tab);
    return ok(null);
  });
}
