import { PRESS_BASE_PATH } from '#shared/knowledge.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { createContentService, type ContentServiceOptions } from '../content/content-service.ts';
import type { PressReleasesRepository } from './press-releases-repository.ts';

export function createPressReleasesService(
  repo: PressReleasesRepository,
  opts: { siteUrl: string; events?: ContentEvents } & Pick<ContentServiceOptions, 'redirects' | 'onScheduled' | 'audit'>,
) {
  return createContentService(repo, {
    basePath: PRESS_BASE_PATH,
    label: 'Press release',
    siteUrl: opts.siteUrl,
    events: opts.events,
    redirects: opts.redirects,
    onScheduled: opts.onScheduled,
    audit: opts.audit,
    kind: 'press',
  });
}
export type PressReleasesService = ReturnType<typeof createPressReleasesService>;
