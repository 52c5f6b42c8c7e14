import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditActorsSchema,
  AuditLogFilterSchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  SecuritySettingsSchema,
} from '#shared/validation/auth.ts';
import { envelope, ok } from '../../../http.ts';
import { adminErrors, adminSecurity } from './admin-schemas.ts';

/** The site's sign-in policy (require a second factor) and the audit log, Administrators only. */
export function securityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = () => app.services.auth;
  const audit = () => app.services.audit;

  r.get(
    '/api/admin/security-settings',
    {
      config: { permission: 'settings' },
      schema: {
        operationId: 'getSecuritySettings',
        tags: ['admin security'],
        summary: 'Whether every account must use a second factor',
        security: adminSecurity,
        response: { 200: envelope(SecuritySettingsSchema), ...adminErrors },
      },
    },
    async () => ok(await auth().getSecuritySettings()),
  );
  r.post(
    '/api/admin/security-settings',
    {
      config: { permission: 'settings' },
      schema: {
        operationId: 'saveSecuritySettings',
        tags: ['admin security'],
        summary: 'Require (or stop requiring) a second factor for every account',
        description:
          'Turning it on ends the sessions of every account without a second factor (they enrol at their next sign-in); the Administrator turning it on must have one (400 otherwise).',
        security: adminSecurity,
        body: SecuritySettingsSchema,
        response: { 200: envelope(SecuritySettingsSchema), ...adminErrors },
      },
    },
    async (request) => ok(await auth().setSecuritySettings(request.user!, request.body, { ip: request.ip })),
  );
  r.post(
    '/api/admin/audit-log/filter',
    {
      config: { permission: 'audit' },
      schema: {
        operationId: 'adminAuditLogFilter',
        tags: ['admin security'],
        summary:
          'Audit log, newest first: sign-ins and every admin change, in words, with who, when, what (title and link) and from which IP',
        description:
          'Filters: actor (the email of the person), category (kind of action), from and to (whole days, UTC, YYYY-MM-DD); paging with start and length.',
        security: adminSecurity,
        body: AuditLogFilterSchema,
        response: { 200: envelope(AuditLogPageSchema), ...adminErrors },
      },
    },
    async (request) => {
      const { start, length, ...filter } = request.body;
      return ok(await audit().list(filter, start, length));
    },
  );
  r.get(
    '/api/admin/audit-log/people',
    {
      config: { permission: 'audit' },
      schema: {
        operationId: 'adminAuditLogPeople',
        tags: ['admin security'],
        summary: 'Everyone who appears in the audit log as acting (the person filter)',
        security: adminSecurity,
        response: { 200: envelope(AuditActorsSchema), ...adminErrors },
      },
    },
    async () => ok(await audit().actors()),
  );
  r.post(
    '/api/admin/audit-log/export',
    {
      config: { permission: 'audit' },
      schema: {
        operationId: 'adminAuditLogExport',
        tags: ['admin security'],
        summary: 'The filtered audit log as CSV (newest first, every entry), streamed',
        security: adminSecurity,
        body: AuditLogQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV file (text/csv)'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(audit().exportCsv(request.body, app.env.PUBLIC_SITE_URL)) as unknown as string);
    },
  );
}
