import type { MetaDescriptor } from 'react-router';
import type { ContentItemDto } from '#shared/dto/content.ts';
import type { RootData } from '../root.tsx';
import { absoluteUrl, seoMeta } from './seo.ts';

export type Trail = { name: string; path: string }[];

export function breadcrumbList(siteUrl: string, trail: Trail): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absoluteUrl(siteUrl, c.path) })),
  };
}

/**
 * Meta tags and JSON-LD of a knowledge item or press release: Article, PodcastEpisode or
 * NewsArticle, plus its BreadcrumbList. The canonical URL is the item's own path.
 */
export function contentItemMeta(
  item: ContentItemDto,
  root: RootData | undefined,
  schemaType: 'Article' | 'PodcastEpisode' | 'NewsArticle',
  trail: Trail,
): MetaDescriptor[] {
  const siteUrl = root?.config.siteUrl ?? '';
  const company = root?.settings.companyName ?? 'Northfield Agronomics';
  const m = item.metadata;
  const image = m.ogphoto?.previewsrc ?? item.heroMedia?.previewsrc ?? null;
  const url = absoluteUrl(siteUrl, item.path);
  const organization = { '@type': 'Organization', name: company, url: siteUrl, logo: absoluteUrl(siteUrl, '/favicon.svg') };
  const main: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': schemaType,
    ...(schemaType === 'PodcastEpisode' ? { name: item.title } : { headline: item.title }),
    description: m.desc || undefined,
    url,
    mainEntityOfPage: url,
    datePublished: item.publishDate,
    dateModified: item.created,
    image: image ? [absoluteUrl(siteUrl, image)] : undefined,
    ...(schemaType === 'PodcastEpisode'
      ? {
          partOfSeries: {
            '@type': 'PodcastSeries',
            name: `${company} Field Notes`,
            url: absoluteUrl(siteUrl, '/knowledge-center/category/38'),
          },
        }
      : { author: organization }),
    publisher: organization,
  };
  return seoMeta({
    title: m.title || item.title,
    description: m.desc || item.title,
    siteUrl,
    companyName: company,
    path: item.path,
    image,
    ogTitle: m.ogtitle,
    ogDescription: m.ogdesc,
    type: m.metaContent || 'article',
    jsonLd: [main, breadcrumbList(siteUrl, trail)],
  });
}
