import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SiteSettingsAdminSchema, SiteSettingsFormSchema } from '#shared/validation/settings.ts';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { adminErrors } from './admin-schemas.ts';

const tags = ['admin settings'];
const config = { permission: 'settings' as const };

/** Site settings (notice bar, social links, careers address, lead recipients, reCAPTCHA score), Administrators only. */
export function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settings = () => app.services.settings;

  r.get(
    '/api/admin/settings/get',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'getSiteSettings',
        tags,
        summary: 'The site settings, and the environment values that apply where a setting is blank',
        response: { 200: envelope(SiteSettingsAdminSchema), ...adminErrors },
      },
    },
    async () => ok(await settings().forAdmin()),
  );
  r.post(
    '/api/admin/settings/edit',
    {
      config,
      schema: {
        ...adminOperation,
        operationId: 'editSiteSettings',
        tags,
        summary: 'Save the site settings; public pages use them at once (other instances within a minute)',
        body: SiteSettingsFormSchema,
        response: { 200: envelope(SiteSettingsAdminSchema), ...adminErrors },
      },
    },
    async (request) => ok(await settings().saveFromAdmin(request.body)),
  );
}
