import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#db/client.ts';
import type { KindDefinition } from '#shared/kinds/index.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import type { VersionListItem } from '../versioning/versioning-repository.ts';
import type { Publishable } from '../versioning/publish-scheduler.ts';
import type { ContentService } from '../content/content-service.ts';
import type { LandingPagesService } from '../landing-pages/landing-pages-service.ts';
import type { PagesService } from '../pages/pages-service.ts';
import type { ProductsService } from '../products/products-service.ts';

/** The services of the registry's own kinds, built in domain/services.ts before the registry reads them. */
export interface KindServices {
  knowledge: ContentService;
  pressReleases: ContentService;
  pages: PagesService;
  products: ProductsService;
  landingPages: LandingPagesService;
}

/** What the admin service of every versioned kind offers (ADR 034): the route factory's routes call these. */
export interface VersionedAdminService<Item = unknown> {
  /** the newest version (scheduled or not), or the given one */
  adminGet(id: number, versionId?: number): Promise<Item>;
  adminVersions(id: number): Promise<VersionListItem[]>;
  /**
   * the saved version's content and base fields appended as a new version (404 when either is unknown);
   * with a guard, refused (409) unless the version the rollback started from is still the newest (ADR 048)
   */
  adminRollback(id: number, versionId: number, authorId: number | null, guard?: SaveGuard | null): Promise<Item>;
  /** what the publishing scheduler calls (each kind's versioning service) */
  versioning: Publishable;
}

/** What a kind's service may be built from: the database, the hooks every kind's writes go through, the other services. */
export interface KindContext {
  db: DbOrTx;
  /** the services built before the kinds' (the registry's own kinds are among them) */
  services: KindServices;
  events: ContentEvents;
  audit: AuditRecorder;
  onScheduled: (at: Date) => void;
  siteUrl: string;
}

/** An item of a kind that mentions a document (the document library's "where used"). */
export interface KindUsageRow {
  title: string;
  slug: string;
  regionId: number | null;
}

/**
 * The domain half of a versioned kind (ADR 037): its service (the existing one, or one built here)
 * and the few calls that differ between kinds, so the route factory, the previews, the scheduler,
 * the dashboard and the document library never name a kind.
 */
export interface DomainKind<Svc extends VersionedAdminService = VersionedAdminService, Save = never, Filter = never> {
  def: KindDefinition;
  /** the base table (status, currentVersionId, nextPublishAt: db/schema/versioned.ts): the dashboard counts it */
  base: PgTable;
  service(ctx: KindContext): Svc;
  /** the admin API's calls beyond the factory's own (which go to `VersionedAdminService`) */
  admin: {
    /** add: create, or with an id append a version */
    save(svc: Svc, body: Save, authorId: number | null): Promise<unknown>;
    /** the reply's message of a save (undefined: "Saved: a new version was added.") */
    saved?: (body: Save) => string | undefined;
    filter(svc: Svc, body: Filter): Promise<unknown>;
    /** get-slug/{id}; absent for kinds without a slug */
    slug?(svc: Svc, id: number): Promise<{ id: number; slug: string; path: string }>;
    /** delete/{id}; absent for kinds whose items cannot be deleted */
    remove?(svc: Svc, id: number): Promise<void>;
    /** pin (features.pin) */
    pin?(svc: Svc, baseId: number, type: number, pinned: boolean): Promise<void>;
  };
  /** Preview before saving (ADR 024), for kinds with `features.preview` */
  preview?: {
    /** the request's save body as the service takes it (the same shaping the kind's add does) */
    input(content: Save, id: number | null): unknown;
    /** the save's write rule, nothing stored */
    prepare(svc: Svc, content: unknown): unknown;
    /** the public template's data: what the app half's preview template is given */
    render(svc: Svc, id: number | null, content: unknown, created: Date): Promise<Record<string, unknown>>;
    /** the stored JSON back as the input it was; null when it cannot be one */
    revive(payload: Record<string, unknown>, id: number | null): unknown;
  };
  /** The document library's "where used": the live items whose content mentions a document */
  usage?: {
    /** where the kind's rows come in the list (lower first) */
    order: number;
    find(db: DbOrTx, pattern: string, opts: { productKey: string | null; listedOnProducts: boolean }): Promise<KindUsageRow[]>;
    /** the public address of a row (null when it has none) */
    path(row: KindUsageRow): string | null;
    /** the row's title as the list shows it; its own title when absent */
    title?(row: KindUsageRow): string;
  };
}

/** Declares a domain half, keeping its service's and payloads' types for its own calls. */
export function defineDomainKind<Svc extends VersionedAdminService, Save = never, Filter = never>(
  kind: DomainKind<Svc, Save, Filter>,
): DomainKind {
  return kind as unknown as DomainKind;
}
