import type { DbOrTx } from '#db/client.ts';
import { pressReleaseSearch, pressReleases, pressReleaseVersions } from '#db/schema/knowledge.ts';
import { createContentRepository, type ContentTables } from '../content/content-repository.ts';

export function createPressReleasesRepository(db: DbOrTx) {
  return createContentRepository(db, {
    items: pressReleases,
    versions: pressReleaseVersions,
    search: pressReleaseSearch,
  } as unknown as ContentTables);
}
export type PressReleasesRepository = ReturnType<typeof createPressReleasesRepository>;
