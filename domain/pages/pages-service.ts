import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import type { PageDto } from '#shared/dto/pages.ts';
import { expiryBase, type PageAdminItem, type PageSaveBody } from '#shared/validation/versioned-admin.ts';
import { CONTENT_STATUS } from '#db/schema/versioned.ts';
import { createRenderCache, sanitizeVersionModules } from '../content/sanitize.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import {
  createVersioningService,
  expiryTimes,
  versionTimes,
  versioningHooks,
  type ExpiryRedirects,
} from '../versioning/versioning-service.ts';
import type { ContentModule, MediaRef, SeoData } from '#shared/content-types.ts';
import { NotFoundError } from '../errors.ts';
import { createSlugRules, type MoveRedirects } from '../versioning/slug-rules.ts';
import type { VersionListItem } from '../versioning/versioning-repository.ts';
import type { PagesRepository } from './pages-repository.ts';
import { RESERVED_SLUGS } from './reserved-slugs.ts';
import { isRegionId } from '#shared/regions.ts';

/** What the admin editor saves (a new page, or a version of one), as the add route's schema gives it. */
export type PageSaveInput = PageSaveBody;

/** Spec: heroImageType 0 = highlighted, 1 = cropped, otherwise none (the save's values). */
const heroImageTypeOf = (type: number | null): PageSaveInput['heroImageType'] => (type === 0 || type === 1 ? type : null);

export function createPagesService(
  repo: PagesRepository,
  opts: {
    siteUrl: string;
    events?: ContentEvents;
    onScheduled?: (at: Date) => void;
    redirects?: MoveRedirects;
    audit?: AuditRecorder;
    expiryRedirects?: ExpiryRedirects;
  },
) {
  const renderModules = createRenderCache(opts.siteUrl);
  // custom pages are cached by their path: the slug names it
  const versioning = createVersioningService(repo.versioning, {
    kind: 'page',
    label: 'Page',
    ...versioningHooks(opts),
    slugOf: (b) => b.slug,
    pathOf: (b) => `/${b.slug}`,
    prepare: sanitizeVersionModules,
  });
  type Base = {
    id: number;
    slug: string;
    status: number;
    regionIds: number[];
    currentVersionId: number | null;
    unpublishAt: Date | null;
    unpublishRedirect: string | null;
  };
  type Version = {
    id: number;
    title: string;
    seo: SeoData;
    modules: ContentModule[];
    heroImageType: number | null;
    heroMedia: MediaRef | null;
    publishAt: Date | null;
    created: Date;
  };
  function adminItem(b: Base, v: Version): PageAdminItem {
    return {
      id: b.id,
      versionId: v.id,
      title: v.title,
      slug: b.slug,
      path: `/${b.slug}`,
      visibility: b.status === 1 ? 1 : 0,
      regionIds: b.regionIds,
      metadata: v.seo,
      modules: v.modules,
      heroImageType: v.heroImageType,
      heroMedia: v.heroMedia,
      ...versionTimes(b, v),
      ...expiryTimes(b),
    };
  }
  function saveVersion(input: PageSaveInput) {
    return {
      title: input.title,
      seo: input.metadata,
      modules: input.modules,
      heroImageType: input.heroImageType,
      heroMedia: input.heroMedia,
    };
  }
  const slugs = createSlugRules<Base, PageSaveInput>({
    label: 'Page',
    findIdBySlug: (slug) => repo.findIdBySlug(slug),
    pathOf: (slug) => `/${slug}`,
    reserved: RESERVED_SLUGS,
    redirects: opts.redirects,
  });
  const slugFor = slugs.slugFor;
  type PageDtoRow = {
    id: number;
    slug: string;
    status: number;
    regionIds: number[];
    title: string;
    seo: SeoData | null;
    heroImageType: number | null;
    heroMedia: MediaRef | null;
    versionCreated: Date;
  };
  /** The public DTO; `modules` already through the render pass. */
  function pageDto(row: PageDtoRow, modules: ContentModule[]): PageDto {
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      visibility: row.status === 1 ? 1 : 0,
      regionIds: row.regionIds,
      metadata: row.seo ?? {},
      modules,
      heroImageType: row.heroImageType,
      heroMedia: row.heroMedia,
      updated: row.versionCreated.toISOString(),
    };
  }

  return {
    versioning,

    async adminGet(id: number, versionId?: number): Promise<PageAdminItem> {
      const { base, version } = versionId === undefined ? await versioning.latest(id) : await versioning.getVersion(id, versionId);
      return adminItem(base, version);
    },
    adminVersions: (id: number): Promise<VersionListItem[]> => versioning.listVersions(id),
    adminDelete: (id: number) => versioning.remove(id),
    async adminFilter(f: {
      searchText?: string | null;
      visibility?: 0 | 1 | null;
      region?: number | null;
      schedule?: 'scheduled' | 'expires' | null;
      sort?: 'title' | 'updated';
      dir?: 'asc' | 'desc' | null;
      start: number;
      length: number;
    }) {
      const by = f.sort ?? 'updated';
      const { rows, total } = await repo.adminList({
        search: f.searchText,
        status: f.visibility ?? null,
        region: f.region ?? null,
        schedule: f.schedule ?? null,
        sort: { by, dir: f.dir ?? (by === 'title' ? 'asc' : 'desc') },
        start: f.start,
        length: f.length,
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          path: `/${r.slug}`,
          title: r.title,
          visibility: r.status === 1 ? 1 : 0,
          regionIds: r.regionIds,
          updated: r.updated.toISOString(),
          nextPublishAt: r.nextPublishAt?.toISOString() ?? null,
          unpublishAt: r.unpublishAt?.toISOString() ?? null,
        })),
        total,
      };
    },
    /** Create (no id) or append a version; a visible page whose slug changes leaves a 301 unless told not to. */
    async adminSave(input: PageSaveInput, authorId: number | null): Promise<PageAdminItem> {
      const saved = await slugs.save(input, authorId, versioning, (slug) => ({
        base: {
          slug,
          // a new page without a visibility is hidden (ADR 049); an edit without one keeps the page's
          ...(input.visibility !== undefined ? { status: input.visibility } : input.id ? {} : { status: CONTENT_STATUS.draft }),
          regionIds: input.regionIds,
          ...expiryBase(input),
        },
        version: saveVersion(input),
      }));
      return this.adminGet(saved.id, saved.versionId);
    },

    /** Rollback: the saved version's content with the slug, visibility and regions it was saved with, saved as a new version. */
    async adminRollback(id: number, versionId: number, authorId: number | null, guard: SaveGuard | null = null): Promise<PageAdminItem> {
      const { fields, version: v } = await versioning.rollbackSource(id, versionId);
      return this.adminSave(
        {
          id,
          title: v.title,
          slug: fields.slug,
          visibility: fields.status === 1 ? 1 : 0,
          // the regions it was saved with (the save's: 2, 3, 4)
          regionIds: fields.regionIds.filter(isRegionId),
          metadata: v.seo,
          modules: v.modules,
          heroImageType: heroImageTypeOf(v.heroImageType),
          heroMedia: v.heroMedia,
          publishAt: null,
          redirectOldSlug: true,
          rollbackOf: versionId,
          baseVersion: guard?.baseVersion ?? null,
          overwrite: guard?.overwrite ?? false,
        },
        authorId,
      );
    },

    /** Public read: only a page whose visibility is 1 is served; anything else is not found. */
    async getVisibleBySlug(slug: string): Promise<PageDto> {
      const row = await repo.findBySlug(slug.toLowerCase());
      if (!row || row.status !== 1) throw new NotFoundError('Page not found.');
      return pageDto(row, renderModules(row.versionId, row.modules ?? []));
    },

    // ---- previews (ADR 024) ----

    /** The save input with its version passed through the write rule a save applies; nothing is stored. */
    preparePreview(input: PageSaveInput): PageSaveInput {
      const v = versioning.prepare(saveVersion(input));
      return {
        ...input,
        title: v.title,
        metadata: v.seo ?? {},
        modules: v.modules ?? [],
        heroImageType: heroImageTypeOf(v.heroImageType ?? null),
        heroMedia: v.heroMedia ?? null,
      };
    },

    /** The public DTO for unsaved content, as if published and visible (slug kept when empty, as a save does). */
    async previewDto(input: PageSaveInput, created = new Date()): Promise<PageDto> {
      const before = input.id ? (await versioning.latest(input.id)).base : null;
      const row = {
        id: before?.id ?? 0,
        slug: slugFor(input, before),
        status: 1,
        regionIds: input.regionIds,
        title: input.title,
        seo: input.metadata,
        heroImageType: input.heroImageType,
        heroMedia: input.heroMedia,
        versionCreated: created,
      };
      return pageDto(row, renderModules.uncached(input.modules));
    },
    listVisible: () => repo.listVisible(),
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
