import type { ContentItemDto } from '#shared/dto/content.ts';
import { PressReleaseView, pressReleaseMeta } from '../components/pages/press-release-view.tsx';
import { defineAppKind, type PreviewData } from './define.ts';

/** A press release's public template, as the preview page shows it (no Edit Page link). */
export const pressApp = defineAppKind<PreviewData & { item: ContentItemDto }>({
  name: 'press',
  template: {
    meta: (d, root) => pressReleaseMeta(d.item, root),
    View: ({ d }) => <PressReleaseView item={d.item} editPath={null} />,
  },
});
