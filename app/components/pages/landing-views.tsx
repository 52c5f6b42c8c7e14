import type { MetaDescriptor } from 'react-router';
import { homePathFor, type RegionId, REGION_US, REGION_CA, REGION_INT } from '#shared/regions.ts';
import { landingMeta } from '../../lib/landing-seo.ts';
import type { RootData } from '../../lib/root-data.ts';
import { absoluteUrl, seoMeta } from '../../lib/seo.ts';
import { LandingHeroView, LandingSections, type ResolvedLandingPage } from '../product-landing.tsx';

/**
 * The landing page templates (the homes, campaign pages and About), fed by their public routes and
 * by the preview page (ADR 024).
 */

/** The homes by key; /can and /int show the Canadian and International homes. */
export const HOME_KEYS: Record<RegionId, string> = { [REGION_US]: 'home-us', [REGION_CA]: 'home-ca', [REGION_INT]: 'home-int' };

export function homeRegionOf(key: string): RegionId {
  return key === HOME_KEYS[REGION_CA] ? REGION_CA : key === HOME_KEYS[REGION_INT] ? REGION_INT : REGION_US;
}

/** US, Canada and International homes point at each other; /can and /int name /home-ca and /home-int as canonical. */
const HOME_ALTERNATES = [
  { hreflang: 'en-US', path: '/' },
  { hreflang: 'en-CA', path: '/home-ca' },
  { hreflang: 'en', path: '/home-int' },
  { hreflang: 'x-default', path: '/' },
];

export function homeMeta(page: ResolvedLandingPage, region: RegionId, root: RootData | undefined): MetaDescriptor[] {
  const siteUrl = root?.config.siteUrl ?? '';
  const company = root?.settings.companyName;
  return seoMeta({
    title: page.seo.title || page.title,
    description: page.seo.desc || page.hero.promise,
    siteUrl,
    companyName: company,
    path: homePathFor(region),
    image: page.seo.ogphoto?.previewsrc ?? page.hero.media?.previewsrc,
    ogTitle: page.seo.ogtitle,
    ogDescription: page.seo.ogdesc,
    type: page.seo.metaContent || 'website',
    alternates: HOME_ALTERNATES,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: company,
        url: absoluteUrl(siteUrl, '/'),
        logo: absoluteUrl(siteUrl, '/favicon.svg'),
        sameAs: root?.settings.social.map((s) => s.url),
        description: page.seo.desc,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: company,
        url: absoluteUrl(siteUrl, homePathFor(region)),
        inLanguage: region === REGION_CA ? 'en-CA' : region === REGION_INT ? 'en' : 'en-US',
      },
    ],
  });
}

/** The meta of any landing page by its kind (the preview page's; each public route calls its own). */
export function landingPageMeta(page: ResolvedLandingPage, root: RootData | undefined): MetaDescriptor[] {
  if (page.kind === 'home') return homeMeta(page, homeRegionOf(page.key), root);
  return landingMeta(page, root, page.kind === 'about' ? 'AboutPage' : 'WebPage');
}

export function HomeView({ page }: { page: ResolvedLandingPage }) {
  return (
    <div className="landing landing--home">
      <LandingHeroView hero={page.hero} variant="home" />
      <LandingSections sections={page.sections} />
    </div>
  );
}

export function CampaignView({ page }: { page: ResolvedLandingPage }) {
  return (
    <div className={`landing landing--campaign landing--${page.key}`}>
      <LandingHeroView hero={page.hero} />
      <LandingSections sections={page.sections} />
    </div>
  );
}

export function AboutView({ page }: { page: ResolvedLandingPage }) {
  return (
    <div className="landing landing--about">
      <LandingHeroView hero={page.hero} />
      <LandingSections sections={page.sections} />
    </div>
  );
}

/** The view of a landing page by its kind. */
export function LandingView({ page }: { page: ResolvedLandingPage }) {
  if (page.kind === 'home') return <HomeView page={page} />;
  if (page.kind === 'about') return <AboutView page={page} />;
  return <CampaignView page={page} />;
}
