import type { DbOrTx } from '#db/client.ts';
import { pressReleases, pressReleaseVersions } from '#db/schema/knowledge.ts';
import { createContentRepository, type ContentTables } from '../content/content-repository.ts';

export function createPressReleasesRepository(db: DbOrTx) {
  return createContentRepository(db, { items: pressReleases, versions: pressReleaseVersions } as unknown as ContentTables);
}
export type PressReleasesRepository = ReturnType<typeof createPressReleasesRepository>;
