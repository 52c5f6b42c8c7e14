import { KNOWLEDGE_BASE_PATH } from '#shared/knowledge.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { createContentService, type ContentServiceOptions } from '../content/content-service.ts';
import type { KnowledgeRepository } from './knowledge-repository.ts';

export function createKnowledgeService(
  repo: KnowledgeRepository,
  opts: { siteUrl: string; events?: ContentEvents } & Pick<ContentServiceOptions, 'redirects' | 'onScheduled' | 'audit'>,
) {
  return createContentService(repo, {
    basePath: KNOWLEDGE_BASE_PATH,
    label: 'Knowledge item',
    siteUrl: opts.siteUrl,
    events: opts.events,
    redirects: opts.redirects,
    onScheduled: opts.onScheduled,
    audit: opts.audit,
    kind: 'knowledge',
  });
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
