/**
 * The page-cache tags of one item of a kind (ADR 007), by kind: a public route tags its page with
 * them and the kind's definition names them for a change. Kept apart from the definitions (which
 * carry schemas) so shared/cache-tags.ts can re-export them without importing the definitions.
 */

/** The homes, campaign pages and About, by their key (home-us, about, clear-choice...). */
export const landingTag = (key: string) => `landing:${key}`;
export const productTag = (slug: string) => `product:${slug.toLowerCase()}`;
export const knowledgeTag = (slug: string) => `knowledge:${slug.toLowerCase()}`;
export const pressTag = (slug: string) => `press:${slug.toLowerCase()}`;
