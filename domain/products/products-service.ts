import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { ProductContentSchema, type NavProduct, type ProductContent, type ProductPageDto } from '#shared/product-content.ts';
import { heldFor } from '#shared/held-for.ts';
import { createRenderCache, sanitizeVersionModules } from '../content/sanitize.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { memo } from '../content-events/memo.ts';
import type { DocumentsService } from '../documents/documents-service.ts';
import { NotFoundError } from '../errors.ts';
import { createVersioningService, versionTimes, versioningHooks } from '../versioning/versioning-service.ts';
import { productVersionValues, type ProductRow, type ProductsRepository } from './products-repository.ts';
import { type ProductRegionId, productRegionOf } from '#shared/regions.ts';

export interface ProductsServiceOptions {
  siteUrl: string;
  events?: ContentEvents;
  onScheduled?: (at: Date) => void;
  audit?: AuditRecorder;
}

/**
 * Products are read on every page (mega menu, footer), so the current version of all of them is
 * held in memory (`memo`): one query fills it, and a product or document change (a save here, or on
 * another instance through the content events) empties it. Product pages are held the same way.
 */
export function createProductsService(repo: ProductsRepository, documents: DocumentsService, opts: ProductsServiceOptions) {
  // product pages hold their label and SDS links: a document change drops them too
  const dropOn = { events: opts.events, kinds: ['product', 'document'] as const };
  const current = memo(() => repo.listCurrent(), { ...dropOn, max: 1 });
  const renderModules = createRenderCache(opts.siteUrl);
  const versioning = createVersioningService(repo.versioning, {
    kind: 'product',
    label: 'Product',
    ...versioningHooks(opts),
    slugOf: (b) => b.slug,
    prepare: sanitizeVersionModules,
  });

  function invalidate() {
    current.clear();
    pages.clear();
  }

  function toNav(row: ProductRow): NavProduct {
    return {
      slug: row.slug,
      name: row.name,
      region: productRegionOf(row.regionId),
      group: row.group,
      family: row.family === 'nitrogen' ? 'nitrogen' : 'nutrient',
      tagline: row.tagline,
      lineKey: row.lineKey,
    };
  }

  /** `modules` given: already through the render pass (a preview, which has no version to cache by). */
  async function buildPage(row: ProductRow, rows: ProductRow[], modules?: ProductContent['modules']): Promise<ProductPageDto> {
    const region = productRegionOf(row.regionId);
    const twin = rows.find((r) => r.lineKey === row.lineKey && r.regionId !== row.regionId && r.status === 1);
    return {
      id: row.id,
      slug: row.slug,
      region,
      family: row.family === 'nitrogen' ? 'nitrogen' : 'nutrient',
      lineKey: row.lineKey,
      twinSlug: twin?.slug ?? null,
      updated: row.versionCreated.toISOString(),
      name: row.name,
      group: row.group,
      tagline: row.tagline,
      summary: row.summary,
      heroMedia: row.heroMedia,
      modules: modules ?? renderModules(row.versionId, row.modules),
      benefits: row.benefits,
      analysis: row.analysis,
      documentKeys: row.documentKeys,
      knowledgeSlugs: row.knowledgeSlugs,
      seo: row.seo,
      documents: await documents.linksForProducts(row.documentKeys, region),
    };
  }

  /**
   * Published products of every region, in menu order (mega menu, footer, home cards): the same array
   * for as long as the products held in memory are the same, so what is built from it can be kept
   * with it (the site header and footer, app/lib/fast-render/shell-fragments.tsx). Callers must not change it.
   */
  const navigationOf = heldFor((rows: Awaited<ReturnType<typeof current>>) => rows.filter((r) => r.status === 1).map(toNav));
  async function navigation(): Promise<NavProduct[]> {
    return navigationOf(await current());
  }

  /** A published product page with its label and SDS links; NotFound otherwise (by its slug in lower case). */
  const pages = memo(
    async (key: string): Promise<ProductPageDto> => {
      const rows = await current();
      const row = rows.find((r) => r.slug === key && r.status === 1);
      if (!row) throw new NotFoundError('Product not found.');
      return buildPage(row, rows);
    },
    { ...dropOn, max: 500, key: (key) => key },
  );
  const getPublicBySlug = (slug: string) => pages(slug.toLowerCase());

  return {
    navigation,
    getPublicBySlug,

    async listForRegion(region: ProductRegionId): Promise<NavProduct[]> {
      return (await navigation()).filter((p) => p.region === region);
    },

    versioning,

    /** Saving appends a version (nothing is overwritten) and refreshes the menus at once. */
    async save(
      slug: string,
      input: ProductContent,
      authorId: number | null = null,
      publishAt: Date | null = null,
    ): Promise<ProductPageDto> {
      const row = await repo.findBySlug(slug.toLowerCase());
      if (!row) throw new NotFoundError('Product not found.');
      const content = ProductContentSchema.parse(input);
      invalidate();
      await versioning.append(row.id, productVersionValues(content), { authorId, publishAt });
      invalidate();
      return getPublicBySlug(row.slug);
    },

    async listVersions(slug: string) {
      const row = await repo.findBySlug(slug.toLowerCase());
      if (!row) throw new NotFoundError('Product not found.');
      return versioning.listVersions(row.id);
    },

    /** An older version's content, to load into the editor for a rollback (saving it appends a version). */
    async getVersion(slug: string, versionId: number): Promise<ProductContent> {
      const row = await repo.findBySlug(slug.toLowerCase());
      const version = row ? await repo.findVersion(row.id, versionId) : undefined;
      if (!version) throw new NotFoundError('Version not found.');
      const { name, group, tagline, summary, heroMedia, modules, benefits, analysis, documentKeys, knowledgeSlugs, seo } = version;
      return { name, group, tagline, summary, heroMedia, modules, benefits, analysis, documentKeys, knowledgeSlugs, seo };
    },

    /**
     * Adds a product page: only the first-run seed does (products are fixed routes). The content is
     * checked and stored by the same rules as an editor's save.
     */
    async create(base: Parameters<ProductsRepository['insert']>[0], input: ProductContent): Promise<number> {
      const { id } = await versioning.create(base, productVersionValues(ProductContentSchema.parse(input)));
      invalidate();
      return id;
    },

    // ---- administration (ADR 017): products are fixed routes, so they are edited, never created here ----

    /** The newest version (or the given one) as the editor's content, with the base fields. */
    async adminGet(id: number, versionId?: number) {
      const { base, version: v } = versionId === undefined ? await versioning.latest(id) : await versioning.getVersion(id, versionId);
      const content = contentOfVersion(v);
      return {
        id: base.id,
        versionId: v.id,
        slug: base.slug,
        path: `/${base.slug}`,
        region: base.regionId,
        lineKey: base.lineKey,
        family: base.family,
        status: base.status,
        ...versionTimes(base, v),
        ...content,
      };
    },

    /** Appends a version (a rollback saves an old version's content); status 0 hides the product page. */
    async adminSave(
      id: number,
      input: ProductContent,
      authorId: number | null,
      opts2: { publishAt?: Date | null; status?: 0 | 1; rollbackOf?: number | null; guard?: SaveGuard | null } = {},
    ) {
      const content = ProductContentSchema.parse(input);
      invalidate();
      const versionId = await versioning.append(
        id,
        productVersionValues(content),
        { authorId, publishAt: opts2.publishAt ?? null, rollbackOf: opts2.rollbackOf ?? null, guard: opts2.guard ?? null },
        opts2.status === undefined ? {} : { status: opts2.status },
      );
      invalidate();
      return this.adminGet(id, versionId);
    },

    /** Rollback: the saved version's content and the status it was saved with, saved as a new version (products keep their fixed address). */
    async adminRollback(id: number, versionId: number, authorId: number | null, guard: SaveGuard | null = null) {
      const { fields, version } = await versioning.rollbackSource(id, versionId);
      return this.adminSave(id, contentOfVersion(version), authorId, { status: fields.status === 1 ? 1 : 0, rollbackOf: versionId, guard });
    },

    adminVersions: (id: number) => versioning.listVersions(id),

    // ---- previews (ADR 024) ----

    /** The content passed through the write rule a save applies (as version columns and back); nothing is stored. */
    preparePreview(input: ProductContent): ProductContent {
      return contentOfVersion(versioning.prepare(productVersionValues(ProductContentSchema.parse(input))) as ProductVersionContent);
    },

    /** The product page's DTO for unsaved content, as if published: the product's own base (slug, region, line) and its twin. */
    async previewDto(id: number, input: ProductContent, created = new Date()): Promise<ProductPageDto> {
      const { base } = await versioning.latest(id);
      const row: ProductRow = {
        ...input,
        id: base.id,
        slug: base.slug,
        regionId: base.regionId,
        lineKey: base.lineKey,
        family: base.family,
        sortOrder: base.sortOrder,
        status: 1,
        versionId: 0,
        versionCreated: created,
        updated: created,
        nextPublishAt: null,
      };
      return buildPage(row, await current(), renderModules.uncached(input.modules));
    },

    async adminDelete(id: number) {
      await versioning.remove(id);
      invalidate();
    },

    /**
     * Products not deleted, with their current name: search on name and slug, region, group and
     * status filters, sorted by menu order (region, then the menu), name, group or the last save.
     * Seventeen rows: filtered in memory from the one query that lists them.
     */
    async adminFilter(f: ProductAdminFilterInput) {
      const term = f.searchText?.trim().toLowerCase() ?? '';
      const rows = (await repo.listCurrent()).filter(
        (r) =>
          r.status !== -1 &&
          (!f.region || r.regionId === f.region) &&
          (!f.group || r.group === f.group) &&
          (f.status === undefined || f.status === null || r.status === f.status) &&
          (!term || r.name.toLowerCase().includes(term) || r.slug.includes(term)),
      );
      const sorted = sortProducts(rows, f.sort ?? 'menu', f.dir ?? 'asc');
      const start = f.start ?? 0;
      return {
        items: sorted.slice(start, start + (f.length ?? 100)).map((r) => ({
          id: r.id,
          slug: r.slug,
          path: `/${r.slug}`,
          name: r.name,
          group: r.group,
          region: r.regionId,
          status: r.status,
          updated: r.updated.toISOString(),
          nextPublishAt: r.nextPublishAt?.toISOString() ?? null,
        })),
        total: rows.length,
      };
    },

    async listForSitemap(): Promise<{ path: string; lastmod: string; twinPath: string | null; region: ProductRegionId }[]> {
      const rows = (await current()).filter((r) => r.status === 1);
      return rows.map((r) => {
        const twin = rows.find((t) => t.lineKey === r.lineKey && t.regionId !== r.regionId);
        return {
          path: `/${r.slug}`,
          lastmod: r.versionCreated.toISOString(),
          twinPath: twin ? `/${twin.slug}` : null,
          region: productRegionOf(r.regionId),
        };
      });
    },

    invalidate,
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;

export interface ProductAdminFilterInput {
  searchText?: string | null;
  region?: number | null;
  group?: string | null;
  status?: number | null;
  sort?: 'menu' | 'name' | 'group' | 'updated';
  dir?: 'asc' | 'desc';
  start?: number;
  length?: number;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The admin list's order; ties fall back to menu order, so equal names keep US before Canada. */
function sortProducts(rows: ProductRow[], sort: NonNullable<ProductAdminFilterInput['sort']>, dir: 'asc' | 'desc'): ProductRow[] {
  const menu = (a: ProductRow, b: ProductRow) => a.regionId - b.regionId || a.sortOrder - b.sortOrder || a.id - b.id;
  const key: Record<typeof sort, (a: ProductRow, b: ProductRow) => number> = {
    menu,
    name: (a, b) => byName.compare(a.name, b.name),
    group: (a, b) => byName.compare(a.group, b.group),
    updated: (a, b) => a.updated.getTime() - b.updated.getTime(),
  };
  const sign = dir === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * key[sort](a, b) || menu(a, b));
}

/** The version columns that hold a product's content (productVersionValues in reverse). */
type ProductVersionContent = Omit<ReturnType<typeof productVersionValues>, 'groupName'> & { groupName: string };

/** A stored version as the editor's content (the version's title is the product's name). */
function contentOfVersion(v: ProductVersionContent): ProductContent {
  return {
    name: v.title,
    group: v.groupName as ProductContent['group'],
    tagline: v.tagline,
    summary: v.summary,
    heroMedia: v.heroMedia,
    modules: v.modules,
    benefits: v.benefits,
    analysis: v.analysis,
    documentKeys: v.documentKeys,
    knowledgeSlugs: v.knowledgeSlugs,
    seo: v.seo,
  };
}
