import { z } from 'zod';
import { saveGuardFields } from './edit-conflict.ts';
import { DOCUMENT_PRODUCTS } from '../product-documents.ts';
import { isRegionId } from '../regions.ts';

/** Document kinds of the library; label and SDS documents linked to a product appear on its page and on /product-labels. */
export const DOCUMENT_KINDS = [
  { id: 'label', name: 'Label' },
  { id: 'sds', name: 'SDS' },
  { id: 'statement', name: 'Statement' },
  { id: 'image', name: 'Image' },
  { id: 'other', name: 'Other' },
] as const;
export type DocumentKindId = (typeof DOCUMENT_KINDS)[number]['id'];
export const DocumentKindSchema = z.enum(['label', 'sds', 'statement', 'image', 'other'], { error: 'Choose a kind.' });

/** The kinds the Product Labels/SDSs screen manages (the regulatory documents); images and other files stay in the library. */
export const LABEL_KINDS = DOCUMENT_KINDS.filter((k) => k.id === 'label' || k.id === 'sds' || k.id === 'statement');
export const isLabelKind = (kind: string) => LABEL_KINDS.some((k) => k.id === kind);

/** Sort orders of the admin document lists; product sorts by product name (documents without one last). */
export const DOCUMENT_SORTS = ['updated', 'title', 'product'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
/** The direction a sort starts in: names A-Z, the last change newest first. */
export const defaultDocumentDir = (sort: DocumentSort): 'asc' | 'desc' => (sort === 'updated' ? 'desc' : 'asc');

/** The product choices of a document, by name (the product keys of shared/product-documents.ts). */
export const DOCUMENT_PRODUCT_OPTIONS = [...DOCUMENT_PRODUCTS]
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  .map((p) => ({ value: p.key, label: p.name }));
export const productName = (key: string | null) => (key ? (DOCUMENT_PRODUCTS.find((p) => p.key === key)?.name ?? key) : null);
const isProductKey = (key: string) => DOCUMENT_PRODUCTS.some((p) => p.key === key);

/** Widths of the resized image variants (WebP), served at /doccenter/{guid}?w={width}. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;

/** srcset for a library image: every variant width; the server answers a width the original is too small for with the original. */
export function documentImageSrcSet(guid: string): string {
  return IMAGE_VARIANT_WIDTHS.map((w) => `/doccenter/${guid}?w=${w} ${w}w`).join(', ');
}

/**
 * `sizes` for library images by where the layout (app/styles) puts them, so the browser fetches the
 * smallest variant that fills the box. The container is at most 1200px wide with 1.5rem padding.
 */
export const IMAGE_SIZES = {
  /** one of the two columns of a hero or feature section (side by side from 900px) */
  halfColumn: '(min-width: 1200px) 600px, (min-width: 900px) 50vw, 100vw',
  /** a knowledge item's figure, at most 1040px wide */
  articleFigure: '(min-width: 1088px) 1040px, 100vw',
  /** a card in a grid of up to three */
  card: '(min-width: 768px) 33vw, 100vw',
  /** half of a content module's two columns */
  moduleColumn: '(min-width: 768px) 50vw, 100vw',
  /** a band across the whole window */
  fullWidth: '100vw',
  /** a rep's round photo in the finder's results */
  avatar: '72px',
} as const;

const LIBRARY_IMAGE = /^\/doccenter\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * srcset and sizes for an <img> whose src may be a document-library image (/doccenter/{guid});
 * nothing for any other src, so it can be spread onto every content image.
 */
export function libraryImageProps(src: string, sizes: string): { srcSet?: string; sizes?: string } {
  const m = LIBRARY_IMAGE.exec(src);
  return m ? { srcSet: documentImageSrcSet(m[1]!.toLowerCase()), sizes } : {};
}

export const DOCUMENT_MESSAGES = {
  titleRequired: 'Title is required.',
  altRequired: 'Alt text is required for images: describe what the image shows.',
  fileRequired: 'Choose a file to upload.',
  notFound: 'Document not found.',
  imageKindNeedsImage: 'The image kind needs a PNG, JPEG or WebP file.',
  productRequired: 'Choose the product this label or SDS belongs to.',
  unknownProduct: 'Unknown product.',
  labelNeedsPdf: 'Labels and SDSs are PDF files: upload a PDF.',
  revisionNotFound: 'Revision not found.',
} as const;

const regionIds = z
  .array(
    z.coerce
      .number()
      .int()
      .refine((n) => isRegionId(n), 'Unknown region.'),
  )
  .min(1, 'Choose at least one region.')
  .max(3);

/** Title, kind, links and alt text: the same on add (with the file beside it) and edit. */
export const DocumentMetaSchema = z
  .object({
    title: z
      .string({ error: DOCUMENT_MESSAGES.titleRequired })
      .trim()
      .min(1, DOCUMENT_MESSAGES.titleRequired)
      .max(200, 'Use at most 200 characters.'),
    kind: DocumentKindSchema,
    productKey: z
      .string()
      .trim()
      .max(60)
      .refine((v) => v === '' || isProductKey(v), DOCUMENT_MESSAGES.unknownProduct)
      .nullish()
      .transform((v) => v || null),
    regionIds,
    altText: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'image' && !v.altText) ctx.addIssue({ code: 'custom', path: ['altText'], message: DOCUMENT_MESSAGES.altRequired });
    // a label or SDS without a product is listed nowhere: not on Product Labels, not on a product page
    if ((v.kind === 'label' || v.kind === 'sds') && !v.productKey)
      ctx.addIssue({ code: 'custom', path: ['productKey'], message: DOCUMENT_MESSAGES.productRequired });
  });
export type DocumentMeta = z.infer<typeof DocumentMetaSchema>;

export const EditDocumentBodySchema = z.object({ id: z.coerce.number().int().positive(), ...saveGuardFields }).and(DocumentMetaSchema);

export const DocumentIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const DocumentGuidParamsSchema = z.object({ guid: z.string().trim().max(64) });
export const DocumentRevisionParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  revisionId: z.coerce.number().int().positive(),
});

export const DocumentFilterBodySchema = z.object({
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).default(''),
  kind: z.union([DocumentKindSchema, z.literal('')]).default(''),
  region: z.coerce.number().int().min(0).max(4).default(0),
  kinds: z.array(DocumentKindSchema).max(5).optional().describe('only these kinds (with kind: both apply)'),
  productKey: z
    .string()
    .trim()
    .max(60)
    .refine((v) => v === '' || isProductKey(v), DOCUMENT_MESSAGES.unknownProduct)
    .optional()
    .describe('the product whose documents to list'),
  sort: z.enum(DOCUMENT_SORTS).optional().describe('updated (default), title, or product (by product name, documents without one last)'),
  dir: z.enum(['asc', 'desc']).optional().describe('default: desc for updated, asc otherwise'),
});
export type DocumentFilter = z.infer<typeof DocumentFilterBodySchema>;

export const DocumentListItemSchema = z.object({
  id: z.number(),
  guid: z.string(),
  title: z.string(),
  kind: z.string(),
  productKey: z.string().nullable(),
  regionIds: z.array(z.number()),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  updated: z.string(),
  version: z.number().describe("moved on by every save of the document's details: send it as baseVersion when saving an edit (ADR 048)"),
});
export type DocumentListItem = z.infer<typeof DocumentListItemSchema>;

/**
 * A place that shows a document. `blocking`: the place links the file itself (its /doccenter address in
 * its content), so deleting would break it; otherwise the place lists the document because of its kind and
 * product (the labels page, a product's label and SDS links), and deleting just takes it off that list.
 */
export const DocumentUsageSchema = z.object({ kind: z.string(), title: z.string(), path: z.string().nullable(), blocking: z.boolean() });
export type DocumentUsage = z.infer<typeof DocumentUsageSchema>;
export const DocumentUsageListSchema = z.array(DocumentUsageSchema);

export const DocumentRevisionSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  created: z.string(),
  current: z.boolean(),
  /** who uploaded it (an administrator's email); null for seeded files and deleted accounts */
  author: z.string().nullable(),
});
export type DocumentRevision = z.infer<typeof DocumentRevisionSchema>;

export const DocumentDetailSchema = DocumentListItemSchema.extend({
  altText: z.string(),
  url: z.string(),
  revisions: z.array(DocumentRevisionSchema),
  usage: z.array(DocumentUsageSchema),
});
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;

export const DocumentPageSchema = z.object({ items: z.array(DocumentListItemSchema), total: z.number() });
