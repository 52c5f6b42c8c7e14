import type { PageDto } from '#shared/dto/pages.ts';
import { sanitizeModules } from '../content/sanitize.ts';
import { NotFoundError } from '../errors.ts';
import type { PagesRepository } from './pages-repository.ts';

export function createPagesService(repo: PagesRepository, opts: { siteUrl: string }) {
  return {
    /** Public read: only a page whose visibility is 1 is served; anything else is not found. */
    async getVisibleBySlug(slug: string): Promise<PageDto> {
      const row = await repo.findBySlug(slug.toLowerCase());
      if (!row || row.visibility !== 1) throw new NotFoundError('Page not found.');
      return {
        id: row.id,
        title: row.title,
        slug: row.slug,
        visibility: row.visibility,
        regionIds: row.regionIds,
        metadata: row.metadata ?? {},
        modules: sanitizeModules(row.modules ?? [], { siteUrl: opts.siteUrl }),
        heroImageType: row.heroImageType,
        heroMedia: row.heroMedia,
        updated: row.versionCreated.toISOString(),
      };
    },
    listVisible: () => repo.listVisible(),
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
