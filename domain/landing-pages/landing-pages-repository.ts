import { desc, eq, inArray, max } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client.ts';
import { landingPages, landingPageVersions } from '#db/schema/landing-pages.ts';
import type { LandingContent, LandingKind } from '#shared/landing-content.ts';

export interface LandingRow extends LandingContent {
  id: number;
  key: string;
  kind: LandingKind;
  path: string;
  regionIds: number[];
  versionId: number;
  versionCreated: Date;
}

const columns = {
  id: landingPages.id,
  key: landingPages.key,
  kind: landingPages.kind,
  path: landingPages.path,
  regionIds: landingPages.regionIds,
  versionId: landingPageVersions.id,
  versionCreated: landingPageVersions.created,
  title: landingPageVersions.title,
  hero: landingPageVersions.hero,
  sections: landingPageVersions.sections,
  seo: landingPageVersions.seo,
};

export function createLandingPagesRepository(db: DbOrTx) {
  return {
    /** Every landing page with its newest version. One query. */
    async listCurrent(): Promise<LandingRow[]> {
      const latest = db.select({ id: max(landingPageVersions.id) }).from(landingPageVersions).groupBy(landingPageVersions.pageId);
      return db
        .select(columns)
        .from(landingPages)
        .innerJoin(landingPageVersions, eq(landingPageVersions.pageId, landingPages.id))
        .where(inArray(landingPageVersions.id, latest))
        .orderBy(landingPages.id) as Promise<LandingRow[]>;
    },
    async findByKey(key: string): Promise<LandingRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(landingPages)
        .innerJoin(landingPageVersions, eq(landingPageVersions.pageId, landingPages.id))
        .where(eq(landingPages.key, key))
        .orderBy(desc(landingPageVersions.id))
        .limit(1);
      return row as LandingRow | undefined;
    },
    async listVersions(pageId: number): Promise<{ id: number; created: Date; authorId: number | null }[]> {
      return db
        .select({ id: landingPageVersions.id, created: landingPageVersions.created, authorId: landingPageVersions.authorId })
        .from(landingPageVersions)
        .where(eq(landingPageVersions.pageId, pageId))
        .orderBy(desc(landingPageVersions.id));
    },
    async insert(base: { key: string; kind: LandingKind; path: string; regionIds: number[] }, content: LandingContent, authorId: number | null = null) {
      return (db as Db).transaction(async (tx) => {
        const [row] = await tx.insert(landingPages).values(base).returning({ id: landingPages.id });
        await tx.insert(landingPageVersions).values({ pageId: row!.id, authorId, ...content });
        return row!.id;
      });
    },
    async appendVersion(pageId: number, content: LandingContent, authorId: number | null = null) {
      await (db as Db).transaction(async (tx) => {
        await tx.insert(landingPageVersions).values({ pageId, authorId, ...content });
        await tx.update(landingPages).set({ updated: new Date() }).where(eq(landingPages.id, pageId));
      });
    },
  };
}
export type LandingPagesRepository = ReturnType<typeof createLandingPagesRepository>;
