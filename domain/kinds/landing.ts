import { landingPages, landingPageVersions } from '#db/schema/landing-pages.ts';
import { KIND } from '#shared/kinds/index.ts';
import type { LandingContent } from '#shared/landing-content.ts';
import { expiryBase, type LandingSaveBody } from '#shared/validation/versioned-admin.ts';
import type { LandingPagesService } from '../landing-pages/landing-pages-service.ts';
import { saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { defineDomainKind } from './define.ts';
import { liveMentions } from './usage-repository.ts';

export const landingDomain = defineDomainKind<LandingPagesService, LandingSaveBody, unknown>({
  def: KIND.landing,
  base: landingPages,
  service: (ctx) => ctx.services.landingPages,
  admin: {
    save: (svc, { id, publishAt, rollbackOf, baseVersion, overwrite, unpublishAt, unpublishRedirect, ...content }, authorId) =>
      svc.adminSave(
        id,
        content,
        authorId,
        publishAt ?? null,
        rollbackOf ?? null,
        saveGuardOf({ baseVersion, overwrite }),
        expiryBase({ unpublishAt, unpublishRedirect }),
      ),
    // a fixed, short list: no filter
    filter: (svc) => svc.adminList(),
  },
  preview: {
    input: ({ id: _id, publishAt: _at, baseVersion: _base, overwrite: _over, unpublishAt: _ua, unpublishRedirect: _ur, ...content }) =>
      content,
    prepare: (svc, content) => svc.preparePreview(content as LandingContent),
    render: async (svc, id, content, created) => ({ page: await svc.previewDto(id!, content as LandingContent, created) }),
    // a landing page is always an existing item
    revive: (payload, id) => (id === null ? null : payload),
  },
  usage: {
    order: 3,
    find: (db, pattern) => liveMentions(db, { base: landingPages, versions: landingPageVersions, slug: landingPages.path }, pattern),
    path: (row) => row.slug,
  },
});
