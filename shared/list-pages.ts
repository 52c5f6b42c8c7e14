import { KNOWLEDGE_CATEGORIES } from './knowledge.ts';
import type { LandingContent } from './landing-content.ts';

/**
 * The list and form pages whose words an editor changes in the admin: the knowledge
 * center and its categories, the press list, labels, find a rep, the finder results, contact, the
 * product selector and the thank-you pages. Each is a landing page of kind 'list' (versioned like
 * every page, edited under Pages): its hero (eyebrow, headline, intro) and its SEO fields, share
 * image included. The page's own content (cards, forms, results) stays the route's.
 *
 * These are part of the site's structure, not sample content: a start adds any that are missing
 * (landing pages service, ensureListPages), with the words below.
 */
export interface ListPageDefinition {
  key: string;
  /** the address the page answers at (the admin's View Page link) */
  path: string;
  regionIds: number[];
  eyebrow?: string;
  headline: string;
  intro: string;
  seoTitle: string;
  seoDescription: string;
}

const KNOWLEDGE_INTRO =
  'Articles, research and podcasts on nitrogen management, micronutrients and crop nutrition, from our agronomists and research partners.';
const CATEGORY_INTRO: Record<number, string> = {
  38: 'Conversations with agronomists and growers about the decisions that shape a season.',
  39: 'Practical guides on protecting nitrogen, feeding micronutrients and getting crops off to a strong start.',
  40: 'Field trial summaries and research reports, with the data behind our recommendations.',
};
const PRESS_INTRO = 'Company news and announcements from Northfield Agronomics in the U.S. and Canada.';
const FINDER_INTRO =
  'Local agronomists and retailers who know your soils, your crops and our products. Tell us who you are and where you farm, and we will point you to the people nearest you.';
const CONTACT_INTRO =
  'Questions about a product, an agronomy challenge or becoming a retail partner? Tell us a little about yourself and we will connect you with the right person on our team.';
const ALL_REGIONS = [2, 3, 4];

export const LIST_PAGES: readonly ListPageDefinition[] = [
  {
    key: 'knowledge-center',
    path: '/knowledge-center',
    regionIds: ALL_REGIONS,
    eyebrow: 'Resources',
    headline: 'Knowledge Center',
    intro: KNOWLEDGE_INTRO,
    seoTitle: 'Knowledge Center',
    seoDescription: KNOWLEDGE_INTRO,
  },
  ...KNOWLEDGE_CATEGORIES.map((c) => ({
    key: knowledgeCategoryKey(c.id),
    path: `/knowledge-center/category/${c.id}`,
    regionIds: ALL_REGIONS,
    eyebrow: 'Knowledge Center',
    headline: c.name,
    intro: CATEGORY_INTRO[c.id] ?? '',
    seoTitle: `${c.name} | Knowledge Center`,
    seoDescription: `${CATEGORY_INTRO[c.id] ?? ''} ${c.name} from the Knowledge Center.`.trim(),
  })),
  {
    key: 'press-releases',
    path: '/press-releases',
    regionIds: ALL_REGIONS,
    eyebrow: 'Newsroom',
    headline: 'Press Releases',
    intro: PRESS_INTRO,
    seoTitle: 'Press Releases',
    seoDescription: PRESS_INTRO,
  },
  {
    key: 'product-labels',
    path: '/product-labels',
    regionIds: ALL_REGIONS,
    headline: 'Product labels and safety data sheets',
    intro:
      'The current label and SDS for every product we sell in the U.S. and Canada. Always read and follow the label on the product container.',
    seoTitle: 'Product Labels and Safety Data Sheets',
    seoDescription: 'Download the current product label and safety data sheet (SDS) for every product, for the U.S. and Canada.',
  },
  {
    key: 'find-a-rep',
    path: '/find-a-rep',
    regionIds: [2, 4],
    headline: 'Find a Rep or Retailer',
    intro: FINDER_INTRO,
    seoTitle: 'Find a Rep or Retailer',
    seoDescription: 'Find a retailer near your farm or the sales representative for your territory in the U.S.',
  },
  {
    key: 'find-a-rep-ca',
    path: '/find-a-rep-ca',
    regionIds: [3],
    headline: 'Find a Rep or Retailer',
    intro: FINDER_INTRO,
    seoTitle: 'Find a Rep or Retailer in Canada',
    seoDescription: 'Find a retailer near your farm or the sales representative for your area anywhere in Canada.',
  },
  {
    key: 'reps-retailers',
    path: '/reps-retailers',
    regionIds: ALL_REGIONS,
    headline: 'Find a Rep or Retailer',
    intro: 'Retailers near you and the sales representative for your area, by U.S. ZIP code or Canadian postal code.',
    seoTitle: 'Find a Rep or Retailer',
    seoDescription: 'Retailers near you and the sales representative for your area, by U.S. ZIP code or Canadian postal code.',
  },
  {
    key: 'contact',
    path: '/contact',
    regionIds: [2, 4],
    headline: 'Connect with us',
    intro: CONTACT_INTRO,
    seoTitle: 'Contact Us',
    seoDescription: 'Connect with our team about products, agronomy or partnerships. We will put you in touch with the right person.',
  },
  {
    key: 'contact-ca',
    path: '/contact-ca',
    regionIds: [3],
    headline: 'Connect with us',
    intro: CONTACT_INTRO,
    seoTitle: 'Contact Us (Canada)',
    seoDescription:
      'Connect with our Canadian team about products, agronomy or partnerships. We will put you in touch with the right person.',
  },
  {
    key: 'product-selector',
    path: '/product-selector',
    regionIds: ALL_REGIONS,
    headline: 'Product Selector',
    intro:
      'Answer a few quick questions about your challenge, crop and application to find the right micronutrient, seed enhancement and nitrogen protection products.',
    seoTitle: 'Product Selector',
    seoDescription:
      'Answer a few quick questions about your challenge, crop and application to find the right micronutrient, seed enhancement and nitrogen protection products.',
  },
  {
    key: 'rep-thankyou',
    path: '/rep-thankyou',
    regionIds: ALL_REGIONS,
    headline: 'Thank you for contacting a rep',
    intro: 'Our rep will get back to you soon, usually within one business day.',
    seoTitle: 'Thank you for contacting a rep',
    seoDescription: 'Your message is on its way. Our rep will get back to you soon, usually within one business day.',
  },
  {
    key: 'retailer-thankyou',
    path: '/retailer-thankyou',
    regionIds: ALL_REGIONS,
    headline: 'Thank you for contacting a retailer',
    intro: 'Our team will pass it on and make sure someone gets back to you soon.',
    seoTitle: 'Thank you for contacting a retailer',
    seoDescription: 'Your message is on its way. Our team will pass it on and make sure someone gets back to you soon.',
  },
];

export function knowledgeCategoryKey(id: number): string {
  return `knowledge-category-${id}`;
}

export const LIST_PAGE_KEYS: readonly string[] = LIST_PAGES.map((p) => p.key);

/** The stored content a list page starts with. */
export function listPageContent(def: ListPageDefinition): LandingContent {
  return {
    title: def.seoTitle,
    hero: { ...(def.eyebrow ? { eyebrow: def.eyebrow } : {}), headline: def.headline, promise: def.intro, media: null, ctas: [] },
    sections: [],
    seo: { title: def.seoTitle, desc: def.seoDescription },
  };
}

/** What a list route shows of its page: the hero words and the SEO fields. */
export interface ListPageText {
  key: string;
  eyebrow: string | null;
  headline: string;
  intro: string;
  seoTitle: string;
  seoDescription: string;
  ogTitle?: string;
  ogDescription?: string;
  /** the share image (a library image's address), null for the site's default */
  shareImage: string | null;
}
