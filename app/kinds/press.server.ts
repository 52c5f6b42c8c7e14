import type { ContentItemDto } from '#shared/dto/content.ts';
import type { AppKindPreviewLoader } from './define.ts';

/** A press release's preview: the item as it is. */
export const pressPreview: AppKindPreviewLoader = {
  name: 'press',
  load: async (_context, p) => {
    const item = p.item as ContentItemDto;
    return { kind: 'press', previewOf: item.path, item };
  },
};
