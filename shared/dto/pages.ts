import { z } from 'zod';
import { ContentModuleSchema, MediaRefSchema, SeoDataSchema } from '../content-types.ts';

/** A custom page, as the public API answers it. */
export const PageDtoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  visibility: z.number().int(),
  regionIds: z.array(z.number().int()),
  metadata: SeoDataSchema,
  modules: z.array(ContentModuleSchema),
  heroImageType: z.number().int().nullable(),
  heroMedia: MediaRefSchema.nullable(),
  updated: z.string(),
});

export type PageDto = z.output<typeof PageDtoSchema>;
