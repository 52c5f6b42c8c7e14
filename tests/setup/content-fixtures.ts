import type { NewContentItem } from '#domain/content/content-repository.ts';

/**
 * A knowledge item for the content repository: an article (type 0) in category 39, not pinned,
 * U.S., at `slug` with `version`; then `over`, whose version (if any) is laid over `version`.
 */
export function knowledgeItem(slug: string, version: NewContentItem['version'], over: Partial<NewContentItem> = {}): NewContentItem {
  return { type: 0, category: 39, pinned: false, slug, regionId: 2, ...over, version: { ...version, ...over.version } };
}
