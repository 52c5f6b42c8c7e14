import '../zod-browser.ts';
import { z } from 'zod';
import { ContentModuleSchema, MediaRefSchema, SeoDataSchema } from '../content-types.ts';
import { KNOWLEDGE_CATEGORY_IDS } from '../knowledge.ts';
import { ProductAdminFilterSchema } from '../product-admin.ts';
import { ProductContentSchema } from '../product-content.ts';
import { LandingContentSchema, LandingKindSchema } from '../landing-content.ts';
import { VersionRowSchema } from '../versions.ts';
import { isRegionId, isProductRegionId } from '../regions.ts';
import { EXPIRY_MESSAGES, expiryAfterPublish, isSiteRedirectPath } from './expiry.ts';
import { optionalSaveGuardFields } from './edit-conflict.ts';

/**
 * The one contract of the versioned kinds' admin APIs (knowledge items, press releases, pages,
 * products, landing pages): request and reply schemas, used by the routes (validation, replies,
 * the OpenAPI document), by the services (inferred types) and by the admin screens (the API client
 * checks each reply against its schema). Types are `z.infer` of these, never written again.
 */

const Instant = z.iso
  .datetime({ offset: true, message: 'Use an ISO 8601 date and time, such as 2026-05-01T09:00:00Z.' })
  .transform((s) => new Date(s));

/** Every kind's save: the saved version whose content it restores, when it is a rollback. */
const RollbackOf = z
  .number()
  .int()
  .positive()
  .nullish()
  .describe('the saved version whose content this save restores (a rollback): the audit log says so');

/**
 * Expiry (ADR 049), beside publishAt in every versioned kind's save: when the item leaves the site, and
 * the same-site path its address then redirects to. Absent: the item's expiry is kept as it is; null
 * (or empty): it has none.
 */
export const expiryFields = {
  unpublishAt: Instant.nullish().describe(
    'expiry: at this time the item leaves the site (it becomes a draft); null: it does not expire; omit to keep',
  ),
  unpublishRedirect: z
    .string()
    .trim()
    .max(500, EXPIRY_MESSAGES.redirect)
    .refine((v) => v === '' || isSiteRedirectPath(v), EXPIRY_MESSAGES.redirect)
    .transform((v) => (v === '' ? null : v))
    .nullish()
    .describe("once expired, the item's address redirects (302) here: a path on this site; null: it answers Not Found; omit to keep"),
};

/** The base fields a save writes for its expiry: only those it sent (absent keeps the item's). */
export function expiryBase(v: { unpublishAt?: Date | null; unpublishRedirect?: string | null }): {
  unpublishAt?: Date | null;
  unpublishRedirect?: string | null;
} {
  return {
    ...(v.unpublishAt !== undefined ? { unpublishAt: v.unpublishAt } : {}),
    ...(v.unpublishRedirect !== undefined ? { unpublishRedirect: v.unpublishRedirect } : {}),
  };
}

/** A list's Schedule filter: items with a version still to come, or with an expiry. */
export const ScheduleFilterSchema = z
  .enum(['scheduled', 'expires'])
  .nullish()
  .describe('scheduled: a saved version still to come; expires: an Unpublish at is set; omit for all');
export type ScheduleFilter = z.infer<typeof ScheduleFilterSchema>;

export { EXPIRY_MESSAGES, expiryAfterPublish };

export const ContentIdParamsSchema = z.object({ id: z.coerce.number().int().positive('Unknown item.') });
export const ContentVersionParamsSchema = ContentIdParamsSchema.extend({ versionId: z.coerce.number().int().positive('Unknown version.') });

export const ContentSaveSchema = z
  .object({
    id: z.number().int().positive().nullish().describe('the baseId: omit to create an item, give it to append a version'),
    type: z
      .number()
      .int()
      .min(0, 'Type must be 0, 1 or 2.')
      .max(2, 'Type must be 0, 1 or 2.')
      .default(0)
      .describe('0 Article, 1 Research, 2 Podcast'),
    category: z
      .number()
      .int()
      .refine((n) => KNOWLEDGE_CATEGORY_IDS.includes(n), 'Category must be 38, 39 or 40.')
      .nullish()
      .describe('38 podcasts, 39 articles, 40 research and reports (knowledge items)')
      // the service stores no category as null
      .transform((category) => category ?? null),
    pinned: z.boolean().default(false),
    slug: z
      .string()
      .trim()
      .max(200, 'The slug is limited to 200 characters.')
      .nullish()
      .describe('empty: made from the title (on create) or kept (on edit)'),
    region: z
      .number()
      .int()
      .refine((n) => isProductRegionId(n), 'Region must be 2 (US) or 3 (Canada).')
      .default(2),
    status: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .describe('1 published, 0 draft; omitted: a new item is a draft (ADR 049), an edit keeps its status'),
    title: z.string().trim().min(1, 'Enter a title.').max(300, 'The title is limited to 300 characters.'),
    metadata: SeoDataSchema.default({}).describe('SEO data: desc (also the card summary), title, ogtitle, ogdesc, ogphoto, metaContent'),
    heroMedia: MediaRefSchema.nullable().default(null),
    modules: z.array(ContentModuleSchema).max(100, 'At most 100 modules.').default([]),
    publishDate: Instant.optional()
      .describe('the date shown on the item; default now')
      .transform((date) => date ?? new Date()),
    publishAt: Instant.nullish().describe('schedule: the version goes live at this time (null: now)'),
    ...expiryFields,
    redirectOldSlug: z
      .boolean()
      .default(true)
      .describe('false: changing the slug of a published item leaves no redirect from the old address'),
    rollbackOf: RollbackOf,
    ...optionalSaveGuardFields,
  })
  .superRefine(expiryAfterPublish)
  .describe('Create an item, or append a version to it (nothing is overwritten)');
export type ContentSaveBody = z.output<typeof ContentSaveSchema>;

export const ContentAdminItemSchema = z.object({
  id: z.number(),
  baseId: z.number(),
  versionId: z.number(),
  type: z.number(),
  category: z.number().nullable(),
  pinned: z.boolean(),
  slug: z.string(),
  region: z.number(),
  status: z.number().describe('1 published, 0 draft'),
  path: z.string(),
  title: z.string(),
  metadata: SeoDataSchema,
  heroMedia: MediaRefSchema.nullable(),
  modules: z.array(ContentModuleSchema),
  publishDate: z.string(),
  publishAt: z.string().nullable(),
  unpublishAt: z.string().nullable().describe('when the item leaves the site (UTC); null when it does not expire'),
  unpublishRedirect: z.string().nullable(),
  created: z.string().describe('when this version was saved (UTC)'),
  current: z.boolean().describe('true when this version is the one the public site shows'),
});

/** One row of get-versions/{id}: the shared schema the admin client checks replies with. */
export const ContentVersionSchema = VersionRowSchema;

export const ContentSlugSchema = z.object({ id: z.number(), slug: z.string(), path: z.string() });

export const ContentAdminFilterSchema = z.object({
  searchText: z.string().trim().max(200).nullish().describe('matched against title and slug'),
  category: z.number().int().nullish(),
  type: z.number().int().min(0).max(2).nullish(),
  region: z.number().int().nullish(),
  status: z
    .union([z.literal(0), z.literal(1)])
    .nullish()
    .describe('omit for published and drafts'),
  schedule: ScheduleFilterSchema,
  sort: z.enum(['updated', 'title', 'publishDate', 'pinned']).default('updated').describe('the column to order by'),
  dir: z.enum(['asc', 'desc']).nullish().describe('default: ascending for title, otherwise descending'),
  start: z.number().int().min(0).max(1_000_000).default(0),
  length: z.number().int().min(1).max(100).default(20),
});

export const ContentAdminListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      slug: z.string(),
      path: z.string(),
      type: z.number(),
      category: z.number().nullable(),
      pinned: z.boolean(),
      region: z.number(),
      status: z.number(),
      title: z.string(),
      publishDate: z.string(),
      publishAt: z.string().nullable(),
      live: z.boolean(),
      updated: z.string(),
      nextPublishAt: z.string().nullable().describe('when a saved version still to come goes live (UTC); null when none'),
      unpublishAt: z.string().nullable().describe('when the item leaves the site (UTC); null when it does not expire'),
    }),
  ),
  total: z.number(),
});

export const PinSchema = z.object({
  baseId: z.number().int().positive(),
  type: z.number().int().min(0).max(2),
  pinned: z.boolean(),
});

export const PageSaveSchema = z
  .object({
    id: z.number().int().positive().nullish().describe('omit to create a page, give it to append a version'),
    title: z.string().trim().min(1, 'Enter a title.').max(300, 'The title is limited to 300 characters.'),
    slug: z
      .string()
      .trim()
      .max(200, 'The slug is limited to 200 characters.')
      .nullish()
      .describe('the page answers /{slug}; empty: made from the title (on create) or kept'),
    visibility: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .describe('1 visible, 0 hidden (not found); omitted: a new page is hidden (ADR 049), an edit keeps it'),
    regionIds: z
      .array(
        z
          .number()
          .int()
          .refine((n) => isRegionId(n), 'Regions are 2, 3 or 4.'),
      )
      .max(3)
      .default([2]),
    metadata: SeoDataSchema.default({}),
    modules: z.array(ContentModuleSchema).max(100, 'At most 100 modules.').default([]),
    heroImageType: z
      .union([z.literal(0), z.literal(1)])
      .nullable()
      .default(null),
    heroMedia: MediaRefSchema.nullable().default(null),
    publishAt: Instant.nullish(),
    ...expiryFields,
    redirectOldSlug: z.boolean().default(true),
    rollbackOf: RollbackOf,
    ...optionalSaveGuardFields,
  })
  .superRefine(expiryAfterPublish)
  .describe('Create a custom page, or append a version to it');

export const PageAdminItemSchema = z.object({
  id: z.number(),
  versionId: z.number(),
  title: z.string(),
  slug: z.string(),
  path: z.string(),
  visibility: z.number(),
  regionIds: z.array(z.number()),
  metadata: SeoDataSchema,
  modules: z.array(ContentModuleSchema),
  heroImageType: z.number().nullable(),
  heroMedia: MediaRefSchema.nullable(),
  publishAt: z.string().nullable(),
  unpublishAt: z.string().nullable(),
  unpublishRedirect: z.string().nullable(),
  created: z.string(),
  current: z.boolean(),
});

export const PageAdminFilterSchema = z.object({
  searchText: z.string().trim().max(200).nullish(),
  visibility: z.union([z.literal(0), z.literal(1)]).nullish(),
  region: z.number().int().min(2).max(4).nullish().describe('pages shown in this region'),
  schedule: ScheduleFilterSchema,
  sort: z.enum(['updated', 'title']).default('updated'),
  dir: z.enum(['asc', 'desc']).nullish().describe('default: ascending for title, otherwise descending'),
  start: z.number().int().min(0).max(1_000_000).default(0),
  length: z.number().int().min(1).max(100).default(20),
});

export const PageAdminListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      slug: z.string(),
      path: z.string(),
      title: z.string(),
      visibility: z.number(),
      regionIds: z.array(z.number()),
      updated: z.string(),
      nextPublishAt: z.string().nullable().describe('when a saved version still to come goes live (UTC); null when none'),
      unpublishAt: z.string().nullable().describe('when the page leaves the site (UTC); null when it does not expire'),
    }),
  ),
  total: z.number(),
});

export const ProductSaveSchema = ProductContentSchema.extend({
  id: z
    .number()
    .int()
    .positive('Choose a product.')
    .describe('the product: products are fixed addresses, edited (a version appended), not created here'),
  status: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .describe('1 published, 0 hidden; omit to keep'),
  publishAt: Instant.nullish(),
  rollbackOf: RollbackOf,
  ...optionalSaveGuardFields,
}).describe("Append a version of a product (a rollback saves an old version's content)");

export const ProductAdminItemSchema = ProductContentSchema.extend({
  id: z.number(),
  versionId: z.number(),
  slug: z.string(),
  path: z.string(),
  region: z.number(),
  lineKey: z.string(),
  family: z.string(),
  status: z.number(),
  publishAt: z.string().nullable(),
  created: z.string(),
  current: z.boolean(),
});

export { ProductAdminFilterSchema };

export const ProductAdminListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      slug: z.string(),
      path: z.string(),
      name: z.string(),
      group: z.string(),
      region: z.number(),
      status: z.number().describe('1 published, 0 hidden'),
      updated: z.string().describe('the last save (UTC), a scheduled version too'),
      nextPublishAt: z.string().nullable().describe('when a saved version still to come goes live (UTC); null when none'),
    }),
  ),
  total: z.number(),
});

export const LandingSaveSchema = LandingContentSchema.extend({
  id: z
    .number()
    .int()
    .positive('Choose a page.')
    .describe('the landing page (a home, campaign page, About or list page): edited, not created here'),
  publishAt: Instant.nullish(),
  ...expiryFields,
  rollbackOf: RollbackOf,
  ...optionalSaveGuardFields,
})
  .superRefine(expiryAfterPublish)
  .describe('Append a version of a home, campaign page, About or list page (only a campaign page can expire: ADR 049)');

export const LandingAdminItemSchema = LandingContentSchema.extend({
  id: z.number(),
  versionId: z.number(),
  key: z.string(),
  kind: LandingKindSchema,
  path: z.string(),
  regionIds: z.array(z.number()),
  publishAt: z.string().nullable(),
  unpublishAt: z.string().nullable(),
  unpublishRedirect: z.string().nullable(),
  status: z.number().describe('1 on the site; 0 a campaign page taken off by its expiry (saving it publishes it again)'),
  created: z.string(),
  current: z.boolean(),
});

export const LandingAdminListSchema = z.array(
  z.object({
    id: z.number(),
    key: z.string(),
    kind: LandingKindSchema,
    path: z.string(),
    title: z.string(),
    regionIds: z.array(z.number()),
    updated: z.string(),
    status: z.number().describe('1 on the site; 0 a campaign page taken off by its expiry'),
    nextPublishAt: z.string().nullable(),
    unpublishAt: z.string().nullable(),
  }),
);

export const PreviewLinkSchema = z.object({
  url: z.string().describe('/preview/{token}: the public template with this content, noindex and never cached'),
  expiresAt: z.string().describe('UTC; the link answers Not Found afterwards (30 minutes)'),
});

export type ContentAdminItem = z.infer<typeof ContentAdminItemSchema>;
export type ContentVersionRow = z.infer<typeof ContentVersionSchema>;
export type ContentAdminList = z.infer<typeof ContentAdminListSchema>;
export type ContentAdminFilterBody = z.output<typeof ContentAdminFilterSchema>;
export type PageAdminFilterBody = z.output<typeof PageAdminFilterSchema>;
export type ContentSlug = z.infer<typeof ContentSlugSchema>;
export type PageSaveBody = z.output<typeof PageSaveSchema>;
/** What a new page or version is sent as: the same schema's input (the seed's pages too). */
export type PageSaveRequest = z.input<typeof PageSaveSchema>;
export type PageAdminItem = z.infer<typeof PageAdminItemSchema>;
export type PageAdminList = z.infer<typeof PageAdminListSchema>;
export type ProductSaveBody = z.output<typeof ProductSaveSchema>;
/** What the product editor sends: the same schema's input (publishAt as ISO text, before it is read as a date). */
export type ProductSaveRequest = z.input<typeof ProductSaveSchema>;
export type ProductAdminItem = z.infer<typeof ProductAdminItemSchema>;
export type ProductAdminList = z.infer<typeof ProductAdminListSchema>;
export type LandingSaveBody = z.output<typeof LandingSaveSchema>;
export type LandingAdminItem = z.infer<typeof LandingAdminItemSchema>;
export type LandingAdminList = z.infer<typeof LandingAdminListSchema>;
