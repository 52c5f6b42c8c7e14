import { PAGE_TAG } from '../cache-tags.ts';
import { PRODUCT_REGION_IDS, REGION_CA } from '../regions.ts';
import {
  ContentAdminFilterSchema,
  ContentAdminItemSchema,
  ContentAdminListSchema,
  ContentSaveSchema,
} from '../validation/versioned-admin.ts';
import { defineKind, type KindChange } from './define.ts';
import { knowledgeTag } from './tags.ts';
import { CONTENT_FIELD_LABELS } from '../field-labels.ts';

/** The slugs a change names: the old and the new one (a rename touches both pages). */
export const changedSlugs = (change: KindChange) =>
  [change.oldSlug, change.newSlug].filter((s): s is string => typeof s === 'string' && s !== '');

/** Knowledge items and press releases: Canadian items live under /can. */
export const contentSlug = (base: string) => (region: number) => `${region === REGION_CA ? '/can' : ''}${base}`;

/** Articles, videos and podcasts of the knowledge center. */
export const knowledge = defineKind({
  name: 'knowledge',
  api: '/api/admin/knowledge-center',
  list: '/siteadmin/knowledge-center',
  admin: '/siteadmin/knowledge-center',
  permission: 'content',
  screens: {
    list: { file: 'routes/admin/content-list.tsx', id: 'admin-knowledge-list' },
    editor: { file: 'routes/admin/content-form.tsx', create: true },
  },
  section: { label: 'Knowledge Center', description: 'Articles, research and podcasts.', position: 2 },
  op: 'KnowledgeItem',
  label: 'knowledge item',
  noun: 'Knowledge Item',
  notFound: 'Knowledge Item not found.',
  slugPrefix: contentSlug('/knowledge-center/'),
  schemas: { save: ContentSaveSchema, item: ContentAdminItemSchema, list: ContentAdminListSchema, filter: ContentAdminFilterSchema },
  openApi: {
    tag: 'admin knowledge center',
    add: {
      operationId: 'addKnowledgeItem',
      summary:
        "Create a knowledge item, or with an id append a version (rollback: save an old version's content); 409 when the slug is taken",
    },
    filter: {
      operationId: 'filterKnowledgeItemAdmin',
      summary: 'Every knowledge item not deleted (drafts and scheduled too), last updated first, with text search, filters and paging',
    },
    remove: 'Delete a knowledge item (it leaves the site; its versions are kept)',
  },
  tags: (change) => [...changedSlugs(change).map(knowledgeTag), PAGE_TAG.knowledgeList, PAGE_TAG.knowledgeRelated],
  audit: { label: 'knowledge item', category: 'content', fields: CONTENT_FIELD_LABELS },
  usageLabel: 'Knowledge item',
  bulk: { status: 'status', region: { field: 'region', regions: PRODUCT_REGION_IDS } },
  features: { preview: true, schedule: true, pin: true, slugRedirects: true },
});
