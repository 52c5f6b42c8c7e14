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
