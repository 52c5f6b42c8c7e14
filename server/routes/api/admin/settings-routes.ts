import type { FastifyInstance } from 'fastify';
import { settingsApi } from '#shared/contracts/settings.ts';
import { withConflictFields } from '../../../conflicts.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';

/** Site settings (notice bar, social links, careers address, lead recipients, reCAPTCHA score), Administrators only. */
export function settingsRoutes(app: FastifyInstance) {
  const settings = () => app.services.settings;

  route(app, settingsApi.get, async () => ok(await settings().forAdmin()));
  route(app, settingsApi.edit, async (request) =>
    ok(
      await withConflictFields(
        () => settings().saveFromAdmin(request.body),
        async () => (await settings().forAdmin()).settings,
        request.body,
      ),
    ),
  );
}
