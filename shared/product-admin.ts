import './zod-browser.ts';
import { z } from 'zod';
// type only: versioned-admin.ts builds on this module's filter schema
import type { ProductAdminItem, ProductAdminList, ProductSaveRequest } from './validation/versioned-admin.ts';
import { HeroMediaSchema, jsonField, ModuleListSchema, SeoFormSchema } from './content-admin.ts';
import type { MediaRef, SeoData } from './content-types.ts';
import { AnalysisRowSchema, PRODUCT_LIMITS, ProductContentSchema, ProductGroupSchema, type ProductContent } from './product-content.ts';
import { isProductRegionId } from './regions.ts';

/**
 * The product editor and list (/siteadmin/products): the admin list's filter (the API body, also
 * read from the list's URL) and the editor's form schema. The form schema is built from the pieces of
 * ProductContentSchema, the schema the API validates with, so the browser and the server apply the
 * same rules with the same messages; it only adds what posting a form needs (JSON fields, text
 * numbers, local time) and turns the result into the API body with `productSaveBody`.
 */

// ---------------------------------------------------------------- the list

export const PRODUCT_SORTS = [
  { id: 'name', label: 'Name' },
  { id: 'group', label: 'Group' },
  { id: 'updated', label: 'Updated' },
] as const;
export type ProductSort = 'menu' | (typeof PRODUCT_SORTS)[number]['id'];

export const PRODUCT_STATUS_OPTIONS = [
  { id: 1, name: 'Published' },
  { id: 0, name: 'Hidden' },
] as const;

export const PRODUCT_REGION_OPTIONS = [
  { id: 2, name: 'U.S.', code: 'US' },
  { id: 3, name: 'Canada', code: 'CA' },
] as const;

/** Body of POST /api/admin/products/filter. */
export const ProductAdminFilterSchema = z
  .object({
    searchText: z
      .string()
      .trim()
      .max(200, 'Search text is limited to 200 characters.')
      .nullish()
      .describe('matched against the name and the slug'),
    region: z
      .number()
      .int()
      .refine((n) => isProductRegionId(n), 'Region must be 2 (US) or 3 (Canada).')
      .nullish(),
    group: ProductGroupSchema.nullish(),
    status: z
      .union([z.literal(0), z.literal(1)])
      .nullish()
      .describe('1 published, 0 hidden; omit for both'),
    sort: z.enum(['menu', 'name', 'group', 'updated']).default('menu').describe('menu: region, then menu order; updated: the last save'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    start: z.number().int().min(0).max(1_000_000).default(0),
    length: z.number().int().min(1).max(100).default(100),
  })
  .describe('Products not deleted, with text search, filters, sorting and paging');
export type ProductAdminFilter = z.output<typeof ProductAdminFilterSchema>;

/** A row of the admin list (POST /api/admin/products/filter), as its reply schema says. */
export type ProductAdminListItem = ProductAdminList['items'][number];

// ---------------------------------------------------------------- local time

/** "2026-12-01T09:30" in the browser's zone, as a datetime-local input shows an instant; '' for none. */
export function toLocalDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** The instant a datetime-local value names in this runtime's zone (the browser's, where the form runs); null when it is not one. */
export function instantFromLocal(local: string): Date | null {
  if (!LOCAL_DATE_TIME.test(local)) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d;
}

// ---------------------------------------------------------------- the editor's form

export const PRODUCT_FORM_MESSAGES = {
  heroImageOnly: 'Product pages show an image: choose an image or None.',
  publishAtInvalid: 'Enter a date and time, such as 05/01/2026 09:00 AM.',
  publishAtPast: 'Choose a time in the future, or leave it empty to publish when you save.',
  status: 'Choose Published or Hidden.',
} as const;

/** A text typed into a number box: '' is missing, "56,5" is 56.5; anything else not a number stays NaN (the rule's message). */
function textNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const t = value.trim().replace(',', '.');
  return t === '' ? undefined : Number(t);
}

/** An analysis row as the form posts it: the amount as typed, the unit implied, an empty form left out. */
export const AnalysisFormRowSchema = AnalysisRowSchema.extend({
  amount: z.preprocess(textNumber, AnalysisRowSchema.shape.amount),
  unit: AnalysisRowSchema.shape.unit.default('%'),
  form: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), AnalysisRowSchema.shape.form),
});

/** Each entry once, in the order chosen. */
const unique = <T>(list: T[]) => [...new Set(list)];

/**
 * The product editor (Conform): plain fields by name, the lists and the editor components' values
 * as JSON in hidden inputs (`jsonField`: errors reach rows by path, such as analysis[2].amount).
 */
export const ProductFormSchema = z.object({
  id: z.coerce.number().int().positive('Choose a product.'),
  name: ProductContentSchema.shape.name,
  group: ProductContentSchema.shape.group,
  tagline: ProductContentSchema.shape.tagline,
  summary: ProductContentSchema.shape.summary,
  heroMedia: jsonField(HeroMediaSchema.nullable().refine((h) => h === null || h.kind === 'image', PRODUCT_FORM_MESSAGES.heroImageOnly)),
  benefits: jsonField(ProductContentSchema.shape.benefits),
  analysis: jsonField(z.array(AnalysisFormRowSchema).max(PRODUCT_LIMITS.analysis, `At most ${PRODUCT_LIMITS.analysis} rows.`)),
  documentKeys: jsonField(ProductContentSchema.shape.documentKeys).transform(unique),
  knowledgeSlugs: jsonField(ProductContentSchema.shape.knowledgeSlugs).transform(unique),
  modules: jsonField(ModuleListSchema.max(PRODUCT_LIMITS.modules, `At most ${PRODUCT_LIMITS.modules} modules.`)),
  seo: jsonField(SeoFormSchema),
  status: z.enum(['1', '0'], { error: PRODUCT_FORM_MESSAGES.status }).transform((s): 0 | 1 => (s === '0' ? 0 : 1)),
  /** datetime-local in the editor's zone; empty: live when saved */
  publishAt: z
    .string()
    .optional()
    .transform((local, ctx) => {
      if (!local) return null;
      const at = instantFromLocal(local);
      if (!at) {
        ctx.addIssue({ code: 'custom', message: PRODUCT_FORM_MESSAGES.publishAtInvalid });
        return z.NEVER;
      }
      if (at.getTime() <= Date.now()) {
        ctx.addIssue({ code: 'custom', message: PRODUCT_FORM_MESSAGES.publishAtPast });
        return z.NEVER;
      }
      return at.toISOString();
    }),
});
export type ProductForm = z.output<typeof ProductFormSchema>;

/**
 * The API body from the validated form. `previous` is the version the editor loaded: the hero's
 * intrinsic size (the editor does not show it) is kept while the image stays the same, and so is
 * the SEO og type (metaContent).
 */
export function productSaveBody(value: ProductForm, previous: Pick<ProductContent, 'heroMedia' | 'seo'> | null): ProductSaveRequest {
  const hero = value.heroMedia;
  let heroMedia: MediaRef | null = null;
  if (hero) {
    const kept = previous?.heroMedia && previous.heroMedia.previewsrc === hero.previewsrc ? previous.heroMedia : null;
    heroMedia = {
      previewsrc: hero.previewsrc,
      alttext: hero.alttext,
      ...(kept?.width && kept.height ? { width: kept.width, height: kept.height } : {}),
    };
  }
  const s = value.seo;
  const seo: SeoData = {
    ...(s.title ? { title: s.title } : {}),
    ...(s.desc ? { desc: s.desc } : {}),
    ...(s.ogtitle ? { ogtitle: s.ogtitle } : {}),
    ...(s.ogdesc ? { ogdesc: s.ogdesc } : {}),
    ...(s.ogphoto?.previewsrc ? { ogphoto: { previewsrc: s.ogphoto.previewsrc } } : {}),
    ...(previous?.seo.metaContent ? { metaContent: previous.seo.metaContent } : {}),
  };
  return {
    id: value.id,
    name: value.name,
    group: value.group,
    tagline: value.tagline,
    summary: value.summary,
    heroMedia,
    benefits: value.benefits,
    analysis: value.analysis.map(({ form, ...row }) => (form ? { ...row, form } : row)),
    documentKeys: value.documentKeys,
    knowledgeSlugs: value.knowledgeSlugs,
    modules: value.modules,
    seo,
    status: value.status,
    publishAt: value.publishAt,
  };
}

/** Conform's starting values for the fields it renders itself (the editor components take the rest from the item). */
export function productFormDefaults(item: ProductAdminItem) {
  const scheduled = item.publishAt && new Date(item.publishAt).getTime() > Date.now() ? item.publishAt : null;
  return {
    id: String(item.id),
    name: item.name,
    group: item.group,
    tagline: item.tagline,
    summary: item.summary,
    status: item.status === 0 ? ('0' as const) : ('1' as const),
    publishAt: toLocalDateTime(scheduled),
  };
}
