import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddUserBodySchema,
  EditUserBodySchema,
  RoleListSchema,
  UserDetailSchema,
  UserIdParamsSchema,
  UserListSchema,
} from '#shared/validation/users.ts';
import { envelope, ok } from '../../../http.ts';
import { adminErrors, adminSecurity } from './admin-schemas.ts';

const tags = ['admin users'];
const config = { permission: 'users' as const };

/** Site administration users (spec: /api/adminusers/...), Administrators only. */
export function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = () => app.services.users;

  r.get(
    '/api/adminusers/get-all',
    {
      config,
      schema: {
        operationId: 'adminusersGetAll',
        tags,
        summary: 'Every user: email, last sign-in and role ids',
        security: adminSecurity,
        response: { 200: envelope(UserListSchema), ...adminErrors },
      },
    },
    async () => ok(await users().list()),
  );
  r.get(
    '/api/adminusers/get-roles',
    {
      config,
      schema: {
        operationId: 'adminusersGetRoles',
        tags,
        summary: 'The roles a user can hold',
        security: adminSecurity,
        response: { 200: envelope(RoleListSchema), ...adminErrors },
      },
    },
    async () => ok(await users().roles()),
  );
  r.get(
    '/api/adminusers/get/:id',
    {
      config,
      schema: {
        operationId: 'adminusersGet',
        tags,
        summary: 'One user',
        security: adminSecurity,
        params: UserIdParamsSchema,
        response: { 200: envelope(UserDetailSchema), ...adminErrors },
      },
    },
    async (request) => ok(await users().get(request.params.id)),
  );
  r.get(
    '/api/adminusers/delete/:id',
    {
      config,
      schema: {
        operationId: 'adminusersDelete',
        tags,
        summary: 'Delete a user (not your own account, not the last Administrator)',
        security: adminSecurity,
        params: UserIdParamsSchema,
        response: { 200: envelope(z.null()), ...adminErrors },
      },
    },
    async (request) => {
      await users().delete(request.user!, request.params.id, { ip: request.ip });
      return ok(null);
    },
  );
  r.post(
    '/api/adminusers/add',
    {
      config,
      schema: {
        operationId: 'adminusersAdd',
        tags,
        summary: 'Add a user; a blank password assigns a random one and emails a set-password link (409 when the email exists)',
        security: adminSecurity,
        body: AddUserBodySchema,
        response: { 200: envelope(UserDetailSchema), ...adminErrors },
      },
    },
    async (request) => ok(await users().add(request.user!, request.body, { ip: request.ip, domainName: request.host })),
  );
  r.post(
    '/api/adminusers/edit',
    {
      config,
      schema: {
        operationId: 'adminusersEdit',
        tags,
        summary: 'Edit a user: roles, and the password when not blank; the email cannot change',
        security: adminSecurity,
        body: EditUserBodySchema,
        response: { 200: envelope(UserDetailSchema), ...adminErrors },
      },
    },
    async (request) => ok(await users().edit(request.user!, request.body, { ip: request.ip })),
  );
}
