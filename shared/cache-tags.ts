/**
 * The names rendered pages are tagged with (ADR 007). A public route declares the tags of what its
 * page shows next to its loader (app/lib/page-reads.ts); a content change names the tags it touches
 * (domain/content-events); the page cache drops the pages that carry one of them. One vocabulary for
 * both sides, so the two can never drift apart.
 */

/** Every stored page carries it: the navigation, footer and notice (settings, products) are on every page. */
export const ALL_PAGES = 'all';

/** The lists and blocks several pages show. */
export const PAGE_TAG = {
  /** label, SDS and statement documents (the labels page, a product's document links) */
  documents: 'documents',
  /** the knowledge-center list and its category lists */
  knowledgeList: 'knowledge-list',
  /** "related resources" cards of the newest knowledge items (item pages, products, custom pages) */
  knowledgeRelated: 'knowledge-related',
  pressList: 'press-list',
  /** pages that show reps or retailers: the finder results, contact-a-rep and the thank-you pages */
  finder: 'finder',
} as const;

/** A page path in the one form tags use: no trailing slash, lower case. */
export function tagPath(path: string): string {
  const p = (path.startsWith('/') ? path : `/${path}`).replace(/\/+$/, '').toLowerCase();
  return p === '' ? '/' : p;
}

/** Every stored page carries its own path: a change to the page at a path (custom pages) names it. */
export const pathTag = (path: string) => `path:${tagPath(path)}`;
export { knowledgeTag, landingTag, pressTag, productTag } from './kinds/tags.ts';
