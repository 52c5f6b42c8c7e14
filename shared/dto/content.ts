import { z } from 'zod';
import { ContentModuleSchema, SeoDataSchema } from '../content-types.ts';

/** Response DTOs of the knowledge-center, press-release and related-resource APIs. */
export const HeroMediaDtoSchema = z.object({
  previewsrc: z.string(),
  altText: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});

export const ContentCardDtoSchema = z.object({
  id: z.number().int().describe('baseId'),
  slug: z.string(),
  path: z.string().describe('public URL path; Canadian items live under /can'),
  type: z.number().int().describe('0 Article, 1 Research, 2 Podcast'),
  resourceType: z.enum(['Article', 'Research', 'Podcast', 'Unknown']),
  category: z.number().int().nullable(),
  pinned: z.boolean(),
  region: z.number().int(),
  title: z.string(),
  metadata: z.object({ desc: z.string() }),
  heroMedia: HeroMediaDtoSchema.nullable(),
  publishDate: z.string(),
});

export const ContentListDtoSchema = z.object({
  items: z.array(ContentCardDtoSchema),
  total: z.number().int().describe('number of matching items'),
  start: z.number().int(),
  length: z.number().int(),
});

export const ContentItemDtoSchema = ContentCardDtoSchema.extend({
  baseId: z.number().int(),
  versionId: z.number().int(),
  created: z.string().describe('when the current version was saved (UTC)'),
  metadata: SeoDataSchema.extend({ desc: z.string() }),
  modules: z.array(ContentModuleSchema),
});

/** Hero image of a knowledge item or press release, as the cards and pages use it. */
export type HeroMediaDto = z.output<typeof HeroMediaDtoSchema>;
/** Spec "knowledge resource card": slug, heroMedia (previewsrc, altText), resourceType, title, metadata.desc. */
export type ContentCardDto = z.output<typeof ContentCardDtoSchema>;
export type ContentListDto = z.output<typeof ContentListDtoSchema>;
/** The current content of an item: the latest version. */
export type ContentItemDto = z.output<typeof ContentItemDtoSchema>;

export interface SitemapEntry {
  path: string;
  lastmod: string;
}
