import type { ContentModule, MediaRef } from '#shared/content-types.ts';
import type { ContentCardDto, ContentItemDto, ContentListDto, HeroMediaDto, SitemapEntry } from '#shared/dto/content.ts';
import { contentItemPath, regionsVisibleIn, resourceTypeName } from '#shared/knowledge.ts';
import type { ContentFilter } from '#shared/validation/content-filter.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { NotFoundError } from '../errors.ts';
import type { ContentCardRow, ContentItemRow, ContentRepository, NewContentItem, NewContentVersion } from './content-repository.ts';
import { sanitizeModules } from './sanitize.ts';

export interface ContentServiceOptions {
  /** '/knowledge-center' or '/press-releases' */
  basePath: string;
  /** used in messages: 'Knowledge item', 'Press release' */
  label: string;
  /** the company's own site, for the external-link rule */
  siteUrl: string;
  /** told about every write, so cached pages that show the item are dropped */
  events?: ContentEvents;
  kind?: 'knowledge' | 'press';
}

export function heroMediaDto(media: MediaRef | null | undefined): HeroMediaDto | null {
  if (!media?.previewsrc) return null;
  return {
    previewsrc: media.previewsrc,
    altText: media.altText ?? media.alttext ?? '',
    ...(media.width ? { width: media.width } : {}),
    ...(media.height ? { height: media.height } : {}),
  };
}

/** Versioned public content (knowledge items, press releases): reads serve the latest published version only. */
export function createContentService(repo: ContentRepository, opts: ContentServiceOptions) {
  // Rendered rich text is sanitized per version; versions never change, so the result is kept.
  const sanitized = new Map<number, ContentModule[]>();
  function renderModules(versionId: number, modules: ContentModule[]): ContentModule[] {
    const hit = sanitized.get(versionId);
    if (hit) return hit;
    const clean = sanitizeModules(modules, { siteUrl: opts.siteUrl });
    if (sanitized.size >= 500) sanitized.delete(sanitized.keys().next().value!);
    sanitized.set(versionId, clean);
    return clean;
  }

  function card(row: ContentCardRow): ContentCardDto {
    return {
      id: row.id,
      slug: row.slug,
      path: contentItemPath(opts.basePath, row.slug, row.regionId),
      type: row.type,
      resourceType: resourceTypeName(row.type),
      category: row.category,
      pinned: row.pinned,
      region: row.regionId,
      title: row.title,
      metadata: { desc: row.desc ?? '' },
      heroMedia: heroMediaDto(row.heroMedia),
      publishDate: row.publishDate.toISOString(),
    };
  }

  function item(row: ContentItemRow): ContentItemDto {
    return {
      ...card(row),
      baseId: row.id,
      versionId: row.versionId,
      created: row.created.toISOString(),
      metadata: { ...row.metadata, desc: row.metadata.desc ?? '' },
      modules: renderModules(row.versionId, row.modules),
    };
  }

  function changed(change: { id: number | null; oldSlug: string | null; newSlug: string | null }) {
    if (opts.events && opts.kind) opts.events.changed({ kind: opts.kind, ...change });
  }

  function writeVersion(v: NewContentVersion): NewContentVersion {
    // stored in a neutral form (no site-specific link targets); the render pass adds them
    return { ...v, modules: sanitizeModules(v.modules, { siteUrl: null }) };
  }

  return {
    /** Pinned first, then newest; one database query. */
    async filter(f: ContentFilter): Promise<ContentListDto> {
      const { rows, total } = await repo.list({
        categories: f.category ? [f.category] : null,
        type: f.type ?? null,
        regions: regionsVisibleIn(f.region),
        search: f.searchText ?? null,
        order: 'pinned',
        start: f.start,
        length: f.length,
      });
      return { items: rows.map(card), total, start: f.start, length: f.length };
    },

    /** Related resources: the newest cards, leaving out the item being read. */
    async latest(opts: { excludeId?: number | null; region?: number | null; limit?: number } = {}): Promise<ContentCardDto[]> {
      const { rows } = await repo.list({
        excludeId: opts.excludeId ?? null,
        regions: regionsVisibleIn(opts.region),
        order: 'latest',
        count: false,
        start: 0,
        length: opts.limit ?? 3,
      });
      return rows.map(card);
    },

    async getPublishedById(id: number): Promise<ContentItemDto> {
      const row = await repo.findPublishedById(id);
      if (!row) throw new NotFoundError(`${opts.label} not found.`);
      return item(row);
    },

    async getPublishedBySlug(slug: string): Promise<ContentItemDto> {
      const row = await repo.findPublishedBySlug(slug.toLowerCase());
      if (!row) throw new NotFoundError(`${opts.label} not found.`);
      return item(row);
    },

    /** Published cards for the given slugs, in the order given (unknown or hidden slugs are skipped). */
    async cardsBySlugs(slugs: string[]): Promise<ContentCardDto[]> {
      const rows = await repo.listPublishedBySlugs(slugs);
      const bySlug = new Map(rows.map((r) => [r.slug, r]));
      return slugs.flatMap((s) => {
        const r = bySlug.get(s);
        return r ? [card(r)] : [];
      });
    },

    /** Every published item's URL, lastmod from its latest version. */
    async listForSitemap(): Promise<SitemapEntry[]> {
      const rows = await repo.listPublishedForSitemap();
      return rows.map((r) => ({ path: contentItemPath(opts.basePath, r.slug, r.regionId), lastmod: r.lastmod.toISOString() }));
    },

    async create(input: NewContentItem) {
      const created = await repo.create({ ...input, version: writeVersion(input.version) });
      changed({ id: created.id, oldSlug: null, newSlug: input.slug });
      return created;
    },
    async createMany(list: NewContentItem[]) {
      const ids = await repo.createMany(list.map((i) => ({ ...i, version: writeVersion(i.version) })));
      // one event for the lists and related blocks; new items have no cached page of their own yet
      if (ids.length > 0) changed({ id: null, oldSlug: null, newSlug: null });
      return ids;
    },
    async appendVersion(id: number, version: NewContentVersion) {
      const versionId = await repo.appendVersion(id, writeVersion(version));
      const slug = (await repo.findSlugById(id)) ?? null;
      changed({ id, oldSlug: slug, newSlug: slug });
      return versionId;
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
