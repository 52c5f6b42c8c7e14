import { z } from 'zod';
import {
  DocumentDetailSchema,
  DocumentFilterBodySchema,
  DocumentGuidParamsSchema,
  DocumentIdParamsSchema,
  DocumentListItemSchema,
  DocumentPageSchema,
  DocumentRevisionParamsSchema,
  DocumentUsageListSchema,
  EditDocumentBodySchema,
} from '../validation/documents.ts';
import { defineContract } from './contract.ts';
import { bulkContracts } from './bulk.ts';

const admin = { tags: ['admin documents'], security: 'bearer', permission: 'content' } as const;

/** The document library: upload, edit, replace, list, usage and delete; Editors and Administrators ('content'). */
export const documentsApi = {
  add: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/documents/add',
    operationId: 'addDocument',
    summary:
      'Upload a document (multipart/form-data: file, title, kind, productKey, regionIds, altText); the type is told by the file content',
    multipart: true,
    reply: DocumentDetailSchema,
  }),
  replace: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/documents/replace/:id',
    operationId: 'replaceDocumentFile',
    summary:
      'Upload a new file for a document (multipart/form-data: file): the GUID and URL stay, the previous file is kept as a dated revision',
    multipart: true,
    params: DocumentIdParamsSchema,
    reply: DocumentDetailSchema,
  }),
  restore: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/documents/restore/:id/:revisionId',
    operationId: 'restoreDocumentRevision',
    summary:
      "Serve an earlier revision's file again: appended as a new revision (the GUID and URL stay, no revision is lost); restoring the current revision changes nothing",
    params: DocumentRevisionParamsSchema,
    reply: DocumentDetailSchema,
  }),
  edit: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/documents/edit',
    operationId: 'editDocument',
    summary: 'Edit a document: title, kind, product and region links, alt text',
    body: EditDocumentBodySchema,
    reply: DocumentDetailSchema,
  }),
  byGuid: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/documents/by-guid/:guid',
    operationId: 'getDocumentByGuid',
    summary: 'One document by the GUID of its /doccenter address (what content stores), as the list shows it: its title and file',
    params: DocumentGuidParamsSchema,
    reply: DocumentListItemSchema,
  }),
  get: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/documents/get/:id',
    operationId: 'getDocumentDetail',
    summary: 'One document with its revisions and where it is used',
    params: DocumentIdParamsSchema,
    reply: DocumentDetailSchema,
  }),
  usage: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/documents/usage/:id',
    operationId: 'getDocumentUsage',
    summary: 'Where a document is used: product pages, the labels page, pages, knowledge items, press releases',
    params: DocumentIdParamsSchema,
    reply: DocumentUsageListSchema,
  }),
  delete: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/documents/delete/:id',
    operationId: 'deleteDocument',
    summary: 'Delete a document and its revisions; refused (409) while it is used',
    params: DocumentIdParamsSchema,
    reply: z.null(),
  }),
  filter: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/documents/filter',
    operationId: 'filterDocuments',
    summary:
      'A page of documents, newest first unless sorted by title or product: search by title or file name, filter by kind(s), product and region',
    body: DocumentFilterBodySchema,
    reply: DocumentPageSchema,
  }),
  /** bulk and bulk/export (ADR 050): delete (refused for a document in use) and CSV */
  ...bulkContracts({
    api: '/api/admin/documents',
    tags: admin.tags,
    permission: admin.permission,
    op: 'Documents',
    plural: 'documents',
    actions: ['delete'],
    filter: DocumentFilterBodySchema,
  }),
};
