import type { FastifyInstance } from 'fastify';
import { usersApi } from '#shared/contracts/users.ts';
import { withConflictFields } from '../../../conflicts.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';
import { bulkRoutes } from '../../../bulk.ts';
import type { UserBulkFilter } from '#shared/validation/users.ts';

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
  // bulk (ADR 050): each row through the single delete (its guards: not your own account, not the
  // last Administrator; its audit entry), or the chosen users as CSV without secrets
  bulkRoutes(app, usersApi, {
    async find(id) {
      const full = await users().exportRow(id);
      return full ? { id, title: full.email, full } : null;
    },
    async page(filter: UserBulkFilter, start, length) {
      const search = filter.search.toLowerCase();
      const all = (await users().list()).filter((u) => u.email.toLowerCase().includes(search));
      return { rows: all.slice(start, start + length).map((u) => ({ id: u.id, title: u.email })), total: all.length };
    },
    actions: {
      delete: (row, { request }) => users().delete(request.user!, row.id, { ip: request.ip }),
    },
    csv: {
      file: 'users-selection.csv',
      columns: ['Id', 'Email', 'Roles', 'Created (UTC)', 'Last sign-in (UTC)'],
      cells: (row) => [row.id, row.full.email, row.full.roles.join('; '), row.full.created, row.full.lastLogin],
    },
  });
}
