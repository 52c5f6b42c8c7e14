import type { z } from 'zod';
import type { AuditCategory } from '../audit.ts';
import type { Permission } from '../permissions.ts';

/** What a content change says about the item it changed (the content-changed call's fields). */
export interface KindChange {
  /** the row's id or key (a landing page's key) */
  id?: number | string | null;
  /** slug before the write; null when the item is new */
  oldSlug?: string | null;
  /** slug after the write; null when the item was deleted */
  newSlug?: string | null;
}

/**
 * The shared half of a versioned kind (ADR 037): what the server, the domain and the admin screens all
 * need to know about it. The domain half (domain/kinds) adds its service; the app half (app/kinds) its
 * screens' parts. Every list of kinds in the tree is made from `KINDS` (shared/kinds/index.ts).
 */
export interface KindDefinition<Name extends string = string> {
  /** the kind's name in content events, previews, the audit log and the registries */
  name: Name;
  /** the admin API prefix: add, get/{id}, get/{id}/{versionId}, get-versions/{id}, rollback/{id}/{versionId}... */
  api: string;
  /** the admin list (Back and Cancel) */
  list: string;
  /** the admin path before /edit/{id}/{versionId?} and /create */
  admin: string;
  /** who may use the kind's admin screens and calls (the drawer and the dashboard show its section to them) */
  permission: Permission;
  /**
   * The admin screens' route modules (app/routes/admin), from which the route table makes the kind's
   * entries: its list at `list` when the kind has a list of its own, its editor at `admin`/edit/:id/:versionId?
   * (route id admin-<name>-edit) and, when items are created there, `admin`/create (admin-<name>-create).
   */
  screens: {
    /** the list's module and, when several kinds share the module, its route id; absent when another kind's list shows the items */
    list?: { file: string; id?: string };
    editor: { file: string; create: boolean };
  };
  /** the drawer's link and the dashboard's tile to `list`; absent when the items are in another kind's section */
  section?: {
    label: string;
    description: string;
    /** the section's place among all the drawer's sections (the spec's order, from 1) */
    position: number;
  };
  /** the operation ids' stem (getPage, rollbackPage) */
  op: string;
  /** in summaries and messages ("The page was deleted.") */
  label: string;
  /** the edit frame's title ("Edit Page") */
  noun: string;
  /** a 404's message in the admin screens ("Page not found.") */
  notFound: string;
  /** the public address before the slug, by region; absent for kinds with fixed addresses (products, landing pages) */
  slugPrefix?: (region: number) => string;
  /** the API's payloads: the save body (add, preview), the item every read answers, the list and its filter */
  schemas: { save: z.ZodType; item: z.ZodType; list: z.ZodType; filter?: z.ZodType };
  /** the OpenAPI document's words for the kind's routes */
  openApi: {
    tag: string;
    add: { operationId: string; summary: string };
    filter: { operationId: string; summary: string };
    /** delete/{id}'s summary; absent when the kind's items cannot be deleted */
    remove?: string;
  };
  /** the page-cache tags a change of one item touches (ADR 007) */
  tags: (change: KindChange) => string[];
  /**
   * how the audit log names an item ("the knowledge item ...") and the filter it is under, with the
   * editor's labels of its fields (a save's entry names the fields it changed by them, ADR 052)
   */
  audit: { label: string; category: AuditCategory; fields?: Readonly<Record<string, string>> };
  /** the document library's "where used" label ("Knowledge item") */
  usageLabel: string;
  /**
   * Bulk actions of the kind's list (ADR 050): which field publish/unpublish set, and which field a
   * region change sets (with the regions offered); absent: no bulk calls. Delete is offered when the
   * kind has delete/{id}, export always.
   */
  bulk?: {
    status?: 'status' | 'visibility';
    region?: { field: 'region' | 'regionIds'; regions: readonly number[] };
  };
  /** which parts the kind has */
  features: {
    /** Preview before saving (POST /api/admin/preview, /preview/{token}) */
    preview: boolean;
    /** versions can be scheduled (the publishing scheduler) */
    schedule: boolean;
    /** items can be pinned to lead the public lists (POST pin) */
    pin: boolean;
    /** a published item that moves leaves a 301 */
    slugRedirects: boolean;
    /** get-slug/{id} answers the item's slug and public path (default true; false for kinds found by a key) */
    slug?: boolean;
  };
}

/** Declares a kind: the definition as it is, with its literal name kept for the registry's types. */
export function defineKind<const Name extends string, const K extends KindDefinition<Name>>(kind: K & KindDefinition<Name>): K {
  return kind;
}

/** A kind's editor address: the item, or one of its saved versions (the Rollback list's links). */
export function versionedEditPath(k: Pick<KindDefinition, 'admin'>, id: number | string, versionId?: number | string | null): string {
  return `${k.admin}/edit/${id}${versionId === undefined || versionId === null ? '' : `/${versionId}`}`;
}

/** The Rollback links' segment, /siteadmin/{rollbackRoute}/edit/{id}/{versionId} (the spec's name). */
export function rollbackRoute(k: Pick<KindDefinition, 'admin'>): string {
  return k.admin.replace(/^\/siteadmin\//, '');
}
