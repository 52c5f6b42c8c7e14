import { LandingContentSchema, type LandingContent, type LandingPageDto, type LandingSection } from '#shared/landing-content.ts';
import { sanitizeModules } from '../content/sanitize.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { NotFoundError } from '../errors.ts';
import type { LandingPagesRepository, LandingRow } from './landing-pages-repository.ts';

/** Homes, campaign pages and About: few, read often, so held in memory (filled by one query, emptied on save). */
export function createLandingPagesService(repo: LandingPagesRepository, opts: { siteUrl: string; ttlMs?: number; events?: ContentEvents }) {
  const ttlMs = opts.ttlMs ?? 60_000;
  let cache: { pages: Promise<Map<string, LandingPageDto>>; at: number } | null = null;

  function sanitizeSections(sections: LandingSection[]): LandingSection[] {
    return sections.map((s) => (s.kind === 'modules' ? { ...s, modules: sanitizeModules(s.modules, { siteUrl: opts.siteUrl }) } : s));
  }

  function toDto(row: LandingRow): LandingPageDto {
    return {
      id: row.id,
      key: row.key,
      kind: row.kind,
      path: row.path,
      regionIds: row.regionIds,
      title: row.title,
      hero: row.hero,
      sections: sanitizeSections(row.sections),
      seo: row.seo,
      updated: row.versionCreated.toISOString(),
    };
  }

  function all(): Promise<Map<string, LandingPageDto>> {
    if (cache && Date.now() - cache.at < ttlMs) return cache.pages;
    const pages = repo.listCurrent().then((rows) => new Map(rows.map((r) => [r.key, toDto(r)])));
    cache = { pages, at: Date.now() };
    pages.catch(() => {
      cache = null;
    });
    return pages;
  }

  return {
    async getByKey(key: string): Promise<LandingPageDto> {
      const page = (await all()).get(key);
      if (!page) throw new NotFoundError('Page not found.');
      return page;
    },

    async save(key: string, input: LandingContent, authorId: number | null = null): Promise<LandingPageDto> {
      const row = await repo.findByKey(key);
      if (!row) throw new NotFoundError('Page not found.');
      const content = LandingContentSchema.parse(input);
      await repo.appendVersion(row.id, { ...content, sections: sanitizeSections(content.sections) }, authorId);
      cache = null;
      opts.events?.changed({ kind: 'landing', id: key });
      const page = (await all()).get(key);
      return page!;
    },

    async listVersions(key: string) {
      const row = await repo.findByKey(key);
      if (!row) throw new NotFoundError('Page not found.');
      return repo.listVersions(row.id);
    },

    async listForSitemap(): Promise<{ path: string; lastmod: string; kind: LandingPageDto['kind'] }[]> {
      return [...(await all()).values()].map((p) => ({ path: p.path, lastmod: p.updated, kind: p.kind }));
    },

    invalidate() {
      cache = null;
    },
  };
}
export type LandingPagesService = ReturnType<typeof createLandingPagesService>;
