import '../zod-browser.ts';
import { z } from 'zod';
import { KNOWLEDGE_CATEGORY_IDS } from '../knowledge.ts';
import { isRegionId } from '../regions.ts';

/** Body of POST /api/knowledge-center/filter and POST /api/press-releases/filter. */
export const ContentFilterSchema = z
  .object({
    category: z
      .number()
      .int()
      .refine((n) => KNOWLEDGE_CATEGORY_IDS.includes(n), 'Category must be 38, 39 or 40.')
      .nullish()
      .describe('38 podcasts, 39 articles, 40 research and reports; omit or null for all'),
    type: z
      .number()
      .int()
      .refine((n) => n >= 0 && n <= 2, 'Type must be 0, 1 or 2.')
      .nullish()
      .describe('0 Article, 1 Research, 2 Podcast; omit or null for all'),
    region: z
      .number()
      .int()
      .refine((n) => isRegionId(n), 'Region must be 2, 3 or 4.')
      .nullish()
      .describe("the visitor's region: 2 US, 3 Canada (their own items), 4 International (all); omit for all"),
    searchText: z
      .string()
      .trim()
      .max(200, 'Search text is limited to 200 characters.')
      .nullish()
      .describe('full-text search of title, summary and body text (web-search syntax: quotes, or, -word), ranked'),
    start: z.number().int().min(0).max(1_000_000).default(0).describe('offset of the first item'),
    length: z.number().int().min(1).max(100).default(12).describe('number of items, at most 100'),
  })
  .describe('Filter: pinned items first, then newest by publish date');
export type ContentFilterInput = z.input<typeof ContentFilterSchema>;
export type ContentFilter = z.output<typeof ContentFilterSchema>;
