import { PAGE_TAG } from '../cache-tags.ts';
import { PRODUCT_REGION_IDS } from '../regions.ts';
import {
  ContentAdminFilterSchema,
  ContentAdminItemSchema,
  ContentAdminListSchema,
  ContentSaveSchema,
} from '../validation/versioned-admin.ts';
import { defineKind } from './define.ts';
import { changedSlugs, contentSlug } from './knowledge.ts';
import { pressTag } from './tags.ts';
import { CONTENT_FIELD_LABELS } from '../field-labels.ts';

/** Press releases: the same content shape and service as knowledge items, listed apart. */
export const press = defineKind({
  name: 'press',
  api: '/api/admin/press-releases',
  list: '/siteadmin/press-releases',
  admin: '/siteadmin/press-releases',
  permission: 'content',
  screens: {
    list: { file: 'routes/admin/content-list.tsx', id: 'admin-press-list' },
    editor: { file: 'routes/admin/content-form.tsx', create: true },
  },
  section: { label: 'Press Releases', description: 'News for the press page.', position: 5 },
  op: 'PressRelease',
  label: 'press release',
  noun: 'Press Release',
  notFound: 'Press Release not found.',
  slugPrefix: contentSlug('/press-releases/'),
  schemas: { save: ContentSaveSchema, item: ContentAdminItemSchema, list: ContentAdminListSchema, filter: ContentAdminFilterSchema },
  openApi: {
    tag: 'admin press releases',
    add: {
      operationId: 'addPressRelease',
      summary:
        "Create a press release, or with an id append a version (rollback: save an old version's content); 409 when the slug is taken",
    },
    filter: {
      operationId: 'filterPressReleaseAdmin',
      summary: 'Every press release not deleted (drafts and scheduled too), last updated first, with text search, filters and paging',
    },
    remove: 'Delete a press release (it leaves the site; its versions are kept)',
  },
  tags: (change) => [...changedSlugs(change).map(pressTag), PAGE_TAG.pressList],
  audit: { label: 'press release', category: 'content', fields: CONTENT_FIELD_LABELS },
  usageLabel: 'Press release',
  bulk: { status: 'status', region: { field: 'region', regions: PRODUCT_REGION_IDS } },
  features: { preview: true, schedule: true, pin: false, slugRedirects: true },
});
