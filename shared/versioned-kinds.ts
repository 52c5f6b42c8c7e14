/**
 * The core of each versioned kind's definition (ADR 034), shared by the server's resource factory
 * (server/routes/api/admin/versioned-resources.ts) and the admin screens' wiring
 * (app/lib/versioned-kinds.ts): its name, its admin API prefix, its admin addresses and its names.
 */

export type VersionedKindName = 'knowledge' | 'press' | 'page' | 'landing' | 'product';

export interface VersionedKindCore {
  kind: VersionedKindName;
  /** the admin API prefix: add, get/{id}, get/{id}/{versionId}, get-versions/{id}, rollback/{id}/{versionId}... */
  api: string;
  /** the admin list (Back and Cancel) */
  list: string;
  /** the admin path before /edit/{id}/{versionId?} and /create */
  admin: string;
  /** the operation ids' stem (getPage, rollbackPage) */
  op: string;
  /** in summaries and messages ("The page was deleted.") */
  label: string;
  /** the edit frame's title ("Edit Page") */
  noun: string;
}

export const VERSIONED_KINDS = {
  knowledge: {
    kind: 'knowledge',
    api: '/api/admin/knowledge-center',
    list: '/siteadmin/knowledge-center',
    admin: '/siteadmin/knowledge-center',
    op: 'KnowledgeItem',
    label: 'knowledge item',
    noun: 'Knowledge Item',
  },
  press: {
    kind: 'press',
    api: '/api/admin/press-releases',
    list: '/siteadmin/press-releases',
    admin: '/siteadmin/press-releases',
    op: 'PressRelease',
    label: 'press release',
    noun: 'Press Release',
  },
  page: {
    kind: 'page',
    api: '/api/admin/pages',
    list: '/siteadmin/pages',
    admin: '/siteadmin/pages',
    op: 'Page',
    label: 'page',
    noun: 'Page',
  },
  landing: {
    kind: 'landing',
    api: '/api/admin/landing-pages',
    list: '/siteadmin/pages',
    admin: '/siteadmin/pages/landing',
    op: 'LandingPage',
    label: 'landing page',
    noun: 'Page',
  },
  product: {
    kind: 'product',
    api: '/api/admin/products',
    list: '/siteadmin/products',
    admin: '/siteadmin/products',
    op: 'Product',
    label: 'product',
    noun: 'Product',
  },
} as const satisfies Record<VersionedKindName, VersionedKindCore>;

const seg = (value: number | string) => encodeURIComponent(String(value));

/** A kind's admin API calls' paths. */
export const versionedApi = {
  add: (k: VersionedKindCore) => `${k.api}/add`,
  get: (k: VersionedKindCore, id: number | string, versionId?: number | string | null) =>
    `${k.api}/get/${seg(id)}${versionId === undefined || versionId === null ? '' : `/${seg(versionId)}`}`,
  versions: (k: VersionedKindCore, id: number | string) => `${k.api}/get-versions/${seg(id)}`,
  rollback: (k: VersionedKindCore, id: number | string, versionId: number | string) => `${k.api}/rollback/${seg(id)}/${seg(versionId)}`,
  remove: (k: VersionedKindCore, id: number | string) => `${k.api}/delete/${seg(id)}`,
  filter: (k: VersionedKindCore) => `${k.api}/filter`,
};

/** A kind's editor address: the item, or one of its saved versions (the Rollback list's links). */
export function versionedEditPath(k: VersionedKindCore, id: number | string, versionId?: number | string | null): string {
  return `${k.admin}/edit/${id}${versionId === undefined || versionId === null ? '' : `/${versionId}`}`;
}

/** The Rollback links' segment, /siteadmin/{rollbackRoute}/edit/{id}/{versionId} (the spec's name). */
export function rollbackRoute(k: VersionedKindCore): string {
  return k.admin.replace(/^\/siteadmin\//, '');
}
