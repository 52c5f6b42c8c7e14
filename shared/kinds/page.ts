import { pathTag } from '../cache-tags.ts';
import { REGION_IDS } from '../regions.ts';
import { PageAdminFilterSchema, PageAdminItemSchema, PageAdminListSchema, PageSaveSchema } from '../validation/versioned-admin.ts';
import { defineKind } from './define.ts';
import { changedSlugs } from './knowledge.ts';
import { PAGE_FIELD_LABELS } from '../field-labels.ts';

/** Custom pages: an address of their own at the site's root. */
export const page = defineKind({
  name: 'page',
  api: '/api/admin/pages',
  list: '/siteadmin/pages',
  admin: '/siteadmin/pages',
  permission: 'content',
  screens: { list: { file: 'routes/admin/pages-list.tsx' }, editor: { file: 'routes/admin/page-form.tsx', create: true } },
  section: { label: 'Pages', description: 'Custom pages and their modules.', position: 6 },
  op: 'Page',
  label: 'page',
  noun: 'Page',
  notFound: 'Page not found.',
  slugPrefix: () => '/',
  schemas: { save: PageSaveSchema, item: PageAdminItemSchema, list: PageAdminListSchema, filter: PageAdminFilterSchema },
  openApi: {
    tag: 'admin pages',
    add: {
      operationId: 'addPage',
      summary: "Create a custom page, or with an id append a version; 409 when the slug is taken or is one of the site's own addresses",
    },
    filter: { operationId: 'filterPagesAdmin', summary: 'Custom pages not deleted, last updated first' },
    remove: 'Delete a page (its versions are kept)',
  },
  // a custom page is only on its own address
  tags: (change) => changedSlugs(change).map(pathTag),
  audit: { label: 'page', category: 'content', fields: PAGE_FIELD_LABELS },
  usageLabel: 'Page',
  bulk: { status: 'visibility', region: { field: 'regionIds', regions: REGION_IDS } },
  features: { preview: true, schedule: true, pin: false, slugRedirects: true },
});
