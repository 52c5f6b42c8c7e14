import type { FastifyInstance } from 'fastify';
import { privacyApi } from '#shared/contracts/privacy.ts';
import { saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { currentAuditContext } from '#domain/audit/audit-context.ts';
import { route } from '../../../contract-route.ts';
import { fail, ok } from '../../../http.ts';

/** Access and erasure requests, and the versioned privacy text (ADR 044). */
export function privacyAdminRoutes(app: FastifyInstance) {
  const privacy = () => app.services.privacy;
  route(app, privacyApi.count, async (request) =>
    ok({ email: request.body.email.toLowerCase(), count: await privacy().count(request.body.email) }),
  );
  route(app, privacyApi.export, async (request) => ok(await privacy().exportFor(request.body.email)));
  route(app, privacyApi.erase, async (request, reply) => {
    const count = await privacy().count(request.body.email);
    if (count !== request.body.confirmCount) {
      return reply
        .code(409)
        .send(fail(`${count} leads are now stored for this address, not ${request.body.confirmCount}: look again before deleting.`));
    }
    return ok({ email: request.body.email.toLowerCase(), ...(await privacy().erase(request.body.email)) });
  });
  route(app, privacyApi.getText, async () => ok(await privacy().current()));
  route(app, privacyApi.versions, async () => ok(await privacy().versions()));
  route(app, privacyApi.saveText, async (request) =>
    ok(await privacy().save(request.body.text, currentAuditContext()?.actor?.email ?? null, saveGuardOf(request.body))),
  );
}
