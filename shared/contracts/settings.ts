import { SiteSettingsAdminSchema, SiteSettingsEditSchema } from '../validation/settings.ts';
import { defineContract } from './contract.ts';

const admin = { tags: ['admin settings'], security: 'bearer', permission: 'settings' } as const;

/** Site settings (notice bar, social links, careers address, lead recipients, reCAPTCHA score), Administrators only. */
export const settingsApi = {
  get: defineContract({
    ...admin,
    method: 'GET',
    path: '/api/admin/settings/get',
    operationId: 'getSiteSettings',
    summary: 'The site settings, and the environment values that apply where a setting is blank',
    reply: SiteSettingsAdminSchema,
  }),
  edit: defineContract({
    ...admin,
    method: 'POST',
    path: '/api/admin/settings/edit',
    operationId: 'editSiteSettings',
    summary: 'Save the site settings; public pages use them at once (other instances within a minute)',
    body: SiteSettingsEditSchema,
    reply: SiteSettingsAdminSchema,
  }),
};
