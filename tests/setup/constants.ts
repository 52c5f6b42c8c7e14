export const TEST_ADMIN = { email: 'admin@example.com', password: 'correct-horse-battery-staple' };
/** Signs the test apps' access tokens (tests forge tokens with it and with other keys). */
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
/** The admin sections (dashboard tiles) the spec names, in its order. */
export const SPEC_SECTIONS = [
  'Products',
  'Knowledge Center',
  'Product Labels/SDSs',
  'Reps & Retailers',
  'Press Releases',
  'Pages',
  'Document Library',
  'Forms',
  'Users',
  'Redirects',
];
/** The sections an Editor (content permission) sees: Products through Document Library. */
export const SPEC_CONTENT_SECTIONS = SPEC_SECTIONS.slice(0, SPEC_SECTIONS.indexOf('Document Library') + 1);
/** The campaign landing pages the site ships with. */
export const CAMPAIGN_PATHS = ['/clear-choice', '/balanced-nutrition', '/thats-farming', '/anvol-protects', '/dual-purpose'];
