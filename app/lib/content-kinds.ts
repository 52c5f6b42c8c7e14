import { KIND_API, type KIND, type KindContracts } from '#shared/kinds/index.ts';
import { VERSIONED_KIND_DEFS } from './versioned-kinds.ts';

/** The two versioned kinds that share one list and one editor: knowledge-center items and press releases. */

export type ContentItemKind = 'knowledge' | 'press';

export interface ContentKindConfig {
  kind: ContentItemKind;
  /** admin list path; create is {path}/create, edit {path}/edit/{id}/{versionId?} */
  path: string;
  /** the kind's admin API calls (filter, delete/{id}, pin...) */
  calls: KindContracts<(typeof KIND)[ContentItemKind]>;
  title: string;
  /** the edit frame's title and messages ("Add Knowledge Item") */
  noun: string;
  plural: string;
  /** knowledge items have a kind (Article, Research, Podcast) and can be pinned */
  typed: boolean;
  pinnable: boolean;
  /** the kind's definition (app/lib/versioned-kinds.ts): its editor's wiring */
  def: (typeof VERSIONED_KIND_DEFS)[ContentItemKind];
}

const config = (kind: ContentItemKind, title: string, plural: string, typed: boolean): ContentKindConfig => {
  const def = VERSIONED_KIND_DEFS[kind];
  return { kind, path: def.list, calls: KIND_API[kind], title, noun: def.noun, plural, typed, pinnable: typed, def };
};

export const CONTENT_KINDS: Record<ContentItemKind, ContentKindConfig> = {
  knowledge: config('knowledge', 'Knowledge Center', 'knowledge items', true),
  press: config('press', 'Press Releases', 'press releases', false),
};

/** The kind a screen serves, from its address (both kinds share the route modules). */
export function contentKindOf(pathname: string): ContentKindConfig {
  return pathname.startsWith(CONTENT_KINDS.press.path) ? CONTENT_KINDS.press : CONTENT_KINDS.knowledge;
}
