import type { ContentModule } from '#shared/content-types.ts';
import type { PageDto } from '#shared/dto/pages.ts';
import { sanitizeModules } from '../content/sanitize.ts';
import { NotFoundError } from '../errors.ts';
import type { PagesRepository } from './pages-repository.ts';

export function createPagesService(repo: PagesRepository, opts: { siteUrl: string }) {
  // Rich text is sanitized once per version (versions never change), not on every render.
  const sanitized = new Map<number, ContentModule[]>();
  function renderModules(versionId: number, modules: ContentModule[]): ContentModule[] {
    const hit = sanitized.get(versionId);
    if (hit) return hit;
    const clean = sanitizeModules(modules, { siteUrl: opts.siteUrl });
    if (sanitized.size >= 500) sanitized.delete(sanitized.keys().next().value!);
    sanitized.set(versionId, clean);
    return clean;
  }
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
