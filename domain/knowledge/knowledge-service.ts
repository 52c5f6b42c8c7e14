import { KNOWLEDGE_BASE_PATH } from '#shared/knowledge.ts';
import { createContentService } from '../content/content-service.ts';
import type { KnowledgeRepository } from './knowledge-repository.ts';

export function createKnowledgeService(repo: KnowledgeRepository, opts: { siteUrl: string }) {
  return createContentService(repo, { basePath: KNOWLEDGE_BASE_PATH, label: 'Knowledge item', siteUrl: opts.siteUrl });
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
