/**
 * One address per page template (and the three homes), for the checks that must cover the whole
 * public site: HTML validity, internal links, axe. Seeded content, so every address answers.
 */
export const TEMPLATE_PAGES: { template: string; path: string; status?: number }[] = [
  { template: 'home (US)', path: '/' },
  { template: 'home (Canada)', path: '/home-ca' },
  { template: 'home (International)', path: '/home-int' },
  { template: 'product', path: '/agrotain' },
  { template: 'product (Canada)', path: '/wolf-trax-ca' },
  { template: 'campaign', path: '/clear-choice' },
  { template: 'about', path: '/about' },
  { template: 'knowledge list', path: '/knowledge-center' },
  { template: 'knowledge category', path: '/knowledge-center/category/38' },
  { template: 'knowledge item', path: '/knowledge-center/keep-surface-applied-urea-in-the-field' },
  { template: 'press list', path: '/press-releases' },
  { template: 'press release', path: '/press-releases/new-agronomy-centre-in-iowa' },
  { template: 'product labels', path: '/product-labels' },
  { template: 'find a rep', path: '/find-a-rep' },
  { template: 'reps and retailers', path: '/reps-retailers?label=Retailers&zip=50010' },
  { template: 'thank-you', path: '/retailer-thankyou' },
  { template: 'contact', path: '/contact' },
  { template: 'product selector', path: '/product-selector' },
  { template: 'custom page', path: '/growing-season-guide' },
  { template: 'legal page', path: '/privacy-policy' },
  { template: 'error page', path: '/not-found' },
  { template: 'unknown address (404)', path: '/no-such-page', status: 404 },
];

/**
 * The pages written for the United States, in American English with US units: the US home,
 * the US product pages, the campaigns, About, the knowledge center and press lists, labels, the US finder and
 * contact pages, and every US knowledge item and press release of the seed. Canadian pages (the -ca products, /home-ca, /can/...)
 * keep Canadian spelling and metric units.
 */
export async function usEnglishPages(): Promise<string[]> {
  const { US_PRODUCT_SLUGS } = await import('#shared/regions.ts');
  const { KNOWLEDGE_ITEMS, PRESS_RELEASES } = await import('#seed/knowledge.ts');
  const { LANDING_PAGES } = await import('#seed/landing-content.ts');
  return [
    '/',
    ...US_PRODUCT_SLUGS.map((s) => `/${s}`),
    ...LANDING_PAGES.filter((p) => p.kind !== 'home').map((p) => p.path),
    '/knowledge-center',
    '/press-releases',
    '/product-labels',
    '/find-a-rep',
    '/reps-retailers?label=Retailers&zip=50010',
    '/contact',
    ...KNOWLEDGE_ITEMS.filter((i) => i.regionId === 2).map((i) => `/knowledge-center/${i.slug}`),
    ...PRESS_RELEASES.filter((i) => i.regionId === 2).map((i) => `/press-releases/${i.slug}`),
  ];
}

/** Home and campaign pages: the landing pages that end with a call to action. */
export async function homeAndCampaignPages(): Promise<string[]> {
  const { LANDING_PAGES } = await import('#seed/landing-content.ts');
  return LANDING_PAGES.filter((p) => p.kind === 'home' || p.kind === 'campaign').map((p) => p.path);
}
