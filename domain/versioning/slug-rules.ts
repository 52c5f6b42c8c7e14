import { saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { DomainError } from '../errors.ts';
import type { VersionMeta } from './versioning-repository.ts';
import { slugify, SLUG_PATTERN } from './slug.ts';

/** Where a published item's old address goes when its path changes (the redirects service). */
export interface MoveRedirects {
  followMove(oldPath: string, newPath: string): Promise<void>;
  checkMoveTarget?(path: string): Promise<void>;
  releasePath?(path: string): Promise<void>;
}

/** The base fields a slug rule looks at: the item's slug, status and whatever its path is made of. */
interface SlugBase {
  slug: string;
  status: number;
  currentVersionId: number | null;
}

/** The save input fields a slugged save reads (besides those `pathOf` reads). */
interface SlugSaveInput {
  id?: number | null;
  slug?: string | null;
  title: string;
  publishAt?: Date | null;
  rollbackOf?: number | null;
  /** the version an edit started from, and whether it saves over a newer one on purpose (ADR 048) */
  baseVersion?: number | null;
  overwrite?: boolean;
}

/** The part of a kind's versioning service a save writes through. */
interface SaveStore<B, BV, VV> {
  latest(id: number): Promise<{ base: B }>;
  create(base: BV, version: VV, meta: VersionMeta): Promise<{ id: number; versionId: number }>;
  append(id: number, version: VV, meta: VersionMeta, base: BV): Promise<number>;
}

/**
 * The admin service layer's address rules for a versioned kind that has slugs (knowledge items,
 * press releases, pages), one definition each (ADR 034): an empty slug is made from the title (on
 * create) or kept (on edit); a slug must have the slug form, not be reserved and not be taken; a
 * rename onto an address a redirect answers is refused before anything is written; a published
 * item whose path changes leaves a 301 behind unless the editor said not to.
 */
export function createSlugRules<B extends SlugBase, I>(def: {
  /** 'Knowledge item', 'Page': "already used by another page" */
  label: string;
  findIdBySlug: (slug: string) => Promise<number | undefined>;
  /** the public path of an item with this base (or these saved fields) */
  pathOf: (slug: string, input: I | B) => string;
  reserved?: ReadonlySet<string>;
  /** the message when neither the slug nor the title gives one */
  emptyMessage?: string;
  redirects?: MoveRedirects;
}) {
  const invalid = 'The slug may use lower-case letters, digits and single hyphens only.';

  async function check(slug: string, id: number | null): Promise<void> {
    if (!SLUG_PATTERN.test(slug)) throw new DomainError(invalid, 400, { slug: [invalid] });
    if (def.reserved?.has(slug)) {
      const message = `/${slug} is one of the site's own addresses; choose another slug.`;
      throw new DomainError(message, 409, { slug: [message] });
    }
    const owner = await def.findIdBySlug(slug);
    if (owner !== undefined && owner !== id) {
      const message = `The slug "${slug}" is already used by another ${def.label.toLowerCase()}.`;
      throw new DomainError(message, 409, { slug: [message] });
    }
  }

  const rules = {
    /** An empty slug is made from the title (on create) or kept (on edit). */
    slugFor(input: { slug?: string | null; title: string }, before: { slug: string } | null): string {
      return input.slug?.trim() ? input.slug.trim().toLowerCase() : before ? before.slug : slugify(input.title);
    },

    check,

    /** Everything refused before a save writes: a missing or bad slug, one taken, a move onto a redirect. */
    async beforeSave(slug: string, id: number | null, before: B | null, input: I): Promise<void> {
      if (!slug) throw new DomainError(def.emptyMessage ?? 'Enter a slug.', 400, { slug: ['Enter a slug.'] });
      await check(slug, id);
      if (before) {
        const newPath = def.pathOf(slug, input);
        if (def.pathOf(before.slug, before) !== newPath) await def.redirects?.checkMoveTarget?.(newPath);
      }
    },

    /** Two editors saving the same new slug at once: the unique index decides, and the refusal says why. */
    async onConflict(err: unknown, slug: string, id: number | null): Promise<never> {
      const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') await check(slug, id);
      throw err;
    },

    /** After a save: a published item whose path changed leaves a 301 from the old path (unless told not to). */
    async afterSave(before: B | null, slug: string, input: I & { redirectOldSlug?: boolean }): Promise<void> {
      if (!before) return;
      const oldPath = def.pathOf(before.slug, before);
      const newPath = def.pathOf(slug, input);
      if (oldPath === newPath) return;
      if (before.status === 1 && before.currentVersionId !== null && input.redirectOldSlug !== false)
        await def.redirects?.followMove(oldPath, newPath);
      // the item now answers here: a redirect a rename left at this path must not answer in its place
      else await def.redirects?.releasePath?.(newPath);
    },
  };

  /**
   * Create (no id) or append a version (with an id) under these rules: the slug is made and
   * checked, the base and version `parts` gives for it are written with the author, publish-at and
   * rollback meta, and a move leaves its redirect. Returns the saved id and version id.
   */
  async function save<BV, VV>(
    input: I & SlugSaveInput & { redirectOldSlug?: boolean },
    authorId: number | null,
    store: SaveStore<B, BV, VV>,
    parts: (slug: string) => { base: BV; version: VV },
  ): Promise<{ id: number; versionId: number }> {
    const id = input.id ?? null;
    const before = id === null ? null : (await store.latest(id)).base;
    const slug = rules.slugFor(input, before);
    await rules.beforeSave(slug, id, before, input);
    const { base, version } = parts(slug);
    const meta = { authorId, publishAt: input.publishAt ?? null, rollbackOf: input.rollbackOf ?? null, guard: saveGuardOf(input) };
    let saved: { id: number; versionId: number };
    try {
      saved = id === null ? await store.create(base, version, meta) : { id, versionId: await store.append(id, version, meta, base) };
    } catch (err) {
      return rules.onConflict(err, slug, id);
    }
    await rules.afterSave(before, slug, input);
    return saved;
  }

  return { ...rules, save };
}
