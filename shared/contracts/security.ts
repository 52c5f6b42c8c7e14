import { z } from 'zod';
import {
  AuditActorsSchema,
  AuditLogFilterSchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  SecuritySettingsSaveSchema,
  SecuritySettingsSchema,
} from '../validation/auth.ts';
import { defineContract } from './contract.ts';

const settings = { tags: ['admin security'], security: 'bearer', permission: 'settings' } as const;
const audit = { tags: ['admin security'], security: 'bearer', permission: 'audit' } as const;

/** The site's sign-in policy (require a second factor), Administrators only. */
export const securityApi = {
  get: defineContract({
    ...settings,
    method: 'GET',
    path: '/api/admin/security-settings',
    operationId: 'getSecuritySettings',
    summary: 'Whether every account must use a second factor',
    reply: SecuritySettingsSchema,
  }),
  save: defineContract({
    ...settings,
    method: 'POST',
    path: '/api/admin/security-settings',
    operationId: 'saveSecuritySettings',
    summary: 'Require (or stop requiring) a second factor for every account',
    description:
      'Turning it on ends the sessions of every account without a second factor (they enrol at their next sign-in); the Administrator turning it on must have one (400 otherwise). baseVersion is the version read with GET: when another save landed since, the reply is 409 with who saved, when and the fields that differ (ADR 048).',
    body: SecuritySettingsSaveSchema,
    reply: SecuritySettingsSchema,
  }),
};

/** The audit log, Administrators only. */
export const auditApi = {
  filter: defineContract({
    ...audit,
    method: 'POST',
    path: '/api/admin/audit-log/filter',
    operationId: 'adminAuditLogFilter',
    summary: 'Audit log, newest first: sign-ins and every admin change, in words, with who, when, what (title and link) and from which IP',
    description:
      'Filters: actor (the email of the person), category (kind of action), from and to (whole days, UTC, YYYY-MM-DD); paging with start and length.',
    body: AuditLogFilterSchema,
    reply: AuditLogPageSchema,
  }),
  people: defineContract({
    ...audit,
    method: 'GET',
    path: '/api/admin/audit-log/people',
    operationId: 'adminAuditLogPeople',
    summary: 'Everyone who appears in the audit log as acting (the person filter)',
    reply: AuditActorsSchema,
  }),
  export: defineContract({
    ...audit,
    method: 'POST',
    path: '/api/admin/audit-log/export',
    operationId: 'adminAuditLogExport',
    summary: 'The filtered audit log as CSV (newest first, every entry), streamed',
    body: AuditLogQuerySchema,
    reply: z.string(),
    file: 'CSV file (text/csv)',
  }),
};
