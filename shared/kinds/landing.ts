import { LandingAdminItemSchema, LandingAdminListSchema, LandingSaveSchema } from '../validation/versioned-admin.ts';
import { defineKind } from './define.ts';
import { landingTag } from './tags.ts';
import { LANDING_FIELD_LABELS } from '../field-labels.ts';

/** The homes, campaign pages and About: fixed keys and paths, edited in the pages list. */
export const landing = defineKind({
  name: 'landing',
  api: '/api/admin/landing-pages',
  list: '/siteadmin/pages',
  admin: '/siteadmin/pages/landing',
  permission: 'content',
  // edited from the Pages list, in the Pages section
  screens: { editor: { file: 'routes/admin/landing-form.tsx', create: false } },
  op: 'LandingPage',
  label: 'landing page',
  noun: 'Page',
  notFound: 'Page not found.',
  schemas: { save: LandingSaveSchema, item: LandingAdminItemSchema, list: LandingAdminListSchema },
  openApi: {
    tag: 'admin landing pages',
    add: { operationId: 'saveLandingPage', summary: 'Append a version of a home, campaign page or About (edit or rollback)' },
    filter: { operationId: 'filterLandingPagesAdmin', summary: 'The homes, campaign pages and About' },
  },
  // a landing page is found by its key (the content-changed call names it as the id)
  tags: (change) => [landingTag(String(change.id ?? change.newSlug ?? ''))],
  audit: { label: 'page', category: 'content', fields: LANDING_FIELD_LABELS },
  usageLabel: 'Landing page',
  features: { preview: true, schedule: true, pin: false, slugRedirects: false, slug: false },
});
