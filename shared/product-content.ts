import './zod-browser.ts';
import { z } from 'zod';
import { ContentModuleSchema, MediaRefSchema, SeoDataSchema } from './content-types.ts';

/** Stored shapes of product content, shared by the server (validation, DTOs) and the pages. */

export const ProductGroupSchema = z.enum(['Nutrient Management', 'Nutrient Protection', 'Seed Enhancement']);
export const ProductFamilySchema = z.enum(['nitrogen', 'nutrient']);

export const ProductBenefitSchema = z.object({
  title: z.string().min(1).max(120),
  text: z.string().min(1).max(600),
});
export type ProductBenefit = z.infer<typeof ProductBenefitSchema>;

/** One row of a guaranteed analysis table: the product it belongs to, the nutrient and its minimum content. */
export const AnalysisRowSchema = z.object({
  product: z.string().min(1).max(120),
  nutrient: z.string().min(1).max(60),
  symbol: z.string().min(1).max(4),
  amount: z.number().positive().max(100),
  unit: z.literal('%'),
  form: z.string().max(120).optional(),
});
export type AnalysisRow = z.infer<typeof AnalysisRowSchema>;

/** Everything one save of a product holds (a version). */
export const ProductContentSchema = z.object({
  name: z.string().min(1).max(80),
  group: ProductGroupSchema,
  tagline: z.string().min(1).max(200),
  summary: z.string().min(1).max(600),
  heroMedia: MediaRefSchema.nullable(),
  modules: z.array(ContentModuleSchema).max(40),
  benefits: z.array(ProductBenefitSchema).max(12),
  analysis: z.array(AnalysisRowSchema).max(40),
  /** keys of DOCUMENT_PRODUCTS whose label and SDS belong on this page */
  documentKeys: z.array(z.string().min(1).max(60)).max(40),
  /** slugs of related knowledge-center items */
  knowledgeSlugs: z.array(z.string().min(1).max(200)).max(12),
  seo: SeoDataSchema,
});
export type ProductContent = z.infer<typeof ProductContentSchema>;

/** What navigation needs: held in memory by the products service. */
export interface NavProduct {
  slug: string;
  name: string;
  region: 2 | 3;
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
  region: 2 | 3;
  family: z.infer<typeof ProductFamilySchema>;
  lineKey: string;
  /** the same product's page in the other region, for hreflang */
  twinSlug: string | null;
  updated: string;
  documents: ProductDocumentLink[];
}
