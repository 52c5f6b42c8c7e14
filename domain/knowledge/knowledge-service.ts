import { KNOWLEDGE_BASE_PATH } from '#shared/knowledge.ts';
import { createContentService, type ContentKindOptions } from '../content/content-service.ts';
import type { KnowledgeRepository } from './knowledge-repository.ts';

export function createKnowledgeService(repo: KnowledgeRepository, opts: ContentKindOptions) {
  return createContentService(repo, { ...opts, basePath: KNOWLEDGE_BASE_PATH, label: 'Knowledge item', kind: 'knowledge' });
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
