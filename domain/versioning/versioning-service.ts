import type { InferSelectModel } from 'drizzle-orm';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ContentEvents, ContentKind } from '../content-events/content-events.ts';
import { NotFoundError } from '../errors.ts';
import { CONTENT_STATUS } from '#db/schema/versioned.ts';
import { kindNamed, versionedEditPath, type KindDefinition } from '#shared/kinds/index.ts';
import { displayName } from '#shared/people.ts';
import type {
  BaseValues,
  VersionedBase,
  VersionedVersions,
  VersioningRepository,
  VersionListItem,
  VersionMeta,
  VersionValues,
} from './versioning-repository.ts';

/** Who is told of a versioned kind's writes: the same for every kind, passed through by its service. */
export interface VersioningHooks {
  /** told about every write (the page cache, the in-memory copies, other instances) */
  events?: ContentEvents;
  /** told when a version is scheduled, so the publisher can wake up in time */
  onScheduled?: (at: Date) => void;
  /** where every write is recorded (the audit log): created, saved, published, scheduled, rolled back, deleted */
  audit?: AuditRecorder;
  /** where an expired item's address redirects to the path its editor chose (ADR 049): a redirect like a hand-made one */
  expiryRedirects?: ExpiryRedirects;
}

/** The part of the redirects service an expiry writes through (saved, audited and cached like a hand-made redirect). */
export interface ExpiryRedirects {
  /** writes the redirect marked as the expiry's */
  saveForExpiry(input: { fromPath: string; toPath: string; statusCode: 302; keepQuery: boolean }): Promise<unknown>;
  /** removes the redirect at `path` if it is still the one an expiry left (no person saved it since); true when removed */
  releaseExpiryRedirect(path: string, title: string | null): Promise<boolean>;
}

/** The hooks out of a service's options (which hold more). */
export function versioningHooks(opts: VersioningHooks): VersioningHooks {
  return { events: opts.events, onScheduled: opts.onScheduled, audit: opts.audit, expiryRedirects: opts.expiryRedirects };
}

export interface VersioningServiceOptions<B extends VersionedBase, V extends VersionedVersions> extends VersioningHooks {
  kind: ContentKind;
  /**
   * The kind's definition, for the audit log's entries (its subject and the admin link); the
   * registry's kind of the same name when absent (shared/kinds).
   */
  definition?: KindDefinition;
  /** used in messages: 'Knowledge item', 'Product' */
  label: string;
  /** the item's public slug (or key), for the content-changed call */
  slugOf: (base: InferSelectModel<B>) => string | null;
  /** the item's public path (an expiry's redirect starts there); absent or null: the expiry leaves no redirect */
  pathOf?: (base: InferSelectModel<B>) => string | null;
  /** the one write rule: every version passes here before it is stored (rich text sanitized) */
  prepare?: (values: VersionValues<V>) => VersionValues<V>;
  now?: () => Date;
}

const DELETED = CONTENT_STATUS.deleted;

/**
 * The one versioning service (ADR 017), used by every kind: current, list versions, get version,
 * append version, rollback (= append a copy of an old version), with author and publish-at. Every
 * write ends in the content-changed call, so cached pages showing the item are dropped.
 */
export function createVersioningService<B extends VersionedBase, V extends VersionedVersions>(
  repo: VersioningRepository<B, V>,
  opts: VersioningServiceOptions<B, V>,
) {
  type BaseRow = InferSelectModel<B>;
  type VersionRow = InferSelectModel<V>;
  const now = opts.now ?? (() => new Date());
  const prepare = opts.prepare ?? ((v: VersionValues<V>) => v);
  const definition = opts.definition ?? kindNamed(opts.kind);

  function changed(id: number | string | null, oldSlug: string | null, newSlug: string | null) {
    opts.events?.changed({ kind: opts.kind, id, oldSlug, newSlug });
  }
  function scheduled(meta: VersionMeta, base?: BaseRow) {
    if (meta.publishAt && meta.publishAt.getTime() > now().getTime()) opts.onScheduled?.(meta.publishAt);
    const expires = (base as { unpublishAt?: Date | null } | undefined)?.unpublishAt;
    if (expires) opts.onScheduled?.(expires);
  }
  async function baseOrThrow(id: number): Promise<BaseRow> {
    const row = await repo.findBase(id);
    if (!row || (row as { status: number }).status === DELETED) throw new NotFoundError(`${opts.label} not found.`);
    return row;
  }
  /** Records a write in the audit log (who and from where come from the request). */
  async function audited(action: string, id: number, title: unknown, detail: Record<string, unknown> | null = null) {
    if (!opts.audit || !definition) return;
    await opts.audit.record({
      action,
      subject: {
        kind: definition.name,
        id,
        title: typeof title === 'string' ? title : null,
        // the admin screen of the item: the audit log links to it
        link: versionedEditPath(definition, id),
      },
      detail,
    });
  }
  const statusOf = (row: BaseRow) => (row as { status?: number }).status;
  const titleOf = async (id: number) => ((await repo.latest(id))?.version as { title?: unknown } | undefined)?.title;
  const future = (meta: VersionMeta) => Boolean(meta.publishAt && meta.publishAt.getTime() > now().getTime());

  /**
   * The item is on the site again (ADR 049): the redirect its expiry left at its public path would answer before
   * the page, so it goes, unless a person has saved it since (then it is theirs, and stays).
   */
  async function republished(before: BaseRow | null, after: BaseRow, title: unknown) {
    if (statusOf(after) !== CONTENT_STATUS.published || (before && statusOf(before) === CONTENT_STATUS.published)) return;
    const path = opts.pathOf?.(after);
    if (!path || !opts.expiryRedirects) return;
    await opts.expiryRedirects.releaseExpiryRedirect(path, typeof title === 'string' ? title : null);
  }

  /** the id the content-changed call names: landing pages by key, everything else by id */
  function eventId(base: BaseRow): number | string {
    return opts.kind === 'landing' ? (opts.slugOf(base) ?? (base as { id: number }).id) : (base as { id: number }).id;
  }

  return {
    kind: opts.kind,
    repo,

    /**
     * The write rule alone, nothing stored: a preview (ADR 024) passes its content here, so what an
     * editor previews is exactly what a save of the same content would store.
     */
    prepare: (version: VersionValues<V>): VersionValues<V> => prepare(version),

    /** The base row and the version the public site shows now (NotFound when deleted or never published). */
    async current(id: number): Promise<{ base: BaseRow; version: VersionRow }> {
      const row = await repo.current(id);
      if (!row || (row.base as { status: number }).status === DELETED) throw new NotFoundError(`${opts.label} not found.`);
      return row;
    },

    /** The newest version, scheduled or not: what the editor opens. */
    async latest(id: number): Promise<{ base: BaseRow; version: VersionRow }> {
      const row = await repo.latest(id);
      if (!row || (row.base as { status: number }).status === DELETED) throw new NotFoundError(`${opts.label} not found.`);
      return row;
    },

    async getVersion(id: number, versionId: number): Promise<{ base: BaseRow; version: VersionRow }> {
      const base = await baseOrThrow(id);
      const version = await repo.getVersion(id, versionId);
      if (!version) throw new NotFoundError('Version not found.');
      return { base, version };
    },

    async listVersions(id: number): Promise<VersionListItem[]> {
      await baseOrThrow(id);
      return repo.listVersions(id);
    },

    async create(values: BaseValues<B>, version: VersionValues<V>, meta: VersionMeta = {}): Promise<{ id: number; versionId: number }> {
      const created = await repo.create(values, prepare(version), meta, now());
      const base = (await repo.findBase(created.id))!;
      changed(eventId(base), null, opts.slugOf(base));
      scheduled(meta, base);
      const status = future(meta) ? 'scheduled' : statusOf(base) === CONTENT_STATUS.draft ? 'draft' : 'published';
      await audited('created', created.id, (version as { title?: unknown }).title, {
        status,
        ...(future(meta) ? { publishAt: meta.publishAt!.toISOString() } : {}),
      });
      return created;
    },

    /**
     * Appends a version; base changes (slug, status, pinned) are written in the same transaction. With
     * `meta.guard` the append is refused (EditConflictError, 409) unless the version it started from is
     * still the newest (ADR 048); an overwrite on purpose is recorded as saved over that version's author.
     */
    async append(id: number, version: VersionValues<V>, meta: VersionMeta = {}, baseChanges: Partial<BaseValues<B>> = {}): Promise<number> {
      const before = await baseOrThrow(id);
      const overwritten = meta.guard?.overwrite ? await repo.versionAuthor(id, meta.guard.baseVersion) : undefined;
      const versionId = await repo.append(id, prepare(version), meta, baseChanges, now());
      const after = (await repo.findBase(id))!;
      changed(eventId(after), opts.slugOf(before), opts.slugOf(after));
      scheduled(meta, after);
      const title = (version as { title?: unknown }).title;
      await republished(before, after, title);
      // "saved over Ana Lopez's changes": only another person's (or the site's) save is saved over
      const over =
        overwritten && overwritten.authorId !== (meta.authorId ?? null)
          ? {
              overwrote: {
                versionId: overwritten.id,
                name: overwritten.email ? displayName(overwritten) : 'the site',
                email: overwritten.email,
                saved: overwritten.created.toISOString(),
              },
            }
          : {};
      const expiry = expiryDetail(before, after);
      const detail = (d: Record<string, unknown> | null = null) =>
        d || Object.keys(over).length || expiry ? { ...d, ...over, ...expiry } : null;
      const restored = meta.rollbackOf ? await repo.getVersion(id, meta.rollbackOf) : undefined;
      if (restored)
        await audited(
          'rolled-back',
          id,
          title,
          detail({
            versionId: restored.id,
            versionCreated: (restored as { created: Date }).created.toISOString(),
          }),
        );
      else if (future(meta)) await audited('scheduled', id, title, detail({ publishAt: meta.publishAt!.toISOString() }));
      else if (statusOf(before) !== CONTENT_STATUS.published && statusOf(after) === CONTENT_STATUS.published)
        await audited('published', id, title, detail());
      else if (statusOf(before) === CONTENT_STATUS.published && statusOf(after) === CONTENT_STATUS.draft)
        await audited('unpublished', id, title, detail());
      else await audited('saved', id, title, detail());
      return versionId;
    },

    /**
     * What a rollback restores: the saved version, and the base fields (slug, status, region...) as
     * they were once it was saved; a version saved before those were kept leaves the base as it is.
     */
    async rollbackSource(id: number, versionId: number): Promise<{ base: BaseRow; version: VersionRow; fields: BaseRow }> {
      const { base, version } = await this.getVersion(id, versionId);
      const saved = (version as { baseFields?: Record<string, unknown> | null }).baseFields ?? {};
      const fields: Record<string, unknown> = { ...(base as Record<string, unknown>) };
      for (const [key, value] of Object.entries(saved)) {
        // dates travel as text in the kept copy; those are copies of version fields, never restored
        if (key in fields && !(fields[key] instanceof Date) && value !== undefined) fields[key] = value;
      }
      if (fields.status === DELETED) fields.status = (base as { status: number }).status;
      return { base, version, fields: fields as BaseRow };
    },

    /**
     * Rollback never destroys history: the old version's content, with the base fields it was saved
     * with, is appended as the newest version. The admin services add their slug rules (ADR 034).
     */
    async rollback(id: number, versionId: number, meta: VersionMeta = {}): Promise<number> {
      const { version, fields } = await this.rollbackSource(id, versionId);
      const {
        id: _id,
        itemId: _item,
        publishAt: _at,
        authorId: _author,
        created: _created,
        baseFields: _fields,
        ...content
      } = version as Record<string, unknown>;
      const {
        id: _base,
        currentVersionId: _c,
        nextPublishAt: _n,
        created: _bc,
        updated: _u,
        ...restored
      } = fields as Record<string, unknown>;
      const baseChanges = Object.fromEntries(Object.entries(restored).filter(([, value]) => !(value instanceof Date)));
      return this.append(id, content as VersionValues<V>, { ...meta, rollbackOf: versionId }, baseChanges as Partial<BaseValues<B>>);
    },

    /** Changes base fields only (pinned, status); no version is added. */
    async updateBase(id: number, values: Partial<BaseValues<B>>): Promise<void> {
      const before = await baseOrThrow(id);
      await repo.updateBase(id, values);
      const after = (await repo.findBase(id))!;
      changed(eventId(after), opts.slugOf(before), opts.slugOf(after));
      await republished(before, after, await titleOf(id));
      const pinned = (values as { pinned?: unknown }).pinned;
      await audited(pinned === true ? 'pinned' : pinned === false ? 'unpinned' : 'saved', id, await titleOf(id));
    },

    /** Soft delete (status -1): the versions stay, the public site and the admin lists stop showing it. */
    async remove(id: number): Promise<void> {
      const before = await baseOrThrow(id);
      await repo.updateBase(id, { status: DELETED } as unknown as Partial<BaseValues<B>>);
      changed(eventId(before), opts.slugOf(before), null);
      await audited('deleted', id, await titleOf(id));
    },

    /** Moves the pointer of every item whose scheduled version is due, and reports each change. */
    async publishDue(at: Date = now()): Promise<number[]> {
      const ids = await repo.publishDue(at);
      for (const id of ids) {
        const base = await repo.findBase(id);
        const slug = base ? opts.slugOf(base) : null;
        changed(base ? eventId(base) : id, slug, slug);
        // a published item whose scheduled version went live: nothing of its expiry may stand before it
        if (base) await republished(null, base, await titleOf(id));
        // the scheduled version went live: the site did it, at the time an editor chose
        await audited('published', id, await titleOf(id), { scheduled: true });
      }
      return ids;
    },

    nextPublishAt: () => repo.nextPublishAt(),

    /**
     * Expiry (ADR 049): every published item whose Unpublish at has come leaves the site (a draft now),
     * once across all instances (the repository's conditional update), each reported like any write (the
     * page cache, lists, search and sitemap drop it here and on every instance), audited as unpublished on
     * schedule, and its address redirected to the chosen path when there is one.
     */
    async unpublishDue(at: Date = now()): Promise<number[]> {
      const due = await repo.unpublishDue(at);
      for (const { id, redirect } of due) {
        const base = await repo.findBase(id);
        const slug = base ? opts.slugOf(base) : null;
        changed(base ? eventId(base) : id, slug, slug);
        const from = base && opts.pathOf ? opts.pathOf(base) : null;
        let redirected: string | null = null;
        let redirectError: string | null = null;
        if (redirect && from && opts.expiryRedirects) {
          try {
            await opts.expiryRedirects.saveForExpiry({ fromPath: from, toPath: redirect, statusCode: 302, keepQuery: true });
            redirected = redirect;
          } catch (err) {
            // a redirect already answering that address, or one that would make a chain: the item is off the site all the same
            redirectError = err instanceof Error ? err.message : String(err);
          }
        }
        await audited('unpublished', id, await titleOf(id), {
          scheduled: true,
          ...(redirected ? { redirect: { from, to: redirected } } : {}),
          ...(redirectError ? { redirectError } : {}),
        });
      }
      return due.map((d) => d.id);
    },

    nextUnpublishAt: () => repo.nextUnpublishAt(),
  };
}

/** What a save changed of the item's expiry, for the audit entry (null when nothing). */
function expiryDetail(before: unknown, after: unknown): Record<string, unknown> | null {
  const b = before as { unpublishAt?: Date | null; unpublishRedirect?: string | null };
  const a = after as { unpublishAt?: Date | null; unpublishRedirect?: string | null };
  const at = (d: Date | null | undefined) => d?.toISOString() ?? null;
  if (at(b.unpublishAt) === at(a.unpublishAt) && (b.unpublishRedirect ?? null) === (a.unpublishRedirect ?? null)) return null;
  return { unpublishAt: at(a.unpublishAt), unpublishRedirect: a.unpublishRedirect ?? null };
}
/** The version fields an admin item ends with: when it goes live, when it was saved, whether it is the current one. */
export function versionTimes(base: { currentVersionId: number | null }, v: { id: number; publishAt: Date | null; created: Date }) {
  return { publishAt: v.publishAt?.toISOString() ?? null, created: v.created.toISOString(), current: base.currentVersionId === v.id };
}

/** The expiry fields an admin item ends with (ADR 049): when the item leaves the site, and where its address then leads. */
export function expiryTimes(base: { unpublishAt?: Date | null; unpublishRedirect?: string | null }) {
  return { unpublishAt: base.unpublishAt?.toISOString() ?? null, unpublishRedirect: base.unpublishRedirect ?? null };
}

export type VersioningService<B extends VersionedBase, V extends VersionedVersions> = ReturnType<typeof createVersioningService<B, V>>;
