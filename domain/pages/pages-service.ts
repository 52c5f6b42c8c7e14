import type { PageDto } from '#shared/dto/pages.ts';
import { createRenderCache, sanitizeForStorage } from '../content/sanitize.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { createVersioningService } from '../versioning/versioning-service.ts';
import type { ContentModule } from '#shared/content-types.ts';
import { NotFoundError } from '../errors.ts';
import type { PagesRepository } from './pages-repository.ts';

export function createPagesService(repo: PagesRepository, opts: { siteUrl: string; events?: ContentEvents; onScheduled?: (at: Date) => void }) {
  const renderModules = createRenderCache(opts.siteUrl);
  // custom pages are cached by their path: the slug names it
  const versioning = createVersioningService(repo.versioning, {
    kind: 'page',
    label: 'Page',
    events: opts.events,
    slugOf: (b) => b.slug,
    prepare: (v) => ({ ...v, modules: sanitizeForStorage((v as { modules?: ContentModule[] }).modules ?? []) }),
    onScheduled: opts.onScheduled,
  });
  return {
    versioning,
    /** Public read: only a page whose visibility is 1 is served; anything else is not found. */
    async getVisibleBySlug(slug: string): Promise<PageDto> {
      const row = await repo.findBySlug(slug.toLowerCase());
      if (!row || row.status !== 1) throw new NotFoundError('Page not found.');
      return {
        id: row.id,
        title: row.title,
        slug: row.slug,
        visibility: row.status === 1 ? 1 : 0,
        regionIds: row.regionIds,
        metadata: row.seo ?? {},
        modules: renderModules(row.versionId, row.modules ?? []),
        heroImageType: row.heroImageType,
        heroMedia: row.heroMedia,
        updated: row.versionCreated.toISOString(),
      };
    },
    listVisible: () => repo.listVisible(),
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
