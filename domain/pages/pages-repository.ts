import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { pages, pageVersions } from '#db/schema/pages.ts';

const pageColumns = {
  id: pages.id,
  slug: pages.slug,
  visibility: pages.visibility,
  regionIds: pages.regionIds,
  updated: pages.updated,
  versionId: pageVersions.id,
  title: pageVersions.title,
  metadata: pageVersions.metadata,
  modules: pageVersions.modules,
  heroImageType: pageVersions.heroImageType,
  heroMedia: pageVersions.heroMedia,
  versionCreated: pageVersions.created,
};

export type PageRow = {
  id: number;
  slug: string;
  visibility: number;
  regionIds: number[];
  updated: Date;
  versionId: number;
  title: string;
  metadata: import('#shared/content-types.ts').SeoData;
  modules: import('#shared/content-types.ts').ContentModule[];
  heroImageType: number | null;
  heroMedia: import('#shared/content-types.ts').MediaRef | null;
  versionCreated: Date;
};

export function createPagesRepository(db: DbOrTx) {
  return {
    /** The latest version of the page with this slug, whatever its visibility. One query. */
    async findBySlug(slug: string): Promise<PageRow | undefined> {
      const [row] = await db
        .select(pageColumns)
        .from(pages)
        .innerJoin(pageVersions, eq(pageVersions.pageId, pages.id))
        .where(eq(pages.slug, slug))
        .orderBy(desc(pageVersions.id))
        .limit(1);
      return row;
    },
    async listVisible(): Promise<{ slug: string; updated: Date }[]> {
      return db.select({ slug: pages.slug, updated: pages.updated }).from(pages).where(and(eq(pages.visibility, 1)));
    },
  };
}
export type PagesRepository = ReturnType<typeof createPagesRepository>;
