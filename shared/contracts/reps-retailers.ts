import { z } from 'zod';
import {
  CsvExportSchema,
  CsvImportBodySchema,
  CsvImportStartSchema,
  EditRepBodySchema,
  EditRetailerBodySchema,
  IdParamsSchema,
  ImportJobSchema,
  ImportPreviewSchema,
  JobIdParamsSchema,
  ListFilterSchema,
  RepDetailSchema,
  RepFormSchema,
  RepPageSchema,
  RetailerDetailSchema,
  RetailerFormSchema,
  RetailerPageSchema,
} from '../validation/reps-retailers.ts';
import { bulkContracts } from './bulk.ts';
import { defineContract } from './contract.ts';

/** The calls reps and retailers share, under /api/admin/{kind}/ (Editors and Administrators). */
function listContracts<K extends 'reps' | 'retailers', P extends z.ZodType, D extends z.ZodType>(kind: K, page: P, detail: D) {
  const one = kind === 'reps' ? 'Rep' : 'Retailer';
  const many = kind === 'reps' ? 'Reps' : 'Retailers';
  const admin = { tags: [`admin ${kind}`], security: 'bearer', permission: 'content' } as const;
  const base = `/api/admin/${kind}` as const;
  return {
    filter: defineContract({
      ...admin,
      method: 'POST',
      path: `${base}/filter`,
      operationId: `filter${many}`,
      summary: `A page of ${kind} in name order, optionally matching a search`,
      body: ListFilterSchema,
      reply: page,
    }),
    get: defineContract({
      ...admin,
      method: 'GET',
      path: `${base}/get/:id`,
      operationId: `get${one}`,
      summary: `One ${one.toLowerCase()}`,
      params: IdParamsSchema,
      reply: detail,
    }),
    delete: defineContract({
      ...admin,
      method: 'GET',
      path: `${base}/delete/:id`,
      operationId: `delete${one}`,
      summary: `Delete a ${one.toLowerCase()}`,
      params: IdParamsSchema,
      reply: z.null(),
    }),
    importPreview: defineContract({
      ...admin,
      method: 'POST',
      path: `${base}/import-preview`,
      operationId: `previewImport${many}`,
      summary: `Check a ${kind} CSV file without writing anything: rows to add and update, and each row's problems`,
      body: CsvImportBodySchema,
      reply: ImportPreviewSchema,
    }),
    import: defineContract({
      ...admin,
      method: 'POST',
      path: `${base}/import`,
      operationId: `import${many}`,
      summary: `Import a ${kind} CSV file in batches (refused if any row has a problem, unless skipInvalid imports the valid rows and skips those; 409 while another ${kind} import runs); poll import-status for progress`,
      body: CsvImportStartSchema,
      reply: ImportJobSchema,
    }),
    importSkipped: defineContract({
      ...admin,
      method: 'POST',
      path: `${base}/import-skipped`,
      operationId: `skipped${many}ImportRows`,
      summary: `The rows of a ${kind} CSV file that have problems, as a CSV file with a Problems column (to fix and import again)`,
      body: CsvImportBodySchema,
      reply: CsvExportSchema,
    }),
    importStatus: defineContract({
      ...admin,
      method: 'GET',
      path: `${base}/import-status/:jobId`,
      operationId: `import${many}Status`,
      summary: `Progress of a ${kind} import`,
      params: JobIdParamsSchema,
      reply: ImportJobSchema,
    }),
    export: defineContract({
      ...admin,
      method: 'GET',
      path: `${base}/export`,
      operationId: `export${many}`,
      summary: `Every ${one.toLowerCase()} as CSV text (cells that could run as spreadsheet formulas are neutralised)`,
      reply: CsvExportSchema,
    }),
    /** bulk and bulk/export (ADR 050): delete, and CSV of the chosen rows in the export's columns (no region: a rep's follows their territories) */
    ...bulkContracts({
      api: base,
      tags: admin.tags,
      permission: admin.permission,
      op: many,
      plural: kind,
      actions: ['delete'],
      filter: ListFilterSchema,
    }),
  };
}

/** Reps of the finder; a rep's email is where their leads go. */
export const repsApi = {
  ...listContracts('reps', RepPageSchema, RepDetailSchema),
  add: defineContract({
    tags: ['admin reps'],
    security: 'bearer',
    permission: 'content',
    method: 'POST',
    path: '/api/admin/reps/add',
    operationId: 'addRep',
    summary: 'Add a rep with their territories (their email receives their leads: needs the forms permission, 403 otherwise)',
    body: RepFormSchema,
    reply: RepDetailSchema,
  }),
  edit: defineContract({
    tags: ['admin reps'],
    security: 'bearer',
    permission: 'content',
    method: 'POST',
    path: '/api/admin/reps/edit',
    operationId: 'editRep',
    summary:
      'Edit a rep; the territories sent replace theirs. Changing the email (where their leads go) needs the forms permission, 403 otherwise',
    body: EditRepBodySchema,
    reply: RepDetailSchema,
  }),
};

/** Retailers of the finder. */
export const retailersApi = {
  ...listContracts('retailers', RetailerPageSchema, RetailerDetailSchema),
  add: defineContract({
    tags: ['admin retailers'],
    security: 'bearer',
    permission: 'content',
    method: 'POST',
    path: '/api/admin/retailers/add',
    operationId: 'addRetailer',
    summary: 'Add a retailer; blank coordinates are filled from the ZIP or postal code',
    body: RetailerFormSchema,
    reply: RetailerDetailSchema,
  }),
  edit: defineContract({
    tags: ['admin retailers'],
    security: 'bearer',
    permission: 'content',
    method: 'POST',
    path: '/api/admin/retailers/edit',
    operationId: 'editRetailer',
    summary: 'Edit a retailer; blank coordinates are filled from the ZIP or postal code',
    body: EditRetailerBodySchema,
    reply: RetailerDetailSchema,
  }),
};

/** The contracts of one finder list (the CSV import screen and the list's tabs take either). */
export const repsRetailersApi = { reps: repsApi, retailers: retailersApi } as const;
