import type { MetaDescriptor } from 'react-router';

export interface SeoInput {
  title: string;
  description: string;
  /** absolute site URL, from the root loader */
  siteUrl: string;
  path: string;
  image?: string | null;
  /** SEO data's ogtitle and ogdesc, when they differ from the page title and description */
  ogTitle?: string | null;
  ogDescription?: string | null;
  type?: string;
  companyName?: string;
  noindex?: boolean;
  alternates?: { hreflang: string; path: string }[];
  jsonLd?: object[];
}

export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return siteUrl.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** Title, description, canonical, Open Graph, Twitter and JSON-LD tags for a public page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const company = input.companyName ?? 'Northfield Agronomics';
  const title = input.title.includes(company) ? input.title : `${input.title} | ${company}`;
  const url = absoluteUrl(input.siteUrl, input.path);
  const image = input.image ? absoluteUrl(input.siteUrl, input.image) : absoluteUrl(input.siteUrl, '/images/og-default.png');
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: input.ogTitle || input.title },
    { property: 'og:description', content: input.ogDescription || input.description },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:site_name', content: company },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: input.ogTitle || input.title },
    { name: 'twitter:description', content: input.ogDescription || input.description },
    { name: 'twitter:image', content: image },
  ];
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' });
  for (const alt of input.alternates ?? []) {
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: alt.hreflang, href: absoluteUrl(input.siteUrl, alt.path) });
  }
  for (const ld of input.jsonLd ?? []) tags.push({ 'script:ld+json': ld });
  return tags;
}
