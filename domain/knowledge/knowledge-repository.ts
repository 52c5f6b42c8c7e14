import type { DbOrTx } from '#db/client.ts';
import { knowledgeItems, knowledgeItemSearch, knowledgeItemVersions } from '#db/schema/knowledge.ts';
import { createContentRepository } from '../content/content-repository.ts';

export function createKnowledgeRepository(db: DbOrTx) {
  return createContentRepository(db, { items: knowledgeItems, versions: knowledgeItemVersions, search: knowledgeItemSearch });
}
export type KnowledgeRepository = ReturnType<typeof createKnowledgeRepository>;
