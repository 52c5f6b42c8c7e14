import './zod-browser.ts';
import { z } from 'zod';
import { ContentModuleSchema, MediaRefSchema, SeoDataSchema } from './content-types.ts';

/** Stored shapes of the homes, campaign pages and About (landing pages). */

export const CtaSchema = z.object({
  label: z.string().min(1).max(60),
  to: z.string().min(1).max(300),
  style: z.enum(['accent', 'primary', 'ghost']).default('primary'),
});
export type Cta = z.infer<typeof CtaSchema>;

export const LandingHeroSchema = z.object({
  eyebrow: z.string().max(80).optional(),
  headline: z.string().min(1).max(120),
  promise: z.string().min(1).max(300),
  media: MediaRefSchema.nullable(),
  ctas: z.array(CtaSchema).max(3),
});
export type LandingHero = z.infer<typeof LandingHeroSchema>;

const Heading = z.string().min(1).max(120);
const Paragraphs = z.array(z.string().min(1).max(1200)).max(8);

export const LandingSectionSchema = z.discriminatedUnion('kind', [
  /** big figures with a short sentence each */
  z.object({
    kind: z.literal('claims'),
    heading: Heading.optional(),
    items: z.array(z.object({ figure: z.string().min(1).max(12), text: z.string().min(1).max(200) })).min(1).max(4),
  }),
  /** product cards read from the products table */
  z.object({
    kind: z.literal('products'),
    heading: Heading,
    intro: z.string().max(400).optional(),
    region: z.union([z.literal(2), z.literal(3)]),
    slugs: z.array(z.string().max(60)).max(20).optional(),
  }),
  /** image beside a few paragraphs */
  z.object({
    kind: z.literal('feature'),
    eyebrow: z.string().max(80).optional(),
    heading: Heading,
    paragraphs: Paragraphs,
    media: MediaRefSchema,
    reverse: z.boolean().optional(),
    cta: CtaSchema.optional(),
  }),
  /** numbered steps or reasons */
  z.object({
    kind: z.literal('steps'),
    heading: Heading,
    intro: z.string().max(400).optional(),
    items: z.array(z.object({ headline: z.string().min(1).max(120), text: z.string().min(1).max(500) })).min(1).max(8),
  }),
  /** the guaranteed analysis table of a product */
  z.object({
    kind: z.literal('analysis'),
    heading: Heading,
    intro: z.string().max(400).optional(),
    productSlug: z.string().min(1).max(60),
  }),
  /** content modules (testimonial, rich text, ROI list, multi-image) */
  z.object({ kind: z.literal('modules'), heading: Heading.optional(), modules: z.array(ContentModuleSchema).max(20) }),
  /** closing call to action band */
  z.object({ kind: z.literal('cta'), heading: Heading, text: z.string().min(1).max(300), ctas: z.array(CtaSchema).min(1).max(2) }),
]);
export type LandingSection = z.infer<typeof LandingSectionSchema>;

export const LandingKindSchema = z.enum(['home', 'campaign', 'about']);
export type LandingKind = z.infer<typeof LandingKindSchema>;

export const LandingContentSchema = z.object({
  title: z.string().min(1).max(120),
  hero: LandingHeroSchema,
  sections: z.array(LandingSectionSchema).max(20),
  seo: SeoDataSchema,
});
export type LandingContent = z.infer<typeof LandingContentSchema>;

export interface LandingPageDto extends LandingContent {
  id: number;
  key: string;
  kind: LandingKind;
  path: string;
  regionIds: number[];
  updated: string;
}
