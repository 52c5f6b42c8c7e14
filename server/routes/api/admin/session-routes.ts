import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KeepaliveSchema } from '#shared/validation/auth.ts';
import { envelope, ok } from '../../../http.ts';
import { SIGNED_IN } from '../../../plugins/auth.ts';
import { adminErrors, adminSecurity } from './admin-schemas.ts';

export function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/session/keepalive',
    {
      config: { permission: SIGNED_IN },
      schema: {
        operationId: 'adminSessionKeepalive',
        tags: ['admin'],
        summary: 'Keep the sign-in session alive (the Session Timeout "Yes"): answers when it now ends',
        security: adminSecurity,
        response: { 200: envelope(KeepaliveSchema), ...adminErrors },
      },
    },
    async (request) => ok(await app.services.auth.keepalive(request.user!)),
  );
}
