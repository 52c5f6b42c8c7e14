import type { ContentModule, MediaRef, SeoData } from '../content-types.ts';

export interface PageDto {
  id: number;
  title: string;
  slug: string;
  visibility: number;
  regionIds: number[];
  metadata: SeoData;
  modules: ContentModule[];
  heroImageType: number | null;
  heroMedia: MediaRef | null;
  updated: string;
}
