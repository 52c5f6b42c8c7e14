import { and, desc, eq, ilike, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { pages, pageVersions } from '#db/schema/pages.ts';
import { CONTENT_STATUS } from '#db/schema/versioned.ts';
import type { ContentModule, MediaRef, SeoData } from '#shared/content-types.ts';
import { createVersioningRepository } from '../versioning/versioning-repository.ts';

const pageColumns = {
  id: pages.id,
  slug: pages.slug,
  status: pages.status,
  regionIds: pages.regionIds,
  updated: pages.updated,
  versionId: pageVersions.id,
  title: pageVersions.title,
  seo: pageVersions.seo,
  modules: pageVersions.modules,
  heroImageType: pageVersions.heroImageType,
  heroMedia: pageVersions.heroMedia,
  versionCreated: pageVersions.created,
};

export type PageRow = {
  id: number;
  slug: string;
  /** CONTENT_STATUS: 1 published (the spec's visibility 1), 0 hidden, -1 deleted */
  status: number;
  regionIds: number[];
  updated: Date;
  versionId: number;
  title: string;
  seo: SeoData;
  modules: ContentModule[];
  heroImageType: number | null;
  heroMedia: MediaRef | null;
  versionCreated: Date;
};

export function createPagesRepository(db: DbOrTx) {
  const versioning = createVersioningRepository(db, { base: pages, versions: pageVersions });
  return {
    versioning,
    /** The current version of the page with this slug, whatever its status. One query. */
    async findBySlug(slug: string): Promise<PageRow | undefined> {
      const [row] = await db
        .select(pageColumns)
        .from(pages)
        .innerJoin(pageVersions, eq(pageVersions.id, pages.currentVersionId))
        .where(eq(pages.slug, slug));
      return row;
    },
    /** The page holding a slug (any status: a deleted page keeps its slug). */
    async findIdBySlug(slug: string): Promise<number | undefined> {
      const [row] = await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug));
      return row?.id;
    },
    /** The admin list: pages not deleted, with their newest version's title, last updated first. */
    async adminList(q: {
      search?: string | null;
      status?: number | null;
      region?: number | null;
      schedule?: 'scheduled' | 'expires' | null;
      sort?: { by: 'title' | 'updated'; dir: 'asc' | 'desc' };
      start: number;
      length: number;
    }) {
      const sort = q.sort ?? { by: 'updated', dir: 'desc' };
      const column = sort.by === 'title' ? sql`lower(${pageVersions.title})` : sql`${pages.updated}`;
      const newest = sql`(select max(${pageVersions.id}) from ${pageVersions} where ${pageVersions.itemId} = ${pages.id})`;
      const search = q.search?.trim();
      const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const rows = await db
        .select({
          id: pages.id,
          slug: pages.slug,
          status: pages.status,
          regionIds: pages.regionIds,
          title: pageVersions.title,
          updated: pages.updated,
          nextPublishAt: pages.nextPublishAt,
          unpublishAt: pages.unpublishAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(pages)
        .innerJoin(pageVersions, sql`${pageVersions.id} = ${newest}`)
        .where(
          and(
            q.status === null || q.status === undefined ? ne(pages.status, CONTENT_STATUS.deleted) : eq(pages.status, q.status),
            pattern ? or(ilike(pages.slug, pattern), ilike(pageVersions.title, pattern)) : undefined,
            q.region ? sql`${q.region}::smallint = any(${pages.regionIds})` : undefined,
            q.schedule === 'scheduled'
              ? isNotNull(pages.nextPublishAt)
              : q.schedule === 'expires'
                ? isNotNull(pages.unpublishAt)
                : undefined,
          ),
        )
        .orderBy(sort.dir === 'asc' ? sql`${column} asc` : sql`${column} desc`, desc(pages.id))
        .limit(q.length)
        .offset(q.start);
      return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
    },
    async listVisible(): Promise<{ slug: string; updated: Date }[]> {
      return db.select({ slug: pages.slug, updated: pages.updated }).from(pages).where(eq(pages.status, CONTENT_STATUS.published));
    },
  };
}
export type PagesRepository = ReturnType<typeof createPagesRepository>;
