import { z } from 'zod';
import { FormsAddBodySchema, RepContactBodySchema } from '../validation/contact.ts';
import {
  FormIdParamsSchema,
  FormsExportSchema,
  FormsFilterSchema,
  FormsPageSchema,
  FormsViewSchema,
  LeadAssigneeBodySchema,
  LeadAssigneesSchema,
  LeadDetailSchema,
  LeadNoteBodySchema,
  LeadStatusBodySchema,
} from '../validation/forms-admin.ts';
import { defineContract } from './contract.ts';
import { LEAD_PATHS } from './lead-paths.ts';
import { bulkContracts } from './bulk.ts';

const admin = { tags: ['admin forms'], security: 'bearer', permission: 'forms' } as const;

/** Form submissions (spec: POST /api/admin/forms/filter, GET /api/admin/forms/archive/{id}), permission 'forms'. */
export const leadsAdminApi = {
  filter: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/forms/filter',
    operationId: 'filterForms',
    summary:
      'One page of form submissions. order: 0 name A-Z, 1 name Z-A, 2 type Contact first, 3 type Rep first, 4 newest first (default), 5 oldest first, 6 lead status New first, 7 lead status Spam first, 8 assignee A-Z (unassigned first), 9 assignee Z-A; status: -1 not archived (default), 1 archived, 2 all; leadStatus: all or one status; assignee: all, unassigned, assigned, rep:<id> or user:<id>; the updated marker is echoed',
    body: FormsFilterSchema,
    reply: FormsPageSchema,
  }),
  archive: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/forms/archive/:id',
    operationId: 'archiveForm',
    summary: 'Archive a form submission: it leaves the list and stays in the database (status 1 lists it)',
    params: FormIdParamsSchema,
    reply: z.null(),
  }),
  get: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/forms/:id',
    operationId: 'getForm',
    summary: 'One form submission with its history (status changes, assignees, notes: each with who and when), oldest first',
    params: FormIdParamsSchema,
    reply: LeadDetailSchema,
  }),
  setStatus: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/forms/:id/status',
    operationId: 'setFormLeadStatus',
    summary: "Change a lead's status (new, contacted, qualified, won, lost, spam); recorded in its history and the audit log",
    params: FormIdParamsSchema,
    body: LeadStatusBodySchema,
    reply: LeadDetailSchema,
  }),
  assign: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/forms/:id/assignee',
    operationId: 'assignFormLead',
    summary:
      'Give a lead to an active rep or to a user who may read leads (null: nobody); the new assignee is emailed the lead; recorded in its history and the audit log',
    params: FormIdParamsSchema,
    body: LeadAssigneeBodySchema,
    reply: LeadDetailSchema,
  }),
  addNote: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/forms/:id/notes',
    operationId: 'addFormLeadNote',
    summary: 'Add a note to a lead (up to 5,000 characters); recorded in its history and the audit log',
    params: FormIdParamsSchema,
    body: LeadNoteBodySchema,
    reply: LeadDetailSchema,
  }),
  assignees: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/forms/assignees',
    operationId: 'listFormLeadAssignees',
    summary: 'Whom a lead can be given to: active reps (by name) and users who may read leads (by email)',
    reply: LeadAssigneesSchema,
  }),
  export: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/forms/export',
    operationId: 'exportForms',
    summary:
      "The current view (filter and order as for filter, without paging) as CSV (UTF-8 with a byte-order mark, so spreadsheets read accents right), streamed from the database in batches; timeZone (the editor's, e.g. America/Chicago) adds the creation time in that zone",
    body: FormsExportSchema,
    reply: z.string(),
    file: 'CSV file (text/csv), a header row then one row per submission',
  }),
  /** bulk and bulk/export (ADR 050): archive, and CSV of the chosen leads (the export's columns) */
  ...bulkContracts({
    api: '/api/admin/forms',
    tags: admin.tags,
    permission: admin.permission,
    op: 'Forms',
    plural: 'form submissions',
    actions: ['archive'],
    filter: FormsViewSchema,
  }),
};

/**
 * What an accepted submission answers: its id once stored; no id when the database could not be
 * reached and the lead waits, on disk, to be stored as soon as it answers (ADR 046).
 */
export const StoredLeadSchema = z.object({
  id: z.number().int().optional().describe('the stored submission; absent when it was accepted while the database was unreachable'),
});

/** Public lead forms, rate-limited per client IP (server/routes/api/forms-routes.ts). */
export const leadsApi = {
  contact: defineContract({
    tags: ['public'],
    security: 'public',
    method: 'POST',
    path: LEAD_PATHS.contact,
    operationId: 'addContactForm',
    summary: 'Send the contact form (stored as a Contact submission, then the regional team is emailed)',
    body: FormsAddBodySchema,
    reply: StoredLeadSchema,
  }),
  contactRep: defineContract({
    tags: ['public'],
    security: 'public',
    method: 'POST',
    path: LEAD_PATHS.contactRep,
    operationId: 'contactRep',
    summary: 'Contact a rep or retailer from the finder results (stored as a Rep submission, type 1)',
    body: RepContactBodySchema,
    reply: StoredLeadSchema,
  }),
};
