import { z } from 'zod';
import { BaseVersionField, saveGuardFields } from '../validation/edit-conflict.ts';
import { defineContract } from './contract.ts';

const admin = { tags: ['admin privacy'], security: 'bearer', permission: 'forms' } as const;

/** The address an access or erasure request is about. */
export const PrivacyEmailBodySchema = z.object({
  email: z.string().trim().min(3, 'Enter an email address.').max(320).email('Enter a valid email address.'),
});
/** Erasure names the count it was shown, so a lead that arrived since is not deleted unseen. */
export const PrivacyEraseBodySchema = PrivacyEmailBodySchema.extend({
  confirmCount: z.number().int().min(0),
});
export const PrivacyCountSchema = z.object({ email: z.string(), count: z.number().int() });
const Rows = z.array(z.record(z.string(), z.unknown()));
export const PrivacyExportSchema = z.object({
  email: z.string(),
  exported: z.string(),
  leads: Rows,
  emails: Rows,
  webhookDeliveries: Rows,
  activity: Rows,
});
export const PrivacyTextSchema = z.object({ id: z.number().int(), text: z.string(), created: z.string() }).nullable();
/** Every saved version, newest first: who saved it and how many leads name it. */
export const PrivacyTextVersionsSchema = z.array(
  z.object({ id: z.number().int(), text: z.string(), created: z.string(), createdBy: z.string().nullable(), leads: z.number().int() }),
);
export type PrivacyTextVersionDto = z.infer<typeof PrivacyTextVersionsSchema>[number];
export const PrivacyTextBodySchema = z.object({
  text: z.string().trim().min(1, 'Enter the privacy text.').max(2000),
  ...saveGuardFields,
  baseVersion: BaseVersionField.describe(
    'the id of the privacy text version this save started from (0 when none was saved); when a newer version was added since, the save is refused (409) unless overwrite is true',
  ),
});

/** Access and erasure requests for one email address, and the versioned privacy text (ADR 044); Administrators (forms). */
export const privacyApi = {
  count: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/privacy/count',
    operationId: 'countPrivacyLeads',
    summary: 'How many leads were sent with this email address (any case)',
    body: PrivacyEmailBodySchema,
    reply: PrivacyCountSchema,
  }),
  export: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/privacy/export',
    operationId: 'exportPrivacyData',
    summary:
      'Everything stored about one email address (an access request): its leads, their emails, webhook deliveries, notes and history; audited',
    body: PrivacyEmailBodySchema,
    reply: PrivacyExportSchema,
  }),
  erase: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/privacy/erase',
    operationId: 'erasePrivacyData',
    summary: 'Deletes everything stored about one email address (an erasure request) when confirmCount is the number of its leads; audited',
    body: PrivacyEraseBodySchema,
    reply: PrivacyCountSchema,
  }),
  getText: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/privacy/text',
    operationId: 'getPrivacyText',
    summary: 'The privacy text the contact form shows now (its newest version); null when none is saved',
    reply: PrivacyTextSchema,
  }),
  versions: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/privacy/text/versions',
    operationId: 'listPrivacyTextVersions',
    summary: 'Every saved version of the privacy text, newest first, with who saved it and how many leads name it',
    reply: PrivacyTextVersionsSchema,
  }),
  saveText: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/privacy/text',
    operationId: 'savePrivacyText',
    summary: 'Saves the privacy text: a changed text becomes a new version (the ones leads name are kept)',
    description:
      'baseVersion is the id of the newest version when the editor opened the text (0 when none): when a newer version was added since, the reply is 409 with who saved it, when and the text (ADR 048).',
    body: PrivacyTextBodySchema,
    reply: PrivacyTextSchema,
  }),
};
