import { randomBytes } from 'node:crypto';
import { hashPassword } from '#domain/auth/passwords.ts';
import { DEFAULT_SITE_SETTINGS } from '#shared/site-settings.ts';
import { PageSaveSchema, type PageSaveRequest } from '#shared/validation/versioned-admin.ts';
import { REGION_US, REGION_CA } from '#shared/regions.ts';
import { richText, roiList } from './modules.ts';
import type { SeedServices } from './services.ts';
import type { SeedContext, SeedResult } from './types.ts';

/** Base data, settings, the first administrator, the seeded redirect and the custom pages. */
export async function seedCore(s: SeedServices, ctx: SeedContext): Promise<SeedResult> {
  const result: SeedResult = {};
  // Regions, states and roles are fixed reference rows no screen edits, and the defaults only fill keys
  // an administrator never saved (the settings service saves whole forms): no service writes them.
  await s.repos.base.insertReferenceData();
  await s.repos.base.insertMissingSettings(DEFAULT_SITE_SETTINGS);

  if (!(await s.repos.base.hasAdministrator())) {
    // The users service adds a user on behalf of a signed-in administrator (and emails an invitation);
    // the first administrator has no one to act for it, so it is written with the same hash directly.
    const email = ctx.adminEmail.toLowerCase();
    const password = ctx.adminPassword ?? randomBytes(12).toString('base64url');
    const userId = await s.repos.users.insert(email, await hashPassword(password));
    await s.repos.users.setRoles(userId, [1]);
    result.admin = { email, password: ctx.adminPassword ? undefined : password };
  }

  if (!(await s.repos.redirects.findByFromPath('/nitrogen-101'))) {
    await s.redirects.save({ fromPath: '/nitrogen-101', toPath: '/knowledge-center', statusCode: 301 });
  }

  await seedPages(s, SEED_PAGES);
  return result;
}

/** A seeded page: what the admin's add call takes for a new page, with its slug. */
export type SeedPage = Omit<PageSaveRequest, 'id' | 'slug'> & { slug: string };

/**
 * Adds the pages whose slug is missing, through the add call's schema (its checks and defaults) and
 * the pages service (the admin's save: sanitizing, slug rules, a first version).
 */
export async function seedPages(s: SeedServices, list: readonly SeedPage[]): Promise<void> {
  for (const page of list) {
    if ((await s.repos.pages.findIdBySlug(page.slug)) !== undefined) continue;
    await s.pages.adminSave(PageSaveSchema.parse(page), null);
  }
}

/** A visible text page for every region (no region: it leaves the visitor's region as it is), with no hero. */
export function textPage(slug: string, title: string, desc: string, html: string): SeedPage {
  return {
    slug,
    visibility: 1,
    regionIds: [],
    title,
    metadata: { title, desc },
    heroImageType: null,
    heroMedia: null,
    modules: [richText(html)],
  };
}

/** Shown at the top of both legal pages until the company's counsel supplies the real text. */
const PLACEHOLDER_NOTICE =
  '<p><strong>Placeholder text.</strong> This page is a starting point written for the website, not legal advice. ' +
  'The company must replace it with text reviewed by its own counsel (Site Administration, Pages) before launch.</p>';

const PRIVACY_POLICY_HTML = [
  PLACEHOLDER_NOTICE,
  '<h2>What we collect</h2>',
  '<p>When you send the contact form or ask a rep or retailer to contact you, we receive what you type: your name, email address, ',
  'phone number, region, state or province, ZIP or postal code, role and message. When you search for a rep or retailer we receive ',
  'the ZIP or postal code you enter. Our servers also record technical details of each request, such as your IP address and browser, ',
  'to keep the site secure and to limit abuse.</p>',
  '<h2>How we use it</h2>',
  '<ul><li>To answer your request and connect you with the right rep, retailer or member of our team.</li>',
  '<li>To protect the site and its forms against spam and misuse.</li>',
  '<li>To understand, in aggregate, which products and regions people ask about.</li></ul>',
  '<p>We do not sell your personal information.</p>',
  '<h2>Who we share it with</h2>',
  '<p>We pass your request to the rep or retailer you chose, or to the one who serves your area, so that they can contact you. ',
  'Service providers that host the site or deliver email process information on our behalf and only as we instruct.</p>',
  '<h2>Cookies and local storage</h2>',
  '<p>The site remembers the region you chose (U.S., Canada or International) in your browser and in a small cookie, and whether you ',
  'dismissed the announcement bar. It does not use advertising cookies. When spam protection is switched on, the contact form loads ',
  'Google reCAPTCHA, which is subject to Google&#39;s own privacy policy.</p>',
  '<h2>How long we keep it</h2>',
  '<p>We keep form submissions for as long as we need them to answer you and to meet our legal obligations, and then archive or delete them.</p>',
  '<h2>Your choices</h2>',
  '<p>You can ask to see, correct or delete the information you sent us by writing to us through the <a href="/contact">contact page</a>.</p>',
  '<h2>Changes</h2>',
  '<p>We will post any change to this policy on this page.</p>',
].join('');

const TERMS_OF_USE_HTML = [
  PLACEHOLDER_NOTICE,
  '<h2>Using this site</h2>',
  '<p>By using this website you agree to these terms. If you do not agree, please do not use the site.</p>',
  '<h2>Product information</h2>',
  '<p>The information on this site is provided for general guidance. Results vary with soil, weather, crop and management, and nothing ',
  'on this site is a guarantee of performance. Always read and follow label directions; the label on the product container is the ',
  'legally binding document. Product availability and registration differ by country, state and province.</p>',
  '<h2>Trademarks and content</h2>',
  '<p>Product names, logos and other marks shown on this site are trademarks of their respective owners. The text, images and documents ',
  'on this site may not be copied for commercial use without permission. See <a href="/legal">Legal &amp; Attributions</a> for the ',
  'data sources and licences the site relies on.</p>',
  '<h2>Links to other sites</h2>',
  '<p>Links to websites we do not operate are provided for convenience; we are not responsible for their content or practices.</p>',
  '<h2>Limitation of liability</h2>',
  '<p>To the extent the law allows, the site is provided as is, and we are not liable for any loss arising from its use.</p>',
  '<h2>Changes</h2>',
  '<p>We may update these terms; the version on this page applies. Questions are welcome through the <a href="/contact">contact page</a>.</p>',
].join('');

export const SEED_PAGES: SeedPage[] = [
  {
    slug: 'growing-season-guide',
    visibility: 1,
    regionIds: [REGION_US],
    title: 'Your Growing Season Guide',
    metadata: {
      title: 'Growing Season Guide',
      desc: 'A season-long checklist for protecting nitrogen, feeding micronutrients and planning the next crop.',
    },
    heroImageType: 0,
    heroMedia: { previewsrc: '/images/hero-field.svg', alttext: 'Rows of young corn under a clear morning sky', width: 1600, height: 700 },
    modules: [
      richText(
        '<h2>Plan before the first pass</h2><p>Every season starts with a soil test and a plan for how much nitrogen the crop will need, when it will need it and how much of it could be lost before the roots can use it.</p><ul><li>Pull soil samples by management zone.</li><li>Match the nitrogen source to your application window.</li><li>Decide where protection pays before the product is on the truck.</li></ul>',
      ),
      roiList(
        ['Spring', 'Protect pre-plant urea from volatilization.\nBand micronutrients with the starter.'],
        ['Summer', 'Side-dress with protected UAN.\nScout for deficiency symptoms early.'],
        ['Fall', 'Hold fall-applied ammonium in the root zone.\nReview yield maps by zone.'],
      ),
    ],
  },
  {
    slug: 'canada-field-days',
    visibility: 1,
    regionIds: [REGION_US, REGION_CA],
    title: 'Canadian Field Days',
    metadata: {
      title: 'Canadian Field Days',
      desc: 'Meet our agronomists at field days across the Prairies and Ontario and see protected nitrogen at work.',
    },
    heroImageType: 1,
    heroMedia: { previewsrc: '/images/hero-prairie.svg', alttext: 'Canola in bloom stretching to the horizon', width: 1600, height: 700 },
    modules: [
      richText(
        '<p>Our agronomy team spends the summer on farms from Alberta to Ontario. Stop by a field day to walk side-by-side strip trials, ask about your own nitrogen plan and meet the retailer nearest you.</p>',
      ),
    ],
  },
  textPage(
    'privacy-policy',
    'Privacy Policy',
    'How this website collects, uses and protects the information you share with us.',
    PRIVACY_POLICY_HTML,
  ),
  textPage('terms-of-use', 'Terms of Use', 'The terms that apply when you use this website and the information on it.', TERMS_OF_USE_HTML),
  {
    slug: 'draft-winter-meeting',
    visibility: 0,
    regionIds: [REGION_US],
    title: 'Winter Grower Meeting (draft)',
    metadata: { title: 'Winter Grower Meeting', desc: 'Draft page, not yet published.' },
    heroImageType: null,
    heroMedia: null,
    modules: [richText('<p>Agenda to follow.</p>')],
  },
];
