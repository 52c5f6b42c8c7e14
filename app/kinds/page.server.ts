import type { PageDto } from '#shared/dto/pages.ts';
import { customPageData } from '../lib/page-data.server.ts';
import type { AppKindPreviewLoader } from './define.ts';

/** A custom page's preview: the page with the related items it shows. */
export const pagePreview: AppKindPreviewLoader = {
  name: 'page',
  load: async (context, p) => {
    const page = p.page as PageDto;
    return { kind: 'page', previewOf: `/${page.slug}`, ...(await customPageData(context, page)) };
  },
};
