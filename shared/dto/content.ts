import type { ContentModule, SeoData } from '../content-types.ts';
import type { ResourceType } from '../knowledge.ts';

/** Hero image of a knowledge item or press release, as the cards and pages use it. */
export interface HeroMediaDto {
  previewsrc: string;
  altText: string;
  width?: number;
  height?: number;
}

/** Spec "knowledge resource card": slug, heroMedia (previewsrc, altText), resourceType, title, metadata.desc. */
export interface ContentCardDto {
  id: number;
  slug: string;
  /** public URL path (Canadian items under /can) */
  path: string;
  type: number;
  resourceType: ResourceType;
  category: number | null;
  pinned: boolean;
  region: number;
  title: string;
  metadata: { desc: string };
  heroMedia: HeroMediaDto | null;
  publishDate: string;
}

export interface ContentListDto {
  items: ContentCardDto[];
  total: number;
  start: number;
  length: number;
}

/** The current content of an item: the latest version. */
export interface ContentItemDto extends Omit<ContentCardDto, 'metadata'> {
  baseId: number;
  versionId: number;
  /** when the current version was saved (UTC) */
  created: string;
  metadata: SeoData & { desc: string };
  modules: ContentModule[];
}

export interface SitemapEntry {
  path: string;
  lastmod: string;
}
