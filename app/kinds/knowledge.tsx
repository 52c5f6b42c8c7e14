import type { ContentItemDto } from '#shared/dto/content.ts';
import { KnowledgeItemView, knowledgeItemMeta } from '../components/pages/knowledge-item-view.tsx';
import { defineAppKind, type PreviewData } from './define.ts';

type Related = Parameters<typeof KnowledgeItemView>[0]['related'];

/** A knowledge item's public template, as the preview page shows it (no Edit Page link). */
export const knowledgeApp = defineAppKind<PreviewData & { item: ContentItemDto; related: Related }>({
  name: 'knowledge',
  template: {
    meta: (d, root) => knowledgeItemMeta(d.item, root),
    View: ({ d }) => <KnowledgeItemView item={d.item} related={d.related} editPath={null} />,
  },
});
