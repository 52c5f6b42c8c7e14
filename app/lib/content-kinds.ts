import { REGION_CA } from '#shared/regions.ts';
/** The two versioned kinds that share one list and one editor: knowledge-center items and press releases. */

export type ContentItemKind = 'knowledge' | 'press';

export interface ContentKindConfig {
  kind: ContentItemKind;
  /** admin list path; create is {path}/create, edit {path}/edit/{baseId}/{versionId?} */
  path: string;
  /** admin API prefix */
  api: string;
  /** the spec's rollback route segment: /siteadmin/{rollbackRoute}/edit/{itemId}/{versionId} */
  rollbackRoute: string;
  title: string;
  /** the edit frame's title and messages ("Add Knowledge Item") */
  noun: string;
  plural: string;
  /** public path before the slug (US; Canadian items live under /can) */
  publicBase: string;
  /** knowledge items have a kind (Article, Research, Podcast) and can be pinned */
  typed: boolean;
  pinnable: boolean;
}

export const CONTENT_KINDS: Record<ContentItemKind, ContentKindConfig> = {
  knowledge: {
    kind: 'knowledge',
    path: '/siteadmin/knowledge-center',
    api: '/api/admin/knowledge-center',
    rollbackRoute: 'knowledge-center',
    title: 'Knowledge Center',
    noun: 'Knowledge Item',
    plural: 'knowledge items',
    publicBase: '/knowledge-center/',
    typed: true,
    pinnable: true,
  },
  press: {
    kind: 'press',
    path: '/siteadmin/press-releases',
    api: '/api/admin/press-releases',
    rollbackRoute: 'press-releases',
    title: 'Press Releases',
    noun: 'Press Release',
    plural: 'press releases',
    publicBase: '/press-releases/',
    typed: false,
    pinnable: false,
  },
};

/** The kind a screen serves, from its address (both kinds share the route modules). */
export function contentKindOf(pathname: string): ContentKindConfig {
  return pathname.startsWith(CONTENT_KINDS.press.path) ? CONTENT_KINDS.press : CONTENT_KINDS.knowledge;
}

/** Where an item lives on the public site: Canadian items under /can. */
export function publicPrefix(config: ContentKindConfig, region: number): string {
  return `${region === REGION_CA ? '/can' : ''}${config.publicBase}`;
}
