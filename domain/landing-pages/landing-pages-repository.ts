import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { landingPages, landingPageVersions } from '#db/schema/landing-pages.ts';
import type { LandingContent, LandingKind } from '#shared/landing-content.ts';
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
}

const columns = {
  id: landingPages.id,
  key: landingPages.key,
  kind: landingPages.kind,
  path: landingPages.path,
  regionIds: landingPages.regionIds,
  status: landingPages.status,
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
