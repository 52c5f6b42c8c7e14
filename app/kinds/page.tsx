import type { PageDto } from '#shared/dto/pages.ts';
import { CustomPageView, customPageMeta } from '../components/pages/custom-page-view.tsx';
import { defineAppKind, type PreviewData } from './define.ts';

/** A custom page's public template. */
export const pageApp = defineAppKind<PreviewData & { page: PageDto; related: Parameters<typeof CustomPageView>[0]['related'] }>({
  name: 'page',
  template: {
    meta: (d, root) => customPageMeta(d.page, root),
    View: ({ d }) => <CustomPageView page={d.page} related={d.related} />,
  },
});
