import { pages, pageVersions } from '#db/schema/pages.ts';
import { KIND } from '#shared/kinds/index.ts';
import type { PageAdminFilterBody, PageSaveBody } from '#shared/validation/versioned-admin.ts';
import type { PagesService, PageSaveInput } from '../pages/pages-service.ts';
import { defineDomainKind } from './define.ts';
import { liveMentions } from './usage-repository.ts';

export const pageDomain = defineDomainKind<PagesService, PageSaveBody, PageAdminFilterBody>({
  def: KIND.page,
  base: pages,
  service: (ctx) => ctx.services.pages,
  admin: {
    save: (svc, body, authorId) => svc.adminSave(body, authorId),
    saved: (b) => (b.id ? undefined : 'The page was created.'),
    filter: (svc, f) => svc.adminFilter(f),
    slug: (svc, id) => svc.adminGet(id),
    remove: (svc, id) => svc.adminDelete(id),
  },
  preview: {
    input: (content, id) => ({ ...content, id }),
    prepare: (svc, content) => svc.preparePreview(content as PageSaveInput),
    render: async (svc, _id, content, created) => ({ page: await svc.previewDto(content as PageSaveInput, created) }),
    revive: (payload) => payload,
  },
  usage: {
    order: 2,
    find: (db, pattern) => liveMentions(db, { base: pages, versions: pageVersions, slug: pages.slug }, pattern),
    path: (row) => `/${row.slug}`,
  },
});
