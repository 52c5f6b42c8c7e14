import './zod-browser.ts';
import { z } from 'zod';
import { ContentModuleSchema, MediaRefSchema, SeoDataSchema } from './content-types.ts';

/** Stored shapes of the homes, campaign pages and About (landing pages). */

/** Messages the landing-page editor shows (the same schema validates the form and the API). */
export const LANDING_MESSAGES = {
  headlineRequired: 'Headline is required.',
  promiseRequired: 'Promise is required.',
  headingRequired: 'Heading is required.',
  textRequired: 'Text is required.',
  labelRequired: 'Button text is required.',
  target: 'Link to a page on this site (/find-a-rep) or a full address (https://...).',
  figureRequired: 'Figure is required.',
  itemsRequired: 'Add at least one item.',
  imageRequired: 'Choose an image from the document library.',
  altRequired: 'Alt text is required for images: describe what the image shows.',
  productRequired: 'Choose a product.',
  paragraphRequired: 'Paragraphs cannot be empty.',
  titleRequired: 'Title is required.',
} as const;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters.`);

export const CtaSchema = z.object({
  label: required(LANDING_MESSAGES.labelRequired, 60),
  to: required(LANDING_MESSAGES.target, 300).refine((t) => /^\/(?!\/)/.test(t) || /^https?:\/\/[^/\s]+/i.test(t), LANDING_MESSAGES.target),
  style: z.enum(['accent', 'primary', 'ghost']).default('primary'),
});
export type Cta = z.infer<typeof CtaSchema>;

/** A library image with the alt text the page needs (the feature section's and the hero's). */
const ImageRefSchema = MediaRefSchema.extend({
  previewsrc: required(LANDING_MESSAGES.imageRequired, 2000),
}).refine((m) => Boolean((m.alttext ?? m.altText ?? '').trim()), { message: LANDING_MESSAGES.altRequired, path: ['alttext'] });

export const LandingHeroSchema = z.object({
  eyebrow: z.string().trim().max(80, 'Use at most 80 characters.').optional(),
  headline: required(LANDING_MESSAGES.headlineRequired, 120),
  promise: required(LANDING_MESSAGES.promiseRequired, 300),
  media: ImageRefSchema.nullable(),
  ctas: z.array(CtaSchema).max(3, 'At most 3 buttons.'),
});
export type LandingHero = z.infer<typeof LandingHeroSchema>;

const Heading = required(LANDING_MESSAGES.headingRequired, 120);
const Paragraphs = z.array(required(LANDING_MESSAGES.paragraphRequired, 1200)).max(8, 'At most 8 paragraphs.');
const Intro = z.string().trim().max(400, 'Use at most 400 characters.').optional();
/** One to `max` items of a section (figures, steps), each with the fields of `shape`. */
const Items = <T extends z.ZodRawShape>(shape: T, max: number, noun: string) =>
  z.array(z.object(shape)).min(1, LANDING_MESSAGES.itemsRequired).max(max, `At most ${max} ${noun}.`);

export const LandingSectionSchema = z.discriminatedUnion('kind', [
  /** big figures with a short sentence each */
  z.object({
    kind: z.literal('claims'),
    heading: Heading.optional(),
    items: Items(
      { figure: required(LANDING_MESSAGES.figureRequired, 12), text: required(LANDING_MESSAGES.textRequired, 200) },
      4,
      'figures',
    ),
  }),
  /** product cards read from the products table */
  z.object({
    kind: z.literal('products'),
    heading: Heading,
    intro: Intro,
    region: z.union([z.literal(2), z.literal(3)]),
    slugs: z.array(z.string().max(60)).max(20).optional(),
  }),
  /** image beside a few paragraphs */
  z.object({
    kind: z.literal('feature'),
    eyebrow: z.string().trim().max(80, 'Use at most 80 characters.').optional(),
    heading: Heading,
    paragraphs: Paragraphs,
    media: ImageRefSchema,
    reverse: z.boolean().optional(),
    cta: CtaSchema.optional(),
  }),
  /** numbered steps or reasons */
  z.object({
    kind: z.literal('steps'),
    heading: Heading,
    intro: Intro,
    items: Items(
      { headline: required(LANDING_MESSAGES.headlineRequired, 120), text: required(LANDING_MESSAGES.textRequired, 500) },
      8,
      'steps',
    ),
  }),
  /** the guaranteed analysis table of a product */
  z.object({
    kind: z.literal('analysis'),
    heading: Heading,
    intro: Intro,
    productSlug: required(LANDING_MESSAGES.productRequired, 60),
  }),
  /** content modules (testimonial, rich text, ROI list, multi-image) */
  z.object({ kind: z.literal('modules'), heading: Heading.optional(), modules: z.array(ContentModuleSchema).max(20) }),
  /** closing call to action band */
  z.object({
    kind: z.literal('cta'),
    heading: Heading,
    text: required(LANDING_MESSAGES.textRequired, 300),
    ctas: z.array(CtaSchema).min(1, 'Add a button.').max(2, 'At most 2 buttons.'),
  }),
]);
export type LandingSection = z.infer<typeof LandingSectionSchema>;

/** `list`: the words above a list or form page (shared/list-pages.ts), edited like a page. */
export const LandingKindSchema = z.enum(['home', 'campaign', 'about', 'list']);
export type LandingKind = z.infer<typeof LandingKindSchema>;

export const LandingContentSchema = z.object({
  title: required(LANDING_MESSAGES.titleRequired, 120),
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
