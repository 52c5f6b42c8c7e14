import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditLogFilterSchema, AuditLogPageSchema, SecuritySettingsSchema } from '#shared/validation/auth.ts';
import { envelope, ok } from '../../../http.ts';
import { adminErrors, adminSecurity } from './admin-schemas.ts';

/** The site's sign-in policy (require a second factor) and the audit log, Administrators only. */
export function securityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = () => app.services.auth;

  r.get(
    '/api/admin/security-settings',
    {
      config: { permission: 'settings' },
      schema: { operationId: 'getSecuritySettings', tags: ['admin security'], summary: 'Whether every account must use a second factor', security: adminSecurity, response: { 200: envelope(SecuritySettingsSchema), ...adminErrors } },
    },
    async () => ok(await auth().getSecuritySettings()),
  );
  r.post(
    '/api/admin/security-settings',
    {
      config: { permission: 'settings' },
      schema: { operationId: 'saveSecuritySettings',
        tags: ['admin security'],
        summary: 'Require (or stop requiring) a second factor for every account',
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
      schema: { operationId: 'adminAuditLogFilter',
        tags: ['admin security'],
        summary: 'Audit log, newest first: sign-ins, failed sign-ins, password and user changes (who, when, from which IP)',
        security: adminSecurity,
        body: AuditLogFilterSchema,
        response: { 200: envelope(AuditLogPageSchema), ...adminErrors },
      },
    },
    async (request) => ok(await auth().auditLog(request.body.start, request.body.length)),
  );
}
