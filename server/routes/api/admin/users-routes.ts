import type { FastifyInstance } from 'fastify';
import { usersApi } from '#shared/contracts/users.ts';
import { withConflictFields } from '../../../conflicts.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';

/** Site administration users (spec: /api/adminusers/...), Administrators only. */
export function usersRoutes(app: FastifyInstance) {
  const users = () => app.services.users;

  route(app, usersApi.list, async () => ok(await users().list()));
  route(app, usersApi.roles, async () => ok(await users().roles()));
  route(app, usersApi.get, async (request) => ok(await users().get(request.params.id)));
  route(app, usersApi.delete, async (request) => {
    await users().delete(request.user!, request.params.id, { ip: request.ip });
    return ok(null);
  });
  route(app, usersApi.add, async (request) =>
    ok(await users().add(request.user!, request.body, { ip: request.ip, domainName: request.host })),
  );
  route(app, usersApi.edit, async (request) =>
    ok(
      await withConflictFields(
        () => users().edit(request.user!, request.body, { ip: request.ip }),
        () => users().get(request.body.id),
        request.body,
      ),
    ),
  );
}
