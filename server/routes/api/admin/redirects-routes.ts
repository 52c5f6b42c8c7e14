import type { FastifyInstance } from 'fastify';
import type { NotFoundRow, RedirectRow } from '#domain/redirects/redirects-repository.ts';
import { redirectsApi } from '#shared/contracts/redirects.ts';
import type { NotFoundItem, RedirectItem } from '#shared/validation/redirects.ts';
import { saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { savedWithChanges } from '../../../conflicts.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';
import { bulkRoutes } from '../../../bulk.ts';
import { isDomainError } from '#domain/errors.ts';

function toItem({ updatedBy: _by, ...r }: RedirectRow): RedirectItem {
  return { ...r, lastHit: r.lastHit?.toISOString() ?? null, created: r.created.toISOString(), updated: r.updated.toISOString() };
}

function toNotFound(r: NotFoundRow): NotFoundItem {
  return { ...r, firstSeen: r.firstSeen.toISOString(), lastSeen: r.lastSeen.toISOString() };
}

/** Redirects and the Not Found log (/api/admin/redirects/...), permission 'redirects'. */
export function redirectsRoutes(app: FastifyInstance) {
  const redirects = () => app.services.redirects;

  route(app, redirectsApi.filter, async (request) => {
    const { search, start, length } = request.body;
    const page = await redirects().filter(search, start, length);
    return ok({ items: page.items.map(toItem), total: page.total });
  });
  route(app, redirectsApi.get, async (request) => ok(toItem(await redirects().get(request.params.id))));
  route(app, redirectsApi.add, async (request) => ok(toItem(await redirects().save(request.body))));
  route(app, redirectsApi.edit, async (request) => {
    const { id, baseVersion, overwrite, ...input } = request.body;
    const saved = await savedWithChanges(
      app.services.audit,
      { kind: 'redirect', id },
      () => redirects().save(input, id, saveGuardOf({ baseVersion, overwrite })),
      async () => toItem(await redirects().get(id)),
      request.body,
    );
    return ok(toItem(saved));
  });
  route(app, redirectsApi.delete, async (request) => {
    await redirects().delete(request.params.id);
    return ok(null);
  });
  route(app, redirectsApi.importPreview, async (request) => ok(await redirects().previewImport(request.body.csv)));
  route(app, redirectsApi.import, async (request) => {
    const result = await redirects().importCsv(request.body.csv);
    return ok(result, `${result.created} ${result.created === 1 ? 'redirect' : 'redirects'} created, ${result.updated} updated.`);
  });
  route(app, redirectsApi.export, async (_request, reply) => {
    const csv = await redirects().exportCsv();
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="redirects.csv"').send(csv);
  });
  route(app, redirectsApi.notFoundFilter, async (request) => {
    const { search, start, length } = request.body;
    const page = await redirects().filterNotFound(search, start, length);
    return ok({ items: page.items.map(toNotFound), total: page.total });
  });
  route(app, redirectsApi.notFoundDelete, async (request) => {
    await redirects().dismissNotFound(request.params.id);
    return ok(null);
  });
  // bulk (ADR 050): each row through the single delete (its audit entry), or the chosen rows as CSV
  bulkRoutes(app, redirectsApi, {
    async find(id) {
      try {
        const full = toItem(await redirects().get(id));
        return { id, title: full.fromPath, full };
      } catch (err) {
        if (isDomainError(err) && err.status === 404) return null;
        throw err;
      }
    },
    async page(filter: { search: string }, start, length) {
      const { items, total } = await redirects().filter(filter.search, start, length);
      return { rows: items.map((r) => ({ id: r.id, title: r.fromPath })), total };
    },
    actions: { delete: (row) => redirects().delete(row.id) },
    csv: {
      file: 'redirects-selection.csv',
      columns: ['Id', 'From', 'To', 'Status', 'Keep query', 'Hits', 'Updated (UTC)'],
      cells: (row) => [
        row.id,
        row.full.fromPath,
        row.full.toPath,
        row.full.statusCode,
        row.full.keepQuery ? 'yes' : 'no',
        row.full.hits,
        row.full.updated,
      ],
    },
  });
}
