import type { ContentModule } from '#shared/content-types.ts';

/** The content modules of the seed copy (spec section 3), each shape written once. */

/** Type 1: a testimonial (rich text, the speaker in a <cite>). */
export const testimonial = (content: string): ContentModule => ({ type: 1, content });

/** Type 2: rich text. */
export const richText = (content: string): ContentModule => ({ type: 2, content });

/** Type 3: an ROI list of [headline, short description] pairs (a line break splits the description). */
export const roiList = (...items: [headline: string, shortDescription: string][]): ContentModule => ({
  type: 3,
  items: items.map(([headline, shortDescription]) => ({ headline, shortDescription })),
});

/** One picture of a multi-image module: an 800 x 600 image under /images/, its alt text, a headline and rich text. */
export const galleryItem = (image: string, alttext: string, headline: string, editorData: string) => ({
  imageItem: { previewsrc: `/images/${image}`, alttext, width: 800, height: 600 },
  headline,
  editorData,
});

/** Type 4: a multi-image module. */
export const gallery = (...items: ReturnType<typeof galleryItem>[]): ContentModule => ({ type: 4, items });
