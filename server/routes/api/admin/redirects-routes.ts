import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotFoundRow, RedirectRow } from '#domain/redirects/redirects-repository.ts';
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
  type NotFoundItem,
  type RedirectItem,
} from '#shared/validation/redirects.ts';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { adminErrors } from './admin-schemas.ts';

const tags = ['admin redirects'];
const config = { permission: 'redirects' as const };

function toItem(r: RedirectRow): RedirectItem {
  return { ...r, lastHit: r.lastHit?.toISOString() ?? null, created: r.created.toISOString(), updated: r.updated.toISOString() };
}

function toNotFound(r: NotFoundRow): NotFoundItem {
  return { ...r, firstSeen: r.firstSeen.toISOString(), lastSeen: r.lastSeen.toISOString() };
}

/** Redirects and the Not Found log (/api/admin/redirects/...), permission 'redirects'. */
export function redirectsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const redirects = () => app.services.redirects;

  r.post(
    '/api/admin/redirects/filter',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'filterRedirects',
        tags,
        summary: 'Redirects by from-path, with hit counts; search matches the from-path or target',
        body: ListFilterSchema,
        response: { 200: envelope(RedirectPageSchema), ...adminErrors },
      },
    },
    async (request) => {
      const { search, start, length } = request.body;
      const page = await redirects().filter(search, start, length);
      return ok({ items: page.items.map(toItem), total: page.total });
    },
  );
  r.get(
    '/api/admin/redirects/get/:id',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getRedirectById',
        tags,
        summary: 'One redirect',
        params: RedirectIdParamsSchema,
        response: { 200: envelope(RedirectSchema), ...adminErrors },
      },
    },
    async (request) => ok(toItem(await redirects().get(request.params.id))),
  );
  r.post(
    '/api/admin/redirects/add',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'addRedirect',
        tags,
        summary: 'Add a redirect (409 when the from-path exists, or when it would make a loop or a chain)',
        body: RedirectInputSchema,
        response: { 200: envelope(RedirectSchema), ...adminErrors },
      },
    },
    async (request) => ok(toItem(await redirects().save(request.body))),
  );
  r.post(
    '/api/admin/redirects/edit',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'editRedirect',
        tags,
        summary: 'Edit a redirect (same checks as add)',
        body: RedirectEditSchema,
        response: { 200: envelope(RedirectSchema), ...adminErrors },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(toItem(await redirects().save(input, id)));
    },
  );
  r.get(
    '/api/admin/redirects/delete/:id',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'deleteRedirect',
        tags,
        summary: 'Delete a redirect',
        params: RedirectIdParamsSchema,
        response: { 200: envelope(z.null()), ...adminErrors },
      },
    },
    async (request) => {
      await redirects().delete(request.params.id);
      return ok(null);
    },
  );
  r.post(
    '/api/admin/redirects/import-preview',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'previewRedirectImport',
        tags,
        summary: 'Check a CSV of redirects row by row without writing anything',
        body: CsvImportSchema,
        response: { 200: envelope(ImportPreviewSchema), ...adminErrors },
      },
    },
    async (request) => ok(await redirects().previewImport(request.body.csv)),
  );
  r.post(
    '/api/admin/redirects/import',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'importRedirects',
        tags,
        summary:
          'Import a CSV of redirects: nothing when any row has an error, otherwise every row, written in short batches; 409 while another redirects import runs',
        body: CsvImportSchema,
        response: { 200: envelope(ImportResultSchema), ...adminErrors },
      },
    },
    async (request) => {
      const result = await redirects().importCsv(request.body.csv);
      return ok(result, `${result.created} ${result.created === 1 ? 'redirect' : 'redirects'} created, ${result.updated} updated.`);
    },
  );
  r.get(
    '/api/admin/redirects/export',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'exportRedirects',
        tags,
        summary: 'Every redirect as CSV (fromPath, toPath, statusCode, keepQuery, hits, lastHit), ready to import again',
        response: { 200: z.string().describe('text/csv'), ...adminErrors },
      },
    },
    async (_request, reply) => {
      const csv = await redirects().exportCsv();
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="redirects.csv"').send(csv);
    },
  );
  r.post(
    '/api/admin/redirects/not-found/filter',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'filterNotFoundLog',
        tags,
        summary: 'Paths visitors (not bots) asked for that ended in Not Found, most frequent first',
        body: ListFilterSchema,
        response: { 200: envelope(NotFoundPageSchema), ...adminErrors },
      },
    },
    async (request) => {
      const { search, start, length } = request.body;
      const page = await redirects().filterNotFound(search, start, length);
      return ok({ items: page.items.map(toNotFound), total: page.total });
    },
  );
  r.get(
    '/api/admin/redirects/not-found/delete/:id',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'dismissNotFound',
        tags,
        summary: 'Remove a path from the Not Found log',
        params: RedirectIdParamsSchema,
        response: { 200: envelope(z.null()), ...adminErrors },
      },
    },
    async (request) => {
      await redirects().dismissNotFound(request.params.id);
      return ok(null);
    },
  );
}
