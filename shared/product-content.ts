import './zod-browser.ts';
import { z } from 'zod';
import { ContentModuleSchema, MediaRefSchema, SeoDataSchema } from './content-types.ts';
import { type ProductRegionId } from './regions.ts';

/** Stored shapes of product content, shared by the server (validation, DTOs) and the pages. */

/**
 * What an editor is told when a product field breaks a rule: the API answers with the same words
 * (one schema for the server and the admin form, see shared/product-admin.ts).
 */
export const PRODUCT_MESSAGES = {
  nameRequired: 'Name is required.',
  groupRequired: 'Choose a group.',
  taglineRequired: 'Tagline is required.',
  summaryRequired: 'Summary is required.',
  benefitTitleRequired: 'Benefit title is required.',
  benefitTextRequired: 'Benefit text is required.',
  analysisProductRequired: 'Product is required.',
  nutrientRequired: 'Nutrient is required.',
  symbolRequired: 'Symbol is required.',
  amountRange: 'Enter a percentage above 0 and at most 100.',
  knowledgeSlugRequired: 'Choose a knowledge-center item.',
} as const;

const atMost = (n: number) => `Use at most ${n} characters.`;
/** A required text: trimmed, not empty, at most `max` characters. */
const requiredText = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, atMost(max));

export const PRODUCT_GROUPS = ['Nutrient Management', 'Nutrient Protection', 'Seed Enhancement'] as const;
export const ProductGroupSchema = z.enum(PRODUCT_GROUPS, { error: PRODUCT_MESSAGES.groupRequired });
export const ProductFamilySchema = z.enum(['nitrogen', 'nutrient']);

export const PRODUCT_LIMITS = { benefits: 12, analysis: 40, documentKeys: 40, knowledgeSlugs: 12, modules: 40 } as const;

export const ProductBenefitSchema = z.object({
  title: requiredText(120, PRODUCT_MESSAGES.benefitTitleRequired),
  text: requiredText(600, PRODUCT_MESSAGES.benefitTextRequired),
});
export type ProductBenefit = z.infer<typeof ProductBenefitSchema>;

/** One row of a guaranteed analysis table: the product it belongs to, the nutrient and its minimum content. */
export const AnalysisRowSchema = z.object({
  product: requiredText(120, PRODUCT_MESSAGES.analysisProductRequired),
  nutrient: requiredText(60, PRODUCT_MESSAGES.nutrientRequired),
  symbol: requiredText(4, PRODUCT_MESSAGES.symbolRequired),
  amount: z.number({ error: PRODUCT_MESSAGES.amountRange }).positive(PRODUCT_MESSAGES.amountRange).max(100, PRODUCT_MESSAGES.amountRange),
  unit: z.literal('%'),
  form: z.string().trim().max(120, atMost(120)).optional(),
});
export type AnalysisRow = z.infer<typeof AnalysisRowSchema>;

/** Everything one save of a product holds (a version). */
export const ProductContentSchema = z.object({
  name: requiredText(80, PRODUCT_MESSAGES.nameRequired),
  group: ProductGroupSchema,
  tagline: requiredText(200, PRODUCT_MESSAGES.taglineRequired),
  summary: requiredText(600, PRODUCT_MESSAGES.summaryRequired),
  heroMedia: MediaRefSchema.nullable(),
  modules: z.array(ContentModuleSchema).max(PRODUCT_LIMITS.modules, `At most ${PRODUCT_LIMITS.modules} modules.`),
  benefits: z.array(ProductBenefitSchema).max(PRODUCT_LIMITS.benefits, `At most ${PRODUCT_LIMITS.benefits} benefits.`),
  analysis: z.array(AnalysisRowSchema).max(PRODUCT_LIMITS.analysis, `At most ${PRODUCT_LIMITS.analysis} rows.`),
  /** keys of DOCUMENT_PRODUCTS whose label and SDS belong on this page */
  documentKeys: z.array(z.string().min(1).max(60)).max(PRODUCT_LIMITS.documentKeys, `At most ${PRODUCT_LIMITS.documentKeys} products.`),
  /** slugs of related knowledge-center items */
  knowledgeSlugs: z
    .array(z.string().min(1, PRODUCT_MESSAGES.knowledgeSlugRequired).max(200))
    .max(PRODUCT_LIMITS.knowledgeSlugs, `At most ${PRODUCT_LIMITS.knowledgeSlugs} related items.`),
  seo: SeoDataSchema,
});
export type ProductContent = z.infer<typeof ProductContentSchema>;

/** What navigation needs: held in memory by the products service. */
export interface NavProduct {
  slug: string;
  name: string;
  region: ProductRegionId;
  group: z.infer<typeof ProductGroupSchema>;
  family: z.infer<typeof ProductFamilySchema>;
  tagline: string;
  lineKey: string;
}

export interface ProductDocumentLink {
  guid: string;
  kind: 'label' | 'sds';
  title: string;
  productKey: string;
  fileName: string;
  size: number;
}

export interface ProductPageDto extends ProductContent {
  id: number;
  slug: string;
  region: ProductRegionId;
  family: z.infer<typeof ProductFamilySchema>;
  lineKey: string;
  /** the same product's page in the other region, for hreflang */
  twinSlug: string | null;
  updated: string;
  documents: ProductDocumentLink[];
}
