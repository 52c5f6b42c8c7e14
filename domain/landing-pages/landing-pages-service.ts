import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import type { ContentModule } from '#shared/content-types.ts';
import { LandingContentSchema, type LandingContent, type LandingPageDto, type LandingSection } from '#shared/landing-content.ts';
import { LIST_PAGES, listPageContent, type ListPageText } from '#shared/list-pages.ts';
import { createRenderCache, sanitizeForStorage } from '../content/sanitize.ts';
import {
  createVersioningService,
  expiryTimes,
  versionTimes,
  versioningHooks,
  type ExpiryRedirects,
} from '../versioning/versioning-service.ts';
import { CONTENT_STATUS } from '#db/schema/versioned.ts';
import { EXPIRY_MESSAGES } from '#shared/validation/expiry.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { memo } from '../content-events/memo.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import type { LandingPagesRepository, LandingRow } from './landing-pages-repository.ts';

/**
 * Homes, campaign pages and About: few, read often, so held in memory (`memo`: filled by one query,
 * emptied by a landing change here or, through the content events, on another instance).
 */
export function createLandingPagesService(
  repo: LandingPagesRepository,
  opts: {
    siteUrl: string;
    events?: ContentEvents;
    onScheduled?: (at: Date) => void;
    audit?: AuditRecorder;
    expiryRedirects?: ExpiryRedirects;
  },
) {
  const renderModules = createRenderCache(opts.siteUrl);

  /** The one sanitizer rule: neutral on write, the link rule on render (per version and section). */
  function storedSections(sections: LandingSection[]): LandingSection[] {
    return sections.map((s) => (s.kind === 'modules' ? { ...s, modules: sanitizeForStorage(s.modules) } : s));
  }
  /** The render pass; `versionId` null: content that is no saved version (a preview), not cached. */
  function renderSections(versionId: number | null, sections: LandingSection[]): LandingSection[] {
    // a version never changes: the cache key is the version and the section's position
    const render = (i: number, modules: ContentModule[]) =>
      versionId === null ? renderModules.uncached(modules) : renderModules(versionId * 1000 + i, modules);
    return sections.map((s, i) => (s.kind === 'modules' ? { ...s, modules: render(i, s.modules) } : s));
  }
  const versioning = createVersioningService(repo.versioning, {
    kind: 'landing',
    label: 'Page',
    ...versioningHooks(opts),
    // landing pages are cached by key
    slugOf: (b) => b.key,
    pathOf: (b) => b.path,
    prepare: (v) => ({ ...v, sections: storedSections((v as { sections?: LandingSection[] }).sections ?? []) }),
  });

  function toDto(row: LandingRow): LandingPageDto {
    return {
      id: row.id,
      key: row.key,
      kind: row.kind,
      path: row.path,
      regionIds: row.regionIds,
      title: row.title,
      hero: row.hero,
      sections: renderSections(row.versionId || null, row.sections),
      seo: row.seo,
      updated: row.versionCreated.toISOString(),
    };
  }

  // a campaign page its expiry took off the site is not served (ADR 049); the other kinds are always on the site
  const shown = (r: LandingRow) => r.kind !== 'campaign' || r.status === CONTENT_STATUS.published;
  const all = memo(async () => new Map((await repo.listCurrent()).filter(shown).map((r) => [r.key, toDto(r)])), {
    events: opts.events,
    kinds: ['landing'],
    max: 1,
  });

  /** A list page's words as its route shows them (the stored page, or the words it starts with). */
  function listPageText(key: string, page: LandingPageDto | undefined): ListPageText {
    const def = LIST_PAGES.find((p) => p.key === key);
    if (!def) throw new NotFoundError('Page not found.');
    const content = page ?? listPageContent(def);
    return {
      key,
      eyebrow: content.hero.eyebrow || null,
      headline: content.hero.headline,
      intro: content.hero.promise,
      seoTitle: content.seo.title || content.title,
      seoDescription: content.seo.desc || content.hero.promise,
      ...(content.seo.ogtitle ? { ogTitle: content.seo.ogtitle } : {}),
      ...(content.seo.ogdesc ? { ogDescription: content.seo.ogdesc } : {}),
      shareImage: content.seo.ogphoto?.previewsrc || null,
    };
  }

  return {
    versioning,
    /** The words of a list page (knowledge center, press list, contact...): from memory, like every landing page. */
    async listPageByKey(key: string): Promise<ListPageText> {
      return listPageText(key, (await all()).get(key));
    },

    /**
     * Adds the list pages a database does not have yet (a new site, or one from before they were
     * editable), with the words they start with. Part of the site's structure, so every start runs it;
     * one query when nothing is missing.
     */
    async ensureListPages(): Promise<number> {
      const added = await repo.insertMissingListPages();
      if (added > 0) all.clear();
      return added;
    },

    /**
     * Adds a landing page: only the first-run seed does (homes, campaigns and About are fixed routes).
     * The content is checked and stored by the same rules as an editor's save.
     */
    async create(base: Parameters<LandingPagesRepository['insert']>[0], input: LandingContent): Promise<number> {
      const { id } = await versioning.create(base, LandingContentSchema.parse(input));
      all.clear();
      return id;
    },

    async getByKey(key: string): Promise<LandingPageDto> {
      const page = (await all()).get(key);
      if (!page) throw new NotFoundError('Page not found.');
      return page;
    },

    async save(key: string, input: LandingContent, authorId: number | null = null): Promise<LandingPageDto> {
      const row = await repo.findByKey(key);
      if (!row) throw new NotFoundError('Page not found.');
      const content = LandingContentSchema.parse(input);
      await versioning.append(row.id, content, { authorId });
      all.clear();
      const page = (await all()).get(key);
      return page!;
    },

    async listVersions(key: string) {
      const row = await repo.findByKey(key);
      if (!row) throw new NotFoundError('Page not found.');
      return versioning.listVersions(row.id);
    },

    // ---- administration (ADR 017): fixed routes, edited (a version appended), never created or deleted here ----

    async adminGet(id: number, versionId?: number) {
      const { base, version: v } = versionId === undefined ? await versioning.latest(id) : await versioning.getVersion(id, versionId);
      return {
        id: base.id,
        versionId: v.id,
        key: base.key,
        kind: base.kind as LandingPageDto['kind'],
        path: base.path,
        regionIds: base.regionIds,
        title: v.title,
        hero: v.hero,
        sections: v.sections,
        seo: v.seo,
        status: base.status,
        ...versionTimes(base, v),
        ...expiryTimes(base),
      };
    },

    async adminSave(
      id: number,
      input: LandingContent,
      authorId: number | null,
      publishAt: Date | null = null,
      rollbackOf: number | null = null,
      guard: SaveGuard | null = null,
      expiry: { unpublishAt?: Date | null; unpublishRedirect?: string | null } = {},
    ) {
      const content = LandingContentSchema.parse(input);
      const { base } = await versioning.latest(id);
      // only a campaign page can expire (ADR 049); saving one publishes it again, as a landing page has no drafts
      const campaign = base.kind === 'campaign';
      if (!campaign && expiry.unpublishAt) throw new DomainError(EXPIRY_MESSAGES.landing, 400, { unpublishAt: [EXPIRY_MESSAGES.landing] });
      const baseChanges = campaign ? { status: CONTENT_STATUS.published, ...expiry } : {};
      const versionId = await versioning.append(id, content, { authorId, publishAt, rollbackOf, guard }, baseChanges);
      all.clear();
      return this.adminGet(id, versionId);
    },

    /** Rollback: the saved version's content saved as a new version (a landing page's key, path and regions are fixed). */
    async adminRollback(id: number, versionId: number, authorId: number | null, guard: SaveGuard | null = null) {
      const { version: v } = await versioning.rollbackSource(id, versionId);
      return this.adminSave(id, { title: v.title, hero: v.hero, sections: v.sections, seo: v.seo }, authorId, null, versionId, guard);
    },

    adminVersions: (id: number) => versioning.listVersions(id),

    // ---- previews (ADR 024) ----

    /** The content passed through the write rule a save applies (rich text of module sections sanitized); nothing is stored. */
    preparePreview(input: LandingContent): LandingContent {
      return versioning.prepare(LandingContentSchema.parse(input)) as LandingContent;
    },

    /** The public DTO for unsaved content, as if published: the page's own key, kind, path and regions. */
    async previewDto(id: number, input: LandingContent, created = new Date()): Promise<LandingPageDto> {
      const { base } = await versioning.latest(id);
      const row: LandingRow = {
        ...input,
        id: base.id,
        key: base.key,
        kind: base.kind as LandingRow['kind'],
        path: base.path,
        regionIds: base.regionIds,
        status: 1,
        versionId: 0,
        versionCreated: created,
        nextPublishAt: null,
        unpublishAt: null,
      };
      // version id 0: no saved version, so the render pass is not cached
      return toDto(row);
    },

    /** Every landing page (homes, campaigns, About) with its current title. */
    async adminList() {
      return (await repo.listCurrent()).map((r) => ({
        id: r.id,
        key: r.key,
        kind: r.kind,
        path: r.path,
        title: r.title,
        regionIds: r.regionIds,
        updated: r.versionCreated.toISOString(),
        status: r.status,
        nextPublishAt: r.nextPublishAt?.toISOString() ?? null,
        unpublishAt: r.unpublishAt?.toISOString() ?? null,
      }));
    },

    async listForSitemap(): Promise<{ path: string; lastmod: string; kind: LandingPageDto['kind'] }[]> {
      // list pages are in the sitemap as the lists they head (seo service)
      return [...(await all()).values()].filter((p) => p.kind !== 'list').map((p) => ({ path: p.path, lastmod: p.updated, kind: p.kind }));
    },

    invalidate() {
      all.clear();
    },
  };
}
export type LandingPagesService = ReturnType<typeof createLandingPagesService>;
