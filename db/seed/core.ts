import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { regions, states } from '../schema/geo.ts';
import { pages, pageVersions } from '../schema/pages.ts';
import { redirects } from '../schema/redirects.ts';
import { siteSettings } from '../schema/settings.ts';
import { adminUsers, siteRoles, userRoles } from '../schema/users.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings.ts';
import type { ContentModule, MediaRef, SeoData } from '../../shared/content-types.ts';
import { CA_PROVINCES, US_STATES } from './geo-data.ts';
import type { SeedContext, SeedResult } from './types.ts';

export const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export async function seedCore(db: Db, ctx: SeedContext): Promise<SeedResult> {
  const result: SeedResult = {};
  await db
    .insert(regions)
    .values([
      { id: 2, code: 'US', name: 'USA' },
      { id: 3, code: 'CA', name: 'Canada' },
      { id: 4, code: 'INT', name: 'International' },
    ])
    .onConflictDoNothing();
  await db
    .insert(states)
    .values([
      ...US_STATES.map(([code, name]) => ({ regionId: 2, code, name })),
      ...CA_PROVINCES.map(([code, name]) => ({ regionId: 3, code, name })),
    ])
    .onConflictDoNothing();
  await db
    .insert(siteSettings)
    .values(Object.entries(DEFAULT_SITE_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db
    .insert(siteRoles)
    .values([
      { id: 1, name: 'Administrator' },
      { id: 2, name: 'Content Editor' },
    ])
    .onConflictDoNothing();

  const [existingAdmin] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (!existingAdmin) {
    const password = ctx.adminPassword ?? randomBytes(12).toString('base64url');
    const [user] = await db
      .insert(adminUsers)
      .values({ email: ctx.adminEmail.toLowerCase(), passwordHash: await hash(password, ARGON2_OPTIONS) })
      .returning({ id: adminUsers.id });
    await db.insert(userRoles).values({ userId: user!.id, siteRoleId: 1 });
    result.admin = { email: ctx.adminEmail.toLowerCase(), password: ctx.adminPassword ? undefined : password };
  }

  await db
    .insert(redirects)
    .values([
      { fromPath: '/nitrogen-101', toPath: '/knowledge-center', statusCode: 301 },
    ])
    .onConflictDoNothing();

  for (const page of SEED_PAGES) await upsertSeedPage(db, page);
  return result;
}

interface SeedPage {
  slug: string;
  visibility: number;
  regionIds: number[];
  title: string;
  metadata: SeoData;
  heroImageType: number | null;
  heroMedia: MediaRef | null;
  modules: ContentModule[];
}

async function upsertSeedPage(db: Db, page: SeedPage) {
  const [existing] = await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, page.slug));
  if (existing) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pages)
      .values({ slug: page.slug, visibility: page.visibility, regionIds: page.regionIds })
      .returning({ id: pages.id });
    await tx.insert(pageVersions).values({
      pageId: row!.id,
      title: page.title,
      metadata: page.metadata,
      modules: page.modules,
      heroImageType: page.heroImageType,
      heroMedia: page.heroMedia,
    });
  });
}

const SEED_PAGES: SeedPage[] = [
  {
    slug: 'growing-season-guide',
    visibility: 1,
    regionIds: [2],
    title: 'Your Growing Season Guide',
    metadata: {
      title: 'Growing Season Guide',
      desc: 'A season-long checklist for protecting nitrogen, feeding micronutrients and planning the next crop.',
    },
    heroImageType: 0,
    heroMedia: { previewsrc: '/images/hero-field.svg', alttext: 'Rows of young corn under a clear morning sky', width: 1600, height: 700 },
    modules: [
      {
        type: 2,
        content:
          '<h2>Plan before the first pass</h2><p>Every season starts with a soil test and a plan for how much nitrogen the crop will need, when it will need it and how much of it could be lost before the roots can use it.</p><ul><li>Pull soil samples by management zone.</li><li>Match the nitrogen source to your application window.</li><li>Decide where protection pays before the product is on the truck.</li></ul>',
      },
      {
        type: 3,
        items: [
          { headline: 'Spring', shortDescription: 'Protect pre-plant urea from volatilization.\nBand micronutrients with the starter.' },
          { headline: 'Summer', shortDescription: 'Side-dress with protected UAN.\nScout for deficiency symptoms early.' },
          { headline: 'Fall', shortDescription: 'Hold fall-applied ammonium in the root zone.\nReview yield maps by zone.' },
        ],
      },
    ],
  },
  {
    slug: 'canada-field-days',
    visibility: 1,
    regionIds: [2, 3],
    title: 'Canadian Field Days',
    metadata: {
      title: 'Canadian Field Days',
      desc: 'Meet our agronomists at field days across the Prairies and Ontario and see protected nitrogen at work.',
    },
    heroImageType: 1,
    heroMedia: { previewsrc: '/images/hero-prairie.svg', alttext: 'Canola in bloom stretching to the horizon', width: 1600, height: 700 },
    modules: [
      {
        type: 2,
        content:
          '<p>Our agronomy team spends the summer on farms from Alberta to Ontario. Stop by a field day to walk side-by-side strip trials, ask about your own nitrogen plan and meet the retailer nearest you.</p>',
      },
    ],
  },
  {
    slug: 'draft-winter-meeting',
    visibility: 0,
    regionIds: [2],
    title: 'Winter Grower Meeting (draft)',
    metadata: { title: 'Winter Grower Meeting', desc: 'Draft page, not yet published.' },
    heroImageType: null,
    heroMedia: null,
    modules: [{ type: 2, content: '<p>Agenda to follow.</p>' }],
  },
];
