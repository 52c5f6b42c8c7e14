import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { auditApi, securityApi } from '#shared/contracts/security.ts';
import { withConflictFields } from '../../../conflicts.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';

/** The site's sign-in policy (require a second factor) and the audit log, Administrators only. */
export function securityRoutes(app: FastifyInstance) {
  const auth = () => app.services.auth;
  const audit = () => app.services.audit;

  route(app, securityApi.get, async () => ok(await auth().getSecuritySettings()));
  route(app, securityApi.save, async (request) =>
    ok(
      await withConflictFields(
        () => auth().setSecuritySettings(request.user!, request.body, { ip: request.ip }),
        () => auth().getSecuritySettings(),
        request.body,
      ),
    ),
  );
  route(app, auditApi.filter, async (request) => {
    const { start, length, ...filter } = request.body;
    return ok(await audit().list(filter, start, length));
  });
  route(app, auditApi.people, async () => ok(await audit().actors()));
  route(app, auditApi.export, async (request, reply) => {
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(audit().exportCsv(request.body, app.env.PUBLIC_SITE_URL)) as unknown as string);
  });
}
