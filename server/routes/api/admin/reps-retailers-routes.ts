import type { FastifyInstance } from 'fastify';
import { repsApi, retailersApi } from '#shared/contracts/reps-retailers.ts';
import { IMPORT_MAX_BYTES } from '#shared/validation/reps-retailers.ts';
import { savedWithChanges } from '../../../conflicts.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';

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
