import { z } from 'zod';
import {
  AddUserBodySchema,
  EditUserBodySchema,
  RoleListSchema,
  UserDetailSchema,
  UserIdParamsSchema,
  UserBulkFilterSchema,
  UserListSchema,
} from '../validation/users.ts';
import { bulkContracts } from './bulk.ts';
import { defineContract } from './contract.ts';

const admin = { tags: ['admin users'], security: 'bearer', permission: 'users' } as const;

/** Site administration users (spec: /api/adminusers/...), Administrators only. */
export const usersApi = {
  list: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/adminusers/get-all',
    operationId: 'adminusersGetAll',
    summary: 'Every user: email, last sign-in and role ids',
    reply: UserListSchema,
  }),
  roles: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/adminusers/get-roles',
    operationId: 'adminusersGetRoles',
    summary: 'The roles a user can hold',
    reply: RoleListSchema,
  }),
  get: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/adminusers/get/:id',
    operationId: 'adminusersGet',
    summary: 'One user',
    params: UserIdParamsSchema,
    reply: UserDetailSchema,
  }),
  delete: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/adminusers/delete/:id',
    operationId: 'adminusersDelete',
    summary: 'Delete a user (not your own account, not the last Administrator)',
    params: UserIdParamsSchema,
    reply: z.null(),
  }),
  add: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/adminusers/add',
    operationId: 'adminusersAdd',
    summary: 'Add a user; a blank password assigns a random one and emails a set-password link (409 when the email exists)',
    body: AddUserBodySchema,
    reply: UserDetailSchema,
  }),
  edit: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/adminusers/edit',
    operationId: 'adminusersEdit',
    summary: 'Edit a user: roles, and the password when not blank; the email cannot change',
    body: EditUserBodySchema,
    reply: UserDetailSchema,
  }),
  /** bulk and bulk/export (ADR 050): delete (as delete/{id}: not your own account, not the last Administrator), and CSV without secrets */
  ...bulkContracts({
    api: '/api/adminusers',
    tags: admin.tags,
    permission: admin.permission,
    op: 'Users',
    plural: 'users',
    actions: ['delete'],
    filter: UserBulkFilterSchema,
  }),
};
