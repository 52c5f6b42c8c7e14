import type { FastifyInstance } from 'fastify';
import { repsApi, retailersApi } from '#shared/contracts/reps-retailers.ts';
import { IMPORT_MAX_BYTES } from '#shared/validation/reps-retailers.ts';
import { savedWithChanges } from '../../../conflicts.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';
import { bulkRoutes } from '../../../bulk.ts';
import { isDomainError } from '#domain/errors.ts';
import { REP_EXPORT_HEADER, RETAILER_EXPORT_HEADER, repExportCells, retailerExportCells } from '#domain/finder/reps-retailers-service.ts';
import type { ListFilter, RepDetail, RetailerDetail } from '#shared/validation/reps-retailers.ts';

/** A CSV file travels as JSON text: room for the largest file allowed, escaped. */
const importBodyLimit = IMPORT_MAX_BYTES * 2 + 1024;

/**
 * Reps and retailers of the finder (/siteadmin/reps-retailers): Editors and Administrators. A rep's
 * email is where their leads go, so the service also asks for the permission that reads leads
 * before a rep is added or their email changed (the user's roles are passed on).
 */
export function repsRetailersRoutes(app: FastifyInstance) {
  const service = () => app.services.repsRetailers;
  const big = { bodyLimit: importBodyLimit };

  for (const [kind, api] of [
    ['reps', repsApi],
    ['retailers', retailersApi],
  ] as const) {
    route(app, api.filter, async (request) =>
      ok(kind === 'reps' ? await service().listReps(request.body) : await service().listRetailers(request.body)),
    );
    route(app, api.get, async (request) =>
      ok(kind === 'reps' ? await service().getRep(request.params.id) : await service().getRetailer(request.params.id)),
    );
    route(app, api.delete, async (request) => {
      if (kind === 'reps') await service().deleteRep(request.params.id);
      else await service().deleteRetailer(request.params.id);
      return ok(null);
    });
    route(app, api.importPreview, async (request) => ok(await service().previewImport(kind, request.body.csv, request.user!.roles)), big);
    route(
      app,
      api.import,
      async (request) =>
        ok(await service().startImport(kind, request.body.csv, { skipInvalid: request.body.skipInvalid, roles: request.user!.roles })),
      big,
    );
    route(app, api.importSkipped, async (request) => ok(await service().skippedRows(kind, request.body.csv, request.user!.roles)), big);
    route(app, api.importStatus, async (request) => ok(await service().importStatus(request.params.jobId)));
    route(app, api.export, async () => ok(await service().exportCsv(kind)));
  }

  /** null for a row that is not there (the bulk reply names it "Not found"). */
  async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (err) {
      if (isDomainError(err) && err.status === 404) return null;
      throw err;
    }
  }

  // bulk (ADR 050): each row through the single delete (its audit entry, the finder's cache dropped),
  // or the chosen rows as CSV in the list's export columns (the file the import takes back)
  bulkRoutes<ListFilter, RepDetail>(app, repsApi, {
    async find(id) {
      const full = await orNull(() => service().getRep(id));
      return full ? { id, title: full.name, full } : null;
    },
    async page(filter, start, length) {
      const { items, total } = await service().listReps({ ...filter, start, length });
      return { rows: items.map((r) => ({ id: r.id, title: r.name })), total };
    },
    actions: { delete: (row) => service().deleteRep(row.id) },
    csv: {
      file: 'reps-selection.csv',
      columns: REP_EXPORT_HEADER,
      cells: ({ full }) => repExportCells(full),
    },
  });
  bulkRoutes<ListFilter, RetailerDetail>(app, retailersApi, {
    async find(id) {
      const full = await orNull(() => service().getRetailer(id));
      return full ? { id, title: full.name, full } : null;
    },
    async page(filter, start, length) {
      const { items, total } = await service().listRetailers({ ...filter, start, length });
      return { rows: items.map((r) => ({ id: r.id, title: r.name })), total };
    },
    actions: { delete: (row) => service().deleteRetailer(row.id) },
    csv: {
      file: 'retailers-selection.csv',
      columns: RETAILER_EXPORT_HEADER,
      cells: ({ full }) => retailerExportCells(full),
    },
  });

  route(app, repsApi.add, async (request) => ok(await service().addRep(request.body, request.user!.roles)));
  route(app, repsApi.edit, async (request) =>
    ok(
      await savedWithChanges(
        app.services.audit,
        { kind: 'rep', id: request.body.id },
        () => service().editRep(request.body, request.user!.roles),
        () => service().getRep(request.body.id),
        request.body,
      ),
    ),
  );
  route(app, retailersApi.add, async (request) => ok(await service().addRetailer(request.body)));
  route(app, retailersApi.edit, async (request) =>
    ok(
      await savedWithChanges(
        app.services.audit,
        { kind: 'retailer', id: request.body.id },
        () => service().editRetailer(request.body),
        () => service().getRetailer(request.body.id),
        request.body,
      ),
    ),
  );
}
