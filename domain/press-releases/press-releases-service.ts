import { PRESS_BASE_PATH } from '#shared/knowledge.ts';
import { createContentService } from '../content/content-service.ts';
import type { PressReleasesRepository } from './press-releases-repository.ts';

export function createPressReleasesService(repo: PressReleasesRepository, opts: { siteUrl: string }) {
  return createContentService(repo, { basePath: PRESS_BASE_PATH, label: 'Press release', siteUrl: opts.siteUrl });
}
export type PressReleasesService = ReturnType<typeof createPressReleasesService>;
