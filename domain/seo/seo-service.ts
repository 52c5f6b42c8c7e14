import type { SitemapEntry } from './sitemap.ts';
import { REGION_US, REGION_CA, type ProductRegionId } from '#shared/regions.ts';

type Dated = { path: string; lastmod: string | Date };

/** What the sitemap reads; each content service provides its own visible URLs. */
export interface SitemapSources {
  landingPages: { listForSitemap(): Promise<{ path: string; lastmod: string; kind: string }[]> };
  products: { listForSitemap(): Promise<{ path: string; lastmod: string; twinPath: string | null; region: ProductRegionId }[]> };
  documents: { labelsLastModified(): Promise<Date | null> };
  pages: { listVisible(): Promise<{ slug: string; updated: Date }[]> };
  knowledge?: { listForSitemap(): Promise<Dated[]> };
  pressReleases?: { listForSitemap(): Promise<Dated[]> };
}

/** Public pages whose text lives in code; they change with a release, so their lastmod is this release's start. */
const STATIC_PATHS = ['/find-a-rep', '/find-a-rep-ca', '/contact', '/contact-ca', '/product-selector'];
const HOME_ALTERNATES = [
  { hreflang: 'en-US', path: '/' },
  { hreflang: 'en-CA', path: '/home-ca' },
  { hreflang: 'en', path: '/home-int' },
  { hreflang: 'x-default', path: '/' },
];

function newest(items: readonly Dated[]): Date | null {
  let max: Date | null = null;
  for (const i of items) {
    const d = new Date(i.lastmod);
    if (!max || d > max) max = d;
  }
  return max;
}

export function productAlternates(path: string, twinPath: string | null, region: ProductRegionId) {
  if (!twinPath) return undefined;
  const us = region === REGION_US ? path : twinPath;
  const ca = region === REGION_CA ? path : twinPath;
  return [
    { hreflang: 'en-US', path: us },
    { hreflang: 'en-CA', path: ca },
    { hreflang: 'x-default', path: us },
  ];
}

export function createSeoService(sources: SitemapSources, released: Date = new Date()) {
  return {
    /** Every visible public URL with the date its current content was saved. */
    async sitemapEntries(): Promise<SitemapEntry[]> {
      const [landing, products, labels, pages, knowledge, press] = await Promise.all([
        sources.landingPages.listForSitemap(),
        sources.products.listForSitemap(),
        sources.documents.labelsLastModified(),
        sources.pages.listVisible(),
        sources.knowledge?.listForSitemap() ?? Promise.resolve([]),
        sources.pressReleases?.listForSitemap() ?? Promise.resolve([]),
      ]);
      const entries: SitemapEntry[] = [];
      for (const p of landing) {
        entries.push({ path: p.path, lastmod: p.lastmod, alternates: p.kind === 'home' ? HOME_ALTERNATES : undefined });
      }
      for (const p of products) {
        entries.push({ path: p.path, lastmod: p.lastmod, alternates: productAlternates(p.path, p.twinPath, p.region) });
      }
      entries.push({ path: '/product-labels', lastmod: labels ?? released });
      const knowledgeDate = newest(knowledge) ?? released;
      entries.push({ path: '/knowledge-center', lastmod: knowledgeDate });
      for (const id of [38, 39, 40]) entries.push({ path: `/knowledge-center/category/${id}`, lastmod: knowledgeDate });
      entries.push(...knowledge);
      entries.push({ path: '/press-releases', lastmod: newest(press) ?? released });
      entries.push(...press);
      for (const p of pages) entries.push({ path: `/${p.slug}`, lastmod: p.updated });
      for (const path of STATIC_PATHS) entries.push({ path, lastmod: released });
      return entries;
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
