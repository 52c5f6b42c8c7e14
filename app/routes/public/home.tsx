import { homePathFor, regionForPath, type RegionId } from '#shared/regions.ts';
import { LandingHeroView, LandingSections } from '../../components/product-landing.tsx';
import { loadLanding } from '../../lib/landing.server.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import { absoluteUrl, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/home';
import { STATIC_PAGE } from '../../lib/hydration.ts';

const KEYS: Record<RegionId, string> = { 2: 'home-us', 3: 'home-ca', 4: 'home-int' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const region = regionForPath(new URL(request.url).pathname) ?? 2;
  return { region, ...(await loadLanding(context, KEYS[region])) };
}

/** US, Canada and International homes point at each other; /can and /int name /home-ca and /home-int as canonical. */
const HOME_ALTERNATES = [
  { hreflang: 'en-US', path: '/' },
  { hreflang: 'en-CA', path: '/home-ca' },
  { hreflang: 'en', path: '/home-int' },
  { hreflang: 'x-default', path: '/' },
];

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = rootDataFrom(matches);
  const siteUrl = root?.config.siteUrl ?? '';
  if (!data) return [{ title: 'Page Not Found' }];
  const { page } = data;
  const company = root?.settings.companyName;
  return seoMeta({
    title: page.seo.title || page.title,
    description: page.seo.desc || page.hero.promise,
    siteUrl,
    companyName: company,
    path: homePathFor(data.region),
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
        url: absoluteUrl(siteUrl, homePathFor(data.region)),
        inLanguage: data.region === 3 ? 'en-CA' : data.region === 4 ? 'en' : 'en-US',
      },
    ],
  });
};

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = STATIC_PAGE;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div className="landing landing--home">
      <LandingHeroView hero={page.hero} variant="home" />
      <LandingSections sections={page.sections} />
    </div>
  );
}
