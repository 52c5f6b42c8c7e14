import type { ContentItemDto } from '#shared/dto/content.ts';
import { knowledgeItemData } from '../lib/page-data.server.ts';
import type { AppKindPreviewLoader } from './define.ts';

/** A knowledge item's preview: the item with the related items its page shows. */
export const knowledgePreview: AppKindPreviewLoader = {
  name: 'knowledge',
  load: async (context, p) => {
    const item = p.item as ContentItemDto;
    return { kind: 'knowledge', previewOf: item.path, ...(await knowledgeItemData(context, item)) };
  },
};
