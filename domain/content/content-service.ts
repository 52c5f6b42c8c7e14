import { CONTENT_STATUS } from '#db/schema/versioned.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import type { ContentModule, MediaRef, SeoData } from '#shared/content-types.ts';
import type { ContentCardDto, ContentItemDto, ContentListDto, HeroMediaDto, SitemapEntry } from '#shared/dto/content.ts';
import { contentItemPath, KNOWLEDGE_BASE_PATH, PRESS_BASE_PATH, regionsVisibleIn, resourceTypeName } from '#shared/knowledge.ts';
import { isProductRegionId, REGION_US } from '#shared/regions.ts';
import type { ContentFilter } from '#shared/validation/content-filter.ts';
import { expiryBase, type ContentAdminItem, type ContentSaveBody } from '#shared/validation/versioned-admin.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { memo } from '../content-events/memo.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import { createSlugRules, type MoveRedirects } from '../versioning/slug-rules.ts';
import type { VersionListItem, VersionMeta } from '../versioning/versioning-repository.ts';
import {
  createVersioningService,
  expiryTimes,
  versionTimes,
  versioningHooks,
  type ExpiryRedirects,
} from '../versioning/versioning-service.ts';
import type {
  AdminListRow,
  AdminSort,
  ContentCardRow,
  ContentItemRow,
  ContentRepository,
  NewContentItem,
  NewContentVersion,
} from './content-repository.ts';
import { createRenderCache, sanitizeForStorage, sanitizeVersionModules } from './sanitize.ts';

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
  /** a published item whose slug changes leaves a redirect behind */
  redirects?: MoveRedirects;
  /** told when a version is scheduled (the publisher wakes up then) */
  onScheduled?: (at: Date) => void;
  /** where an expired item's address redirects (ADR 049) */
  expiryRedirects?: ExpiryRedirects;
  /** the audit log */
  audit?: AuditRecorder;
}

/** What the knowledge and press services are given; each adds its path, label and kind. */
export type ContentKindOptions = Pick<
  ContentServiceOptions,
  'siteUrl' | 'events' | 'redirects' | 'onScheduled' | 'audit' | 'expiryRedirects'
>;

/**
 * What the admin editor saves: the base fields and the new version (spec: baseId, type, pinned, slug,
 * region, with versions), as the add route's schema gives it (no category is null, no publish date is now).
 */
export type ContentSaveInput = ContentSaveBody;

export function heroMediaDto(media: MediaRef | null | undefined): HeroMediaDto | null {
  if (!media?.previewsrc) return null;
  return {
    previewsrc: media.previewsrc,
    altText: media.altText ?? media.alttext ?? '',
    ...(media.width ? { width: media.width } : {}),
    ...(media.height ? { height: media.height } : {}),
  };
}

/** ISO timestamps, newest first. */
const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** Versioned public content (knowledge items, press releases): reads serve the latest published version only. */
export function createContentService(repo: ContentRepository, opts: ContentServiceOptions) {
  // The one sanitizer rule: stored neutral on write, the render pass adds the link rule (cached per version).
  const renderModules = createRenderCache(opts.siteUrl);
  const kind = opts.kind ?? 'knowledge';
  const versioning = createVersioningService(repo.versioning, {
    kind,
    label: opts.label,
    ...versioningHooks(opts),
    slugOf: (b) => b.slug,
    pathOf: (b) => contentItemPath(opts.basePath, b.slug, b.regionId),
    prepare: sanitizeVersionModules,
  });

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

  /** `modules` given: already through the render pass (a preview, which has no version to cache by). */
  function item(row: ContentItemRow, modules?: ContentModule[]): ContentItemDto {
    return {
      ...card(row),
      baseId: row.id,
      versionId: row.versionId,
      created: row.created.toISOString(),
      metadata: { ...row.seo, desc: row.seo.desc ?? '' },
      modules: modules ?? renderModules(row.versionId, row.modules),
    };
  }

  /** The version an admin save appends (and a preview shows). */
  function saveVersion(input: ContentSaveInput) {
    return { title: input.title, seo: input.metadata, heroMedia: input.heroMedia, modules: input.modules, publishDate: input.publishDate };
  }

  /** An empty slug is made from the title (on create) or kept (on edit). */
  const slugs = createSlugRules<{ slug: string; status: number; currentVersionId: number | null; regionId: number }, ContentSaveInput>({
    label: opts.label,
    findIdBySlug: (slug) => repo.findIdBySlug(slug),
    pathOf: (slug, x) => contentItemPath(opts.basePath, slug, 'regionId' in x ? x.regionId : x.region),
    emptyMessage: 'Enter a slug (the title has no letters or digits to make one from).',
    redirects: opts.redirects,
  });
  const slugFor = slugs.slugFor;

  /**
   * Every published card, pinned first then newest, held in memory until this kind changes (here or,
   * through the content events, on another instance): the public lists, their filters and paging and
   * the related-resource blocks read it without a query, and a visitor's search costs one query on the
   * search table (a fresh search is a genuine page-cache miss, rendered at once).
   */
  const dropOn = { events: opts.events, kinds: [kind] };
  const published = memo(
    async () => {
      const cards = (await repo.listPublishedCards()).map(card);
      const byDate = [...cards].sort((a, b) => newestFirst(a.publishDate, b.publishDate) || b.id - a.id);
      return { cards, byDate };
    },
    { ...dropOn, max: 1 },
  );
  /** recent searches' matches (a search paged, or with another filter, asks again), least recently used out first */
  const searchRanks = memo((text: string) => repo.searchRanks(text), { ...dropOn, max: 500, key: (text) => text });
  function publishedCards() {
    const held = published();
    const cards = held.then((h) => h.cards);
    const byDate = held.then((h) => h.byDate);
    // a caller reads one of the two: the other's failure is the same one, already answered (a database
    // away for a moment must not become an unhandled rejection, which ends the process)
    cards.catch(() => undefined);
    byDate.catch(() => undefined);
    return { cards, byDate };
  }

  function changed(change: { id: number | null; oldSlug: string | null; newSlug: string | null }) {
    if (opts.events && opts.kind) opts.events.changed({ kind: opts.kind, ...change });
  }

  function versionValues(v: NewContentVersion) {
    return { title: v.title, seo: v.metadata, heroMedia: v.heroMedia, modules: v.modules, publishDate: v.publishDate };
  }

  function adminItem(
    base: {
      id: number;
      type: number;
      category: number | null;
      pinned: boolean;
      slug: string;
      regionId: number;
      status: number;
      currentVersionId: number | null;
      unpublishAt: Date | null;
      unpublishRedirect: string | null;
    },
    v: {
      id: number;
      title: string;
      seo: SeoData;
      heroMedia: MediaRef | null;
      modules: ContentModule[];
      publishDate: Date;
      publishAt: Date | null;
      created: Date;
    },
  ): ContentAdminItem {
    return {
      id: base.id,
      baseId: base.id,
      versionId: v.id,
      type: base.type,
      category: base.category,
      pinned: base.pinned,
      slug: base.slug,
      region: base.regionId,
      status: base.status,
      path: contentItemPath(opts.basePath, base.slug, base.regionId),
      title: v.title,
      metadata: v.seo,
      heroMedia: v.heroMedia,
      modules: v.modules,
      publishDate: v.publishDate.toISOString(),
      ...versionTimes(base, v),
      ...expiryTimes(base),
    };
  }

  return {
    /** Pinned first, then newest; a search ranks the matches (best first, then newest). From memory, a search in one query. */
    async filter(f: ContentFilter): Promise<ContentListDto> {
      const search = f.searchText?.trim();
      const [cards, ranks] = await Promise.all([publishedCards().cards, search ? searchRanks(search) : null]);
      const regions = regionsVisibleIn(f.region);
      const type = f.type ?? null;
      let matches = cards.filter(
        (c) =>
          (!f.category || c.category === f.category) &&
          (type === null || c.type === type) &&
          (!regions?.length || regions.includes(c.region)) &&
          (!ranks || ranks.has(c.id)),
      );
      if (ranks)
        matches = matches.sort((a, b) => ranks.get(b.id)! - ranks.get(a.id)! || newestFirst(a.publishDate, b.publishDate) || b.id - a.id);
      return { items: matches.slice(f.start, f.start + f.length), total: matches.length, start: f.start, length: f.length };
    },

    /** Related resources: the newest cards, leaving out the item being read. */
    async latest(opts: { excludeId?: number | null; region?: number | null; limit?: number } = {}): Promise<ContentCardDto[]> {
      const regions = regionsVisibleIn(opts.region);
      const limit = opts.limit ?? 3;
      const out: ContentCardDto[] = [];
      for (const c of await publishedCards().byDate) {
        if (out.length >= limit) break;
        if (c.id !== opts.excludeId && (!regions?.length || regions.includes(c.region))) out.push(c);
      }
      return out;
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

    versioning,

    async create(input: NewContentItem, meta: VersionMeta = {}) {
      return versioning.create(
        {
          type: input.type,
          category: input.category,
          pinned: input.pinned,
          slug: input.slug,
          regionId: input.regionId,
          status: input.status ?? 1,
        },
        versionValues(input.version),
        { authorId: input.version.authorId ?? null, ...meta },
      );
    },
    async createMany(list: NewContentItem[]) {
      const ids = await repo.createMany(
        list.map((i) => ({ ...i, version: { ...i.version, modules: sanitizeForStorage(i.version.modules) } })),
      );
      // one event for the lists and related blocks; new items have no cached page of their own yet
      if (ids.length > 0) changed({ id: null, oldSlug: null, newSlug: null });
      return ids;
    },
    async appendVersion(id: number, version: NewContentVersion, meta: VersionMeta = {}) {
      return versioning.append(id, versionValues(version), { authorId: version.authorId ?? null, ...meta });
    },

    // ---- administration (ADR 017): reads of any status, saves that append, pin, delete ----

    /** The newest version (scheduled or not), or the given one: what the editor loads. */
    async adminGet(id: number, versionId?: number): Promise<ContentAdminItem> {
      if (versionId === undefined) {
        const { base, version } = await versioning.latest(id);
        return adminItem(base, version);
      }
      const { base, version } = await versioning.getVersion(id, versionId);
      return adminItem(base, version);
    },

    async adminSlug(id: number): Promise<{ id: number; slug: string; path: string }> {
      const { base } = await versioning.latest(id);
      return { id: base.id, slug: base.slug, path: contentItemPath(opts.basePath, base.slug, base.regionId) };
    },

    adminVersions: (id: number): Promise<VersionListItem[]> => versioning.listVersions(id),

    async adminFilter(f: {
      searchText?: string | null;
      category?: number | null;
      type?: number | null;
      region?: number | null;
      status?: number | null;
      schedule?: 'scheduled' | 'expires' | null;
      sort?: AdminSort['by'];
      dir?: AdminSort['dir'];
      start: number;
      length: number;
    }): Promise<{
      items: (Omit<AdminListRow, 'publishDate' | 'publishAt' | 'updated' | 'regionId' | 'nextPublishAt' | 'unpublishAt'> & {
        region: number;
        path: string;
        publishDate: string;
        publishAt: string | null;
        updated: string;
        nextPublishAt: string | null;
        unpublishAt: string | null;
      })[];
      total: number;
    }> {
      const { rows, total } = await repo.adminList({
        search: f.searchText ?? null,
        categories: f.category ? [f.category] : null,
        type: f.type ?? null,
        regions: f.region ? [f.region] : null,
        status: f.status ?? null,
        schedule: f.schedule ?? null,
        sort: { by: f.sort ?? 'updated', dir: f.dir ?? (f.sort === 'title' ? 'asc' : 'desc') },
        start: f.start,
        length: f.length,
      });
      return {
        items: rows.map(({ regionId, publishDate, publishAt, updated, nextPublishAt, unpublishAt, ...r }) => ({
          ...r,
          region: regionId,
          path: contentItemPath(opts.basePath, r.slug, regionId),
          publishDate: publishDate.toISOString(),
          publishAt: publishAt?.toISOString() ?? null,
          updated: updated.toISOString(),
          nextPublishAt: nextPublishAt?.toISOString() ?? null,
          unpublishAt: unpublishAt?.toISOString() ?? null,
        })),
        total,
      };
    },

    /**
     * Create (no id) or append a version (with an id). Slugs are unique; an empty one is made from
     * the title (on create) or kept (on edit). A published item whose path changes leaves a 301
     * from the old path unless `redirectOldSlug` is false.
     */
    async adminSave(input: ContentSaveInput, authorId: number | null): Promise<ContentAdminItem> {
      const saved = await slugs.save(input, authorId, versioning, (slug) => ({
        base: {
          type: input.type,
          category: input.category,
          pinned: input.pinned,
          slug,
          regionId: input.region,
          // a new item without a status is a draft (ADR 049); an edit without one keeps the item's
          ...(input.status !== undefined ? { status: input.status } : input.id ? {} : { status: CONTENT_STATUS.draft }),
          ...expiryBase(input),
        },
        version: saveVersion(input),
      }));
      return this.adminGet(saved.id, saved.versionId);
    },

    /**
     * Rollback (POST .../rollback/{id}/{versionId}): the saved version's content and the base fields it
     * was saved with (slug, status, region, type, category, pinned) become a new version, through the
     * same rules as a save (slug checks, redirect on move, audit "rolled back", pages dropped).
     */
    async adminRollback(id: number, versionId: number, authorId: number | null, guard: SaveGuard | null = null): Promise<ContentAdminItem> {
      const { fields, version: v } = await versioning.rollbackSource(id, versionId);
      return this.adminSave(
        {
          id,
          type: fields.type,
          category: fields.category,
          pinned: fields.pinned,
          slug: fields.slug,
          // a content item's region is one of the save's (2 or 3): what it was saved with
          region: isProductRegionId(fields.regionId) ? fields.regionId : REGION_US,
          status: fields.status === 1 ? 1 : 0,
          title: v.title,
          metadata: v.seo,
          heroMedia: v.heroMedia,
          modules: v.modules,
          publishDate: v.publishDate,
          publishAt: null,
          redirectOldSlug: true,
          rollbackOf: versionId,
          baseVersion: guard?.baseVersion ?? null,
          overwrite: guard?.overwrite ?? false,
        },
        authorId,
      );
    },

    /** Pin or unpin (spec: POST .../pin with baseId, type, pinned); the type must be the item's. */
    async pin(baseId: number, type: number, pinned: boolean): Promise<void> {
      const { base } = await versioning.latest(baseId);
      if (base.type !== type)
        throw new DomainError(`This ${opts.label.toLowerCase()} is of type ${base.type}, not ${type}.`, 400, {
          type: [`The type is ${base.type}.`],
        });
      await versioning.updateBase(baseId, { pinned });
    },

    /** Soft delete: the item leaves the site and the lists; its versions are kept. */
    adminDelete: (id: number) => versioning.remove(id),

    // ---- previews (ADR 024): unsaved content through the save's write rule and the public mapping ----

    /** The save input with its version passed through the write rule a save applies (rich text sanitized); nothing is stored. */
    preparePreview(input: ContentSaveInput): ContentSaveInput {
      const v = versioning.prepare(saveVersion(input));
      return {
        ...input,
        title: v.title,
        metadata: v.seo ?? {},
        heroMedia: v.heroMedia ?? null,
        modules: v.modules ?? [],
        publishDate: v.publishDate ?? input.publishDate,
      };
    },

    /**
     * The public page's DTO for unsaved content, as if it were published: the item's base (slug kept
     * when empty) when it has an id, the render pass of a published version (not cached: no version id).
     */
    async previewDto(input: ContentSaveInput, created = new Date()): Promise<ContentItemDto> {
      const before = input.id ? (await versioning.latest(input.id)).base : null;
      const row: ContentItemRow = {
        id: before?.id ?? 0,
        slug: slugFor(input, before),
        type: input.type,
        category: input.category,
        pinned: input.pinned,
        regionId: input.region,
        title: input.title,
        desc: input.metadata.desc ?? null,
        heroMedia: input.heroMedia,
        publishDate: input.publishDate,
        status: 1,
        versionId: 0,
        seo: input.metadata,
        modules: input.modules,
        created,
      };
      return item(row, renderModules.uncached(input.modules));
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;

/** The knowledge center: items under its base path. */
export function createKnowledgeService(repo: ContentRepository, opts: ContentKindOptions) {
  return createContentService(repo, { ...opts, basePath: KNOWLEDGE_BASE_PATH, label: 'Knowledge item', kind: 'knowledge' });
}

/** Press releases: the same rules under the press path. */
export function createPressReleasesService(repo: ContentRepository, opts: ContentKindOptions) {
  return createContentService(repo, { ...opts, basePath: PRESS_BASE_PATH, label: 'Press release', kind: 'press' });
}
