import type { MetaDescriptor } from 'react-router';
import type { ListPageText } from '#shared/list-pages.ts';
import type { RootData } from './root-data.ts';
import { seoMeta } from './seo.ts';

/**
 * The meta tags of a list or form page from its editable words (shared/list-pages.ts): the SEO
 * title and description, the share title, description and image. `title` overrides the SEO title
 * where the page names what it shows (a selector step, a finder result).
 */
export function listPageMeta(
  text: ListPageText,
  root: RootData | undefined,
  page: { path: string; title?: string; noindex?: boolean; jsonLd?: object[] },
): MetaDescriptor[] {
  return seoMeta({
    title: page.title ?? text.seoTitle,
    description: text.seoDescription,
    ogTitle: page.title ? undefined : text.ogTitle,
    ogDescription: text.ogDescription,
    image: text.shareImage ?? undefined,
    siteUrl: root?.config.siteUrl ?? '',
    companyName: root?.settings.companyName,
    path: page.path,
    noindex: page.noindex,
    jsonLd: page.jsonLd,
  });
}
