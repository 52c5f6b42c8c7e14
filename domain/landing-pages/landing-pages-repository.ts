import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { landingPages, landingPageVersions } from '#db/schema/landing-pages.ts';
import type { LandingContent, LandingKind } from '#shared/landing-content.ts';
import { LIST_PAGES, listPageContent } from '#shared/list-pages.ts';
import { createVersioningRepository } from '../versioning/versioning-repository.ts';

export interface LandingRow extends LandingContent {
  id: number;
  key: string;
  kind: LandingKind;
  path: string;
  regionIds: number[];
  status: number;
  versionId: number;
  versionCreated: Date;
  nextPublishAt: Date | null;
  unpublishAt: Date | null;
}

const columns = {
  id: landingPages.id,
  key: landingPages.key,
  kind: landingPages.kind,
  path: landingPages.path,
  regionIds: landingPages.regionIds,
  status: landingPages.status,
  nextPublishAt: landingPages.nextPublishAt,
  unpublishAt: landingPages.unpublishAt,
  versionId: landingPageVersions.id,
  versionCreated: landingPageVersions.created,
  title: landingPageVersions.title,
  hero: landingPageVersions.hero,
  sections: landingPageVersions.sections,
  seo: landingPageVersions.seo,
};

export function createLandingPagesRepository(db: DbOrTx) {
  const versioning = createVersioningRepository(db, { base: landingPages, versions: landingPageVersions });
  const current = eq(landingPageVersions.id, landingPages.currentVersionId);
  return {
    versioning,
    /** Every landing page with its current version. One query. */
    async listCurrent(): Promise<LandingRow[]> {
      return db.select(columns).from(landingPages).innerJoin(landingPageVersions, current).orderBy(landingPages.id) as Promise<
        LandingRow[]
      >;
    },
    async findByKey(key: string): Promise<LandingRow | undefined> {
      const [row] = await db.select(columns).from(landingPages).innerJoin(landingPageVersions, current).where(eq(landingPages.key, key));
      return row as LandingRow | undefined;
    },
    /**
     * Adds the list pages (shared/list-pages.ts) this database does not have yet, with their first
     * words; the seed and every start call it. Returns how many it added.
     */
    async insertMissingListPages(): Promise<number> {
      const have = new Set((await db.select({ key: landingPages.key }).from(landingPages)).map((r) => r.key));
      let added = 0;
      for (const def of LIST_PAGES) {
        if (have.has(def.key)) continue;
        try {
          await versioning.create({ key: def.key, kind: 'list', path: def.path, regionIds: def.regionIds }, listPageContent(def), {
            authorId: null,
          });
          added++;
        } catch (err) {
          // another instance added it at the same moment (key and path are unique)
          const [row] = await db.select({ id: landingPages.id }).from(landingPages).where(eq(landingPages.key, def.key));
          if (!row) throw err;
        }
      }
      return added;
    },
    async insert(
      base: { key: string; kind: LandingKind; path: string; regionIds: number[] },
      content: LandingContent,
      authorId: number | null = null,
    ) {
      return (await versioning.create(base, content, { authorId })).id;
    },
  };
}
export type LandingPagesRepository = ReturnType<typeof createLandingPagesRepository>;
