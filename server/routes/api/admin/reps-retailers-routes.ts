import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CsvExportSchema,
  CsvImportBodySchema,
  CsvImportStartSchema,
  EditRepBodySchema,
  EditRetailerBodySchema,
  IdParamsSchema,
  IMPORT_MAX_BYTES,
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
} from '#shared/validation/reps-retailers.ts';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { adminErrors } from './admin-schemas.ts';

const config = { permission: 'content' as const };
/** A CSV file travels as JSON text: room for the largest file allowed, escaped. */
const importBodyLimit = IMPORT_MAX_BYTES * 2 + 1024;

/**
 * Reps and retailers of the finder (/siteadmin/reps-retailers): Editors and Administrators. A rep's
 * email is where their leads go, so the service also asks for the permission that reads leads
 * before a rep is added or their email changed (the user's roles are passed on).
 */
export function repsRetailersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = () => app.services.repsRetailers;

  for (const kind of ['reps', 'retailers'] as const) {
    const one = kind === 'reps' ? 'Rep' : 'Retailer';
    const many = kind === 'reps' ? 'Reps' : 'Retailers';
    const tags = [`admin ${kind}`];
    const base = `/api/admin/${kind}`;
    const Detail = kind === 'reps' ? RepDetailSchema : RetailerDetailSchema;

    r.post(
      `${base}/filter`,
      {
        config,
        schema: {
          ...adminOperation,
          tags,
          operationId: `filter${many}`,
          summary: `A page of ${kind} in name order, optionally matching a search`,
          body: ListFilterSchema,
          response: { 200: envelope(kind === 'reps' ? RepPageSchema : RetailerPageSchema), ...adminErrors },
        },
      },
      async (request) => ok(kind === 'reps' ? await service().listReps(request.body) : await service().listRetailers(request.body)),
    );
    r.get(
      `${base}/get/:id`,
      {
        config,
        schema: {
          ...adminOperation,
          tags,
          operationId: `get${one}`,
          summary: `One ${one.toLowerCase()}`,
          params: IdParamsSchema,
          response: { 200: envelope(Detail), ...adminErrors },
        },
      },
      async (request) => ok(kind === 'reps' ? await service().getRep(request.params.id) : await service().getRetailer(request.params.id)),
    );
    r.get(
      `${base}/delete/:id`,
      {
        config,
        schema: {
          ...adminOperation,
          tags,
          operationId: `delete${one}`,
          summary: `Delete a ${one.toLowerCase()}`,
          params: IdParamsSchema,
          response: { 200: envelope(z.null()), ...adminErrors },
        },
      },
      async (request) => {
        if (kind === 'reps') await service().deleteRep(request.params.id);
        else await service().deleteRetailer(request.params.id);
        return ok(null);
      },
    );
    r.post(
      `${base}/import-preview`,
      {
        config,
        bodyLimit: importBodyLimit,
        schema: {
          ...adminOperation,
          tags,
          operationId: `previewImport${many}`,
          summary: `Check a ${kind} CSV file without writing anything: rows to add and update, and each row's problems`,
          body: CsvImportBodySchema,
          response: { 200: envelope(ImportPreviewSchema), ...adminErrors },
        },
      },
      async (request) => ok(await service().previewImport(kind, request.body.csv, request.user!.roles)),
    );
    r.post(
      `${base}/import`,
      {
        config,
        bodyLimit: importBodyLimit,
        schema: {
          ...adminOperation,
          tags,
          operationId: `import${many}`,
          summary: `Import a ${kind} CSV file in batches (refused if any row has a problem, unless skipInvalid imports the valid rows and skips those; 409 while another ${kind} import runs); poll import-status for progress`,
          body: CsvImportStartSchema,
          response: { 200: envelope(ImportJobSchema), ...adminErrors },
        },
      },
      async (request) =>
        ok(await service().startImport(kind, request.body.csv, { skipInvalid: request.body.skipInvalid, roles: request.user!.roles })),
    );
    r.post(
      `${base}/import-skipped`,
      {
        config,
        bodyLimit: importBodyLimit,
        schema: {
          ...adminOperation,
          tags,
          operationId: `skipped${many}ImportRows`,
          summary: `The rows of a ${kind} CSV file that have problems, as a CSV file with a Problems column (to fix and import again)`,
          body: CsvImportBodySchema,
          response: { 200: envelope(CsvExportSchema), ...adminErrors },
        },
      },
      async (request) => ok(await service().skippedRows(kind, request.body.csv, request.user!.roles)),
    );
    r.get(
      `${base}/import-status/:jobId`,
      {
        config,
        schema: {
          ...adminOperation,
          tags,
          operationId: `import${many}Status`,
          summary: `Progress of a ${kind} import`,
          params: JobIdParamsSchema,
          response: { 200: envelope(ImportJobSchema), ...adminErrors },
        },
      },
      async (request) => ok(await service().importStatus(request.params.jobId)),
    );
    r.get(
      `${base}/export`,
      {
        config,
        schema: {
          ...adminOperation,
          tags,
          operationId: `export${many}`,
          summary: `Every ${one.toLowerCase()} as CSV text (cells that could run as spreadsheet formulas are neutralised)`,
          response: { 200: envelope(CsvExportSchema), ...adminErrors },
        },
      },
      async () => ok(await service().exportCsv(kind)),
    );
  }

  r.post(
    '/api/admin/reps/add',
    {
      config,
      schema: {
        ...adminOperation,
        tags: ['admin reps'],
        operationId: 'addRep',
        summary: 'Add a rep with their territories (their email receives their leads: needs the forms permission, 403 otherwise)',
        body: RepFormSchema,
        response: { 200: envelope(RepDetailSchema), ...adminErrors },
      },
    },
    async (request) => ok(await service().addRep(request.body, request.user!.roles)),
  );
  r.post(
    '/api/admin/reps/edit',
    {
      config,
      schema: {
        ...adminOperation,
        tags: ['admin reps'],
        operationId: 'editRep',
        summary:
          'Edit a rep; the territories sent replace theirs. Changing the email (where their leads go) needs the forms permission, 403 otherwise',
        body: EditRepBodySchema,
        response: { 200: envelope(RepDetailSchema), ...adminErrors },
      },
    },
    async (request) => ok(await service().editRep(request.body, request.user!.roles)),
  );
  r.post(
    '/api/admin/retailers/add',
    {
      config,
      schema: {
        ...adminOperation,
        tags: ['admin retailers'],
        operationId: 'addRetailer',
        summary: 'Add a retailer; blank coordinates are filled from the ZIP or postal code',
        body: RetailerFormSchema,
        response: { 200: envelope(RetailerDetailSchema), ...adminErrors },
      },
    },
    async (request) => ok(await service().addRetailer(request.body)),
  );
  r.post(
    '/api/admin/retailers/edit',
    {
      config,
      schema: {
        ...adminOperation,
        tags: ['admin retailers'],
        operationId: 'editRetailer',
        summary: 'Edit a retailer; blank coordinates are filled from the ZIP or postal code',
        body: EditRetailerBodySchema,
        response: { 200: envelope(RetailerDetailSchema), ...adminErrors },
      },
    },
    async (request) => ok(await service().editRetailer(request.body)),
  );
}
