import type { MetaDescriptor } from 'react-router';
import type { LandingPageDto } from '#shared/landing-content.ts';
import type { RootData } from '../root.tsx';
import { absoluteUrl, seoMeta } from './seo.ts';

/** BreadcrumbList JSON-LD from [name, path] pairs, the page itself last. */
export function breadcrumbJsonLd(siteUrl: string, trail: [name: string, path: string][]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: absoluteUrl(siteUrl, path) })),
  };
}

/** Title, description, canonical, sharing tags and JSON-LD of a campaign page or About. */
export function landingMeta(
  page: Pick<LandingPageDto, 'title' | 'path' | 'hero' | 'seo'>,
  root: RootData | undefined,
  pageType: 'WebPage' | 'AboutPage',
): MetaDescriptor[] {
  const siteUrl = root?.config.siteUrl ?? '';
  const description = page.seo.desc || page.hero.promise;
  return seoMeta({
    title: page.seo.title || page.title,
    description,
    siteUrl,
    companyName: root?.settings.companyName,
    path: page.path,
    image: page.seo.ogphoto?.previewsrc ?? page.hero.media?.previewsrc,
    ogTitle: page.seo.ogtitle,
    ogDescription: page.seo.ogdesc,
    type: page.seo.metaContent || 'website',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': pageType,
        name: page.title,
        description,
        url: absoluteUrl(siteUrl, page.path),
        publisher: { '@type': 'Organization', name: root?.settings.companyName, url: absoluteUrl(siteUrl, '/') },
      },
      breadcrumbJsonLd(siteUrl, [
        ['Home', '/'],
        [page.title, page.path],
      ]),
    ],
  });
}
