import './zod-browser.ts';
import { z } from 'zod';
import { categoryForType } from './knowledge.ts';
import { LandingContentSchema, LandingHeroSchema } from './landing-content.ts';
import { isRegionId, isProductRegionId } from './regions.ts';
import { EXPIRY_MESSAGES, expiryAfterPublish, isSiteRedirectPath } from './validation/expiry.ts';

/**
 * Payloads of the admin content editors, shared by the editor UI (browser validation,
 * Conform) and the server (request validation). Stored shapes stay in content-types.ts; these are the
 * stricter "what an editor may save" rules with the messages the editors show.
 *
 * Form posting: the module list and hero media travel as JSON in one hidden input each (see
 * `jsonField`); error paths inside them (modules[2].items[0].headline) reach the field that shows them.
 */

// ---------------------------------------------------------------- messages and limits

export const CONTENT_MESSAGES = {
  titleRequired: 'Title is required.',
  slugRequired: 'Slug is required.',
  slugFormat: 'Use lower-case letters, digits and single hyphens (no spaces or slashes).',
  regionsRequired: 'Choose at least one region.',
  altRequired: 'Alt text is required for images: describe what the image shows.',
  imageRequired: 'Choose an image from the document library.',
  mediaRequired: 'Choose an image or a video from the document library.',
  richTextRequired: 'Enter some text.',
  roiItemsRequired: 'Add at least one ROI item.',
  headlineRequired: 'Headline is required.',
  imagesRequired: 'Add at least one image.',
  badJson: 'The editor sent data the server could not read. Reload the page and try again.',
  badLink: 'Links must start with http://, https://, mailto: or / (an address on this site).',
} as const;

/** Search engines show about this many characters; longer titles and descriptions are cut off. */
export const SEO_LIMITS = {
  title: { ideal: 60, max: 200 },
  desc: { idealMin: 120, ideal: 160, max: 500 },
  ogtitle: { ideal: 60, max: 200 },
  ogdesc: { ideal: 200, max: 500 },
} as const;

export const SLUG_MAX = 120;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// ---------------------------------------------------------------- slugs

/** A slug from a title: lower case, accents dropped, "&" as "and", anything else between words as one hyphen. */
export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= SLUG_MAX) return base;
  const cut = base.slice(0, SLUG_MAX);
  const dash = cut.lastIndexOf('-');
  return (dash > SLUG_MAX / 2 ? cut.slice(0, dash) : cut).replace(/-+$/, '');
}

export const SlugSchema = z
  .string({ error: CONTENT_MESSAGES.slugRequired })
  .trim()
  .toLowerCase()
  .min(1, CONTENT_MESSAGES.slugRequired)
  .max(SLUG_MAX, `Use at most ${SLUG_MAX} characters.`)
  .regex(SLUG_PATTERN, CONTENT_MESSAGES.slugFormat);

// ---------------------------------------------------------------- links in rich text

/**
 * Links an editor may add: http(s), mailto and addresses on this site (/path, #anchor, ?query).
 * Protocol-relative (//host) and every other scheme (javascript:, data:...) are refused.
 */
export function isAllowedLinkHref(href: string): boolean {
  const h = href.trim();
  if (!h || /\s/.test(h)) return false;
  if (h.startsWith('//')) return false;
  if (/^[/#?]/.test(h)) return true;
  return /^(https?:\/\/[^/?#]+|mailto:[^@\s]+@[^@\s]+)/i.test(h);
}

// ---------------------------------------------------------------- regions

export const RegionIdsSchema = z
  .array(
    z.coerce
      .number()
      .int()
      .refine((n) => isRegionId(n), 'Unknown region.'),
    { error: CONTENT_MESSAGES.regionsRequired },
  )
  .min(1, CONTENT_MESSAGES.regionsRequired)
  .max(3);

// ---------------------------------------------------------------- media

/** A document-library file chosen in an editor: its public address, and alt text for images. */
export const LibraryImageSchema = z.object({
  previewsrc: z.string({ error: CONTENT_MESSAGES.imageRequired }).trim().min(1, CONTENT_MESSAGES.imageRequired).max(2000),
  alttext: z
    .string({ error: CONTENT_MESSAGES.altRequired })
    .trim()
    .min(1, CONTENT_MESSAGES.altRequired)
    .max(500, 'Use at most 500 characters.'),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type LibraryImage = z.infer<typeof LibraryImageSchema>;

/** Hero media: an image (alt text required) or a video, both from the document library; or none. */
export const HeroMediaSchema = z.discriminatedUnion('kind', [
  LibraryImageSchema.extend({ kind: z.literal('image') }),
  z.object({
    kind: z.literal('video'),
    previewsrc: z.string({ error: CONTENT_MESSAGES.mediaRequired }).trim().min(1, CONTENT_MESSAGES.mediaRequired).max(2000),
    alttext: z.string().trim().max(500).default(''),
  }),
]);
export type HeroMedia = z.infer<typeof HeroMediaSchema>;

// ---------------------------------------------------------------- SEO

export const SeoFormSchema = z.object({
  title: z.string().trim().max(SEO_LIMITS.title.max, `Use at most ${SEO_LIMITS.title.max} characters.`).default(''),
  desc: z.string().trim().max(SEO_LIMITS.desc.max, `Use at most ${SEO_LIMITS.desc.max} characters.`).default(''),
  ogtitle: z.string().trim().max(SEO_LIMITS.ogtitle.max, `Use at most ${SEO_LIMITS.ogtitle.max} characters.`).default(''),
  ogdesc: z.string().trim().max(SEO_LIMITS.ogdesc.max, `Use at most ${SEO_LIMITS.ogdesc.max} characters.`).default(''),
  ogphoto: z
    .object({ previewsrc: z.string().trim().max(2000) })
    .nullable()
    .default(null),
});
export type SeoForm = z.infer<typeof SeoFormSchema>;

// ---------------------------------------------------------------- content modules (spec section 3)

export const MODULE_TYPES = [
  { type: 1, name: 'Testimonial' },
  { type: 2, name: 'Rich text' },
  { type: 3, name: 'ROI list' },
  { type: 4, name: 'Multi-image' },
] as const;
export type ModuleType = (typeof MODULE_TYPES)[number]['type'];

/** Text content of rich text: HTML that has more than tags and spaces in it. */
const RichTextRequired = z
  .string({ error: CONTENT_MESSAGES.richTextRequired })
  .max(200_000, 'The text is too long.')
  .refine(
    (html) =>
      html
        .replace(/<[^>]*>/g, '')
        .replace(/&nbsp;/g, ' ')
        .trim().length > 0,
    CONTENT_MESSAGES.richTextRequired,
  );
const RichTextOptional = z.string().max(200_000, 'The text is too long.').default('');

export const RoiItemSchema = z.object({
  headline: z
    .string({ error: CONTENT_MESSAGES.headlineRequired })
    .trim()
    .min(1, CONTENT_MESSAGES.headlineRequired)
    .max(300, 'Use at most 300 characters.'),
  shortDescription: z.string().max(5000, 'Use at most 5,000 characters.').default(''),
});

export const ImageItemSchema = z.object({
  imageItem: LibraryImageSchema,
  headline: z.string().trim().max(300, 'Use at most 300 characters.').default(''),
  editorData: RichTextOptional,
});

export const ModuleEditSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(1), content: RichTextRequired }),
  z.object({ type: z.literal(2), content: RichTextRequired }),
  z.object({ type: z.literal(3), items: z.array(RoiItemSchema).min(1, CONTENT_MESSAGES.roiItemsRequired).max(50, 'At most 50 items.') }),
  z.object({ type: z.literal(4), items: z.array(ImageItemSchema).min(1, CONTENT_MESSAGES.imagesRequired).max(50, 'At most 50 images.') }),
]);
export type ModuleEdit = z.infer<typeof ModuleEditSchema>;
export const ModuleListSchema = z.array(ModuleEditSchema).max(100, 'At most 100 modules.');

/** An empty module of a type, as the editor adds it. */
export function emptyModule(type: ModuleType): ModuleEdit {
  switch (type) {
    case 1:
    case 2:
      return { type, content: '' };
    case 3:
      return { type, items: [{ headline: '', shortDescription: '' }] };
    case 4:
      return { type, items: [] };
  }
}

// ---------------------------------------------------------------- posting structured values in a form

/**
 * A form field holding JSON (a hidden input written by an editor component): parsed, then validated
 * by `schema`; an unreadable value is one clear error on the field.
 */
export function jsonField<S extends z.ZodType>(schema: S) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: CONTENT_MESSAGES.badJson });
      return z.NEVER;
    }
  }, schema);
}

// ---------------------------------------------------------------- the common editor payload

/**
 * What every versioned-content editor saves (knowledge items, press releases, pages...): kinds add
 * their own fields with `.extend`. `id` absent = create; present = append a version. `createRedirect`
 * asks for a redirect from the old address when a published item's slug changes.
 */
export const ContentEditBaseSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  title: z
    .string({ error: CONTENT_MESSAGES.titleRequired })
    .trim()
    .min(1, CONTENT_MESSAGES.titleRequired)
    .max(300, 'Use at most 300 characters.'),
  slug: SlugSchema,
  createRedirect: z.boolean().default(false),
  regionIds: RegionIdsSchema,
  seo: jsonField(SeoFormSchema),
  heroMedia: jsonField(HeroMediaSchema.nullable()),
  modules: jsonField(ModuleListSchema),
  /** ISO instant the version goes live; absent = at once. */
  publishAt: z.iso.datetime({ offset: true, error: 'Enter a valid date and time.' }).optional(),
  /** ISO instant the item leaves the site (ADR 049); absent = it does not expire. */
  unpublishAt: z.iso.datetime({ offset: true, error: 'Enter a valid date and time.' }).optional(),
  /** The same-site path the item's address redirects to once it expired; absent = Not Found. */
  unpublishRedirect: z.string().trim().max(500, EXPIRY_MESSAGES.redirect).refine(isSiteRedirectPath, EXPIRY_MESSAGES.redirect).optional(),
});
export type ContentEditBase = z.infer<typeof ContentEditBaseSchema>;

/** Unpublish at after Publish at (both ISO text in the editor), the server's rule and words (ADR 049). */
function expiryAfterPublishText(v: { publishAt?: string; unpublishAt?: string }, ctx: z.RefinementCtx): void {
  expiryAfterPublish(
    { publishAt: v.publishAt ? new Date(v.publishAt) : null, unpublishAt: v.unpublishAt ? new Date(v.unpublishAt) : null },
    ctx,
  );
}

// ---------------------------------------------------------------- knowledge items and press releases

export const CONTENT_ITEM_MESSAGES = {
  region: 'Choose the U.S. or Canada.',
  publishDate: 'Enter the date shown on the item.',
} as const;

/** Where a knowledge item or press release lives: the US site or the Canadian one (/can/...). */
export const CONTENT_ITEM_REGIONS = [
  { id: 2, name: 'U.S.' },
  { id: 3, name: 'Canada' },
] as const;

/**
 * The knowledge-center and press-release editor: the common fields with one region (items live
 * on the US or the Canadian site), the kind (knowledge items), published or draft, pinned, and
 * the date the item shows.
 */
export const ContentItemEditSchema = ContentEditBaseSchema.omit({ regionIds: true })
  .extend({
    region: z.number({ error: CONTENT_ITEM_MESSAGES.region }).refine((n) => isProductRegionId(n), CONTENT_ITEM_MESSAGES.region),
    type: z.number().int().min(0).max(2).default(0),
    status: z.union([z.literal(0), z.literal(1)], { error: 'Choose Published or Draft.' }).default(1),
    pinned: z.boolean().default(false),
    publishDate: z.iso.date({ error: CONTENT_ITEM_MESSAGES.publishDate }),
  })
  .superRefine(expiryAfterPublishText);
export type ContentItemEdit = z.infer<typeof ContentItemEditSchema>;

/** What the editor loads: an item as the admin API answers (spec: baseId, type, pinned, slug, region, with versions). */
export interface ContentItemSaved {
  baseId: number;
  type: number;
  category: number | null;
  pinned: boolean;
  slug: string;
  region: number;
  status: number;
  title: string;
  metadata: {
    title?: string;
    desc?: string;
    ogtitle?: string;
    ogdesc?: string;
    ogphoto?: { previewsrc: string } | null;
    metaContent?: string;
  };
  heroMedia: { previewsrc: string; alttext?: string; altText?: string; width?: number; height?: number } | null;
  modules: ModuleEdit[];
  publishDate: string;
}

/** The media reference content stores, from the editor's hero value (images only reach the page). */
export function storedMedia(hero: HeroMedia | null): { previewsrc: string; alttext: string; width?: number; height?: number } | null {
  if (!hero) return null;
  const { previewsrc, alttext } = hero;
  const size = hero.kind === 'image' && hero.width && hero.height ? { width: hero.width, height: hero.height } : {};
  return { previewsrc, alttext, ...size };
}

/** SEO data as stored, from the editor's fields (metaContent, which the editor does not show, is kept). */
export function storedSeo(seo: SeoForm, previous?: { metaContent?: string } | null) {
  return {
    title: seo.title,
    desc: seo.desc,
    ogtitle: seo.ogtitle,
    ogdesc: seo.ogdesc,
    ogphoto: seo.ogphoto?.previewsrc ? seo.ogphoto : null,
    ...(previous?.metaContent ? { metaContent: previous.metaContent } : {}),
  };
}

/**
 * The admin API's save body (POST /api/admin/knowledge-center/add and /press-releases/add) from the
 * editor's parsed value: knowledge items take their category from their kind; press releases have none.
 */
export function contentItemSaveBody(value: ContentItemEdit, kind: 'knowledge' | 'press', previous?: ContentItemSaved | null) {
  const type = (kind === 'press' ? (previous?.type ?? 0) : value.type) as 0 | 1 | 2;
  return {
    ...(value.id ? { id: value.id } : {}),
    type,
    category: kind === 'knowledge' ? categoryForType(type) : null,
    pinned: value.pinned,
    slug: value.slug,
    region: value.region,
    status: value.status,
    title: value.title,
    metadata: storedSeo(value.seo, previous?.metadata),
    heroMedia: storedMedia(value.heroMedia),
    modules: value.modules,
    // noon UTC: the same calendar day wherever in the Americas the date is read
    publishDate: `${value.publishDate}T12:00:00.000Z`,
    publishAt: value.publishAt ?? null,
    // the editor always says: an empty field clears the expiry
    unpublishAt: value.unpublishAt ?? null,
    unpublishRedirect: value.unpublishRedirect ?? null,
    redirectOldSlug: value.createRedirect,
  };
}

// ---------------------------------------------------------------- custom pages

/** Spec: heroImageType 0 = highlighted, 1 = cropped, otherwise none. */
export const HERO_IMAGE_TYPES = [
  { value: '', label: 'No hero image' },
  { value: '0', label: 'Highlighted' },
  { value: '1', label: 'Cropped' },
] as const;

/** The custom-page editor (/{slug}): the common fields with regions, visibility and the hero style. */
export const PageEditSchema = ContentEditBaseSchema.extend({
  visibility: z.union([z.literal(0), z.literal(1)], { error: 'Choose Visible or Hidden.' }).default(1),
  heroImageType: z.union([z.literal(0), z.literal(1)]).optional(),
}).superRefine(expiryAfterPublishText);
export type PageEdit = z.infer<typeof PageEditSchema>;

/** The admin API's save body (POST /api/admin/pages/add) from the editor's parsed value. */
export function pageSaveBody(value: PageEdit, previous?: { metadata?: { metaContent?: string } } | null) {
  const hero = storedMedia(value.heroMedia);
  return {
    ...(value.id ? { id: value.id } : {}),
    title: value.title,
    slug: value.slug,
    visibility: value.visibility,
    regionIds: value.regionIds,
    metadata: storedSeo(value.seo, previous?.metadata),
    modules: value.modules,
    // no hero style means no hero: the image is not kept either
    heroImageType: hero ? (value.heroImageType ?? null) : null,
    heroMedia: value.heroImageType === undefined ? null : hero,
    publishAt: value.publishAt ?? null,
    unpublishAt: value.unpublishAt ?? null,
    unpublishRedirect: value.unpublishRedirect ?? null,
    redirectOldSlug: value.createRedirect,
  };
}

// ---------------------------------------------------------------- homes, campaign pages and About

/** The landing-page editor: the page title, the hero and sections as JSON (the stored schema), SEO and a schedule. */
export const LandingEditSchema = z
  .object({
    title: LandingContentSchema.shape.title,
    hero: jsonField(LandingHeroSchema),
    sections: jsonField(LandingContentSchema.shape.sections),
    seo: jsonField(SeoFormSchema),
    publishAt: z.iso.datetime({ offset: true, error: 'Enter a valid date and time.' }).optional(),
    // a campaign page's expiry (ADR 049); the other landing pages do not show these fields
    unpublishAt: ContentEditBaseSchema.shape.unpublishAt,
    unpublishRedirect: ContentEditBaseSchema.shape.unpublishRedirect,
  })
  .superRefine(expiryAfterPublishText);
export type LandingEdit = z.infer<typeof LandingEditSchema>;

/** The admin API's save body (POST /api/admin/landing-pages/add). */
export function landingSaveBody(id: number, value: LandingEdit, previous?: { seo?: { metaContent?: string }; kind?: string } | null) {
  return {
    id,
    title: value.title,
    hero: value.hero,
    sections: value.sections,
    seo: storedSeo(value.seo, previous?.seo),
    publishAt: value.publishAt ?? null,
    // only a campaign page can expire: its editor always says (ADR 049)
    ...(previous?.kind === 'campaign'
      ? { unpublishAt: value.unpublishAt ?? null, unpublishRedirect: value.unpublishRedirect ?? null }
      : {}),
  };
}
