import { knowledgeItems, knowledgeItemVersions, type pressReleases, type pressReleaseVersions } from '#db/schema/knowledge.ts';
import { KIND, type KindDefinition } from '#shared/kinds/index.ts';
import { contentItemPath, KNOWLEDGE_BASE_PATH } from '#shared/knowledge.ts';
import { REGION_US } from '#shared/regions.ts';
import type { ContentAdminFilterBody, ContentSaveBody } from '#shared/validation/versioned-admin.ts';
import type { ContentSaveInput, ContentService } from '../content/content-service.ts';
import { defineDomainKind, type DomainKind, type KindContext } from './define.ts';
import { liveMentions } from './usage-repository.ts';

/** Knowledge items and press releases share one service shape (domain/content), so one half for both. */
export function contentKind(opts: {
  def: KindDefinition;
  base: typeof knowledgeItems | typeof pressReleases;
  versions: typeof knowledgeItemVersions | typeof pressReleaseVersions;
  basePath: string;
  usageOrder: number;
  service: (ctx: KindContext) => ContentService;
}): DomainKind {
  const { base, versions } = opts;
  return defineDomainKind<ContentService, ContentSaveBody, ContentAdminFilterBody>({
    def: opts.def,
    base,
    service: opts.service,
    admin: {
      save: (svc, b, authorId) => svc.adminSave(b, authorId),
      saved: (b) => (b.id ? undefined : `The ${opts.def.label} was created.`),
      filter: (svc, f) => svc.adminFilter({ ...f, dir: f.dir ?? undefined }),
      slug: (svc, id) => svc.adminSlug(id),
      remove: (svc, id) => svc.adminDelete(id),
      pin: opts.def.features.pin ? (svc, baseId, type, pinned) => svc.pin(baseId, type, pinned) : undefined,
    },
    preview: {
      input: (c, id) => ({ ...c, id }),
      prepare: (svc, content) => svc.preparePreview(content as ContentSaveInput),
      render: async (svc, _id, content, created) => ({ item: await svc.previewDto(content as ContentSaveInput, created) }),
      // only the publish date was a Date
      revive(payload) {
        const publishDate = new Date(payload.publishDate as string);
        if (Number.isNaN(publishDate.getTime())) return null;
        return { ...payload, publishDate };
      },
    },
    usage: {
      order: opts.usageOrder,
      find: (db, pattern) => liveMentions(db, { base, versions, slug: base.slug, regionId: base.regionId }, pattern, true),
      path: (row) => contentItemPath(opts.basePath, row.slug, row.regionId ?? REGION_US),
    },
  });
}

export const knowledgeDomain = contentKind({
  def: KIND.knowledge,
  base: knowledgeItems,
  versions: knowledgeItemVersions,
  basePath: KNOWLEDGE_BASE_PATH,
  usageOrder: 4,
  service: (ctx) => ctx.services.knowledge,
});
