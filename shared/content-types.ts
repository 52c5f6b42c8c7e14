import './zod-browser.ts';
import { z } from 'zod';

/** Stored content shapes, shared by the server (validation, API schemas) and the UI. */

export const MediaRefSchema = z.object({
  previewsrc: z.string().max(2000),
  alttext: z.string().max(500).optional(),
  altText: z.string().max(500).optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type MediaRef = z.infer<typeof MediaRefSchema>;

/** Spec: SEO data: desc, title, ogtitle, ogdesc, ogphoto (previewsrc), metaContent (og type, default website). */
export const SeoDataSchema = z.object({
  title: z.string().max(200).optional(),
  desc: z.string().max(500).optional(),
  ogtitle: z.string().max(200).optional(),
  ogdesc: z.string().max(500).optional(),
  ogphoto: z
    .object({ previewsrc: z.string().max(2000) })
    .nullable()
    .optional(),
  metaContent: z.string().max(50).optional(),
});
export type SeoData = z.infer<typeof SeoDataSchema>;

const RichText = z.string().max(200_000);

/** Content modules by type: 1 testimonial, 2 rich text, 3 ROI list, 4 multi-image (spec section 3). */
export const ContentModuleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(1), content: RichText }),
  z.object({ type: z.literal(2), content: RichText }),
  z.object({
    type: z.literal(3),
    items: z.array(z.object({ headline: z.string().max(300), shortDescription: z.string().max(5000) })).max(50),
  }),
  z.object({
    type: z.literal(4),
    items: z
      .array(
        z.object({
          imageItem: z.object({
            previewsrc: z.string().max(2000),
            alttext: z.string().max(500),
            // intrinsic size, so the page reserves the space and nothing shifts
            width: z.number().int().positive().optional(),
            height: z.number().int().positive().optional(),
          }),
          headline: z.string().max(300),
          editorData: RichText,
        }),
      )
      .max(50),
  }),
]);
export type ContentModule = z.infer<typeof ContentModuleSchema>;
