import { z } from 'zod';
import {
  CsvImportSchema,
  ImportPreviewSchema,
  ImportResultSchema,
  ListFilterSchema,
  NotFoundPageSchema,
  RedirectEditSchema,
  RedirectIdParamsSchema,
  RedirectInputSchema,
  RedirectPageSchema,
  RedirectSchema,
} from '../validation/redirects.ts';
import { defineContract } from './contract.ts';
import { bulkContracts } from './bulk.ts';

const admin = { tags: ['admin redirects'], security: 'bearer', permission: 'redirects' } as const;

/** Redirects and the Not Found log (/api/admin/redirects/...), permission 'redirects'. */
export const redirectsApi = {
  filter: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/redirects/filter',
    operationId: 'filterRedirects',
    summary: 'Redirects by from-path, with hit counts; search matches the from-path or target',
    body: ListFilterSchema,
    reply: RedirectPageSchema,
  }),
  get: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/redirects/get/:id',
    operationId: 'getRedirectById',
    summary: 'One redirect',
    params: RedirectIdParamsSchema,
    reply: RedirectSchema,
  }),
  add: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/redirects/add',
    operationId: 'addRedirect',
    summary: 'Add a redirect (409 when the from-path exists, or when it would make a loop or a chain)',
    body: RedirectInputSchema,
    reply: RedirectSchema,
  }),
  edit: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/redirects/edit',
    operationId: 'editRedirect',
    summary: 'Edit a redirect (same checks as add)',
    body: RedirectEditSchema,
    reply: RedirectSchema,
  }),
  delete: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/redirects/delete/:id',
    operationId: 'deleteRedirect',
    summary: 'Delete a redirect',
    params: RedirectIdParamsSchema,
    reply: z.null(),
  }),
  importPreview: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/redirects/import-preview',
    operationId: 'previewRedirectImport',
    summary: 'Check a CSV of redirects row by row without writing anything',
    body: CsvImportSchema,
    reply: ImportPreviewSchema,
  }),
  import: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/redirects/import',
    operationId: 'importRedirects',
    summary:
      'Import a CSV of redirects: nothing when any row has an error, otherwise every row, written in short batches; 409 while another redirects import runs',
    body: CsvImportSchema,
    reply: ImportResultSchema,
  }),
  export: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/redirects/export',
    operationId: 'exportRedirects',
    summary: 'Every redirect as CSV (fromPath, toPath, statusCode, keepQuery, hits, lastHit), ready to import again',
    reply: z.string(),
    file: 'text/csv',
  }),
  notFoundFilter: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/redirects/not-found/filter',
    operationId: 'filterNotFoundLog',
    summary: 'Paths visitors (not bots) asked for that ended in Not Found, most frequent first',
    body: ListFilterSchema,
    reply: NotFoundPageSchema,
  }),
  notFoundDelete: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/redirects/not-found/delete/:id',
    operationId: 'dismissNotFound',
    summary: 'Remove a path from the Not Found log',
    params: RedirectIdParamsSchema,
    reply: z.null(),
  }),
  /** bulk and bulk/export (ADR 050): delete and CSV of the chosen redirects */
  ...bulkContracts({
    api: '/api/admin/redirects',
    tags: admin.tags,
    permission: admin.permission,
    op: 'Redirects',
    plural: 'redirects',
    actions: ['delete'],
    filter: ListFilterSchema,
  }),
};
