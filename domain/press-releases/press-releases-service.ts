import { PRESS_BASE_PATH } from '#shared/knowledge.ts';
import { createContentService, type ContentKindOptions } from '../content/content-service.ts';
import type { PressReleasesRepository } from './press-releases-repository.ts';

export function createPressReleasesService(repo: PressReleasesRepository, opts: ContentKindOptions) {
  return createContentService(repo, { ...opts, basePath: PRESS_BASE_PATH, label: 'Press release', kind: 'press' });
}
export type PressReleasesService = ReturnType<typeof createPressReleasesService>;
