import type { PreviewPage } from '../kinds/index.ts';
import type { DomainKind, VersionedAdminService } from '../kinds/define.ts';
import { randomToken, tokenHash } from '../auth/tokens.ts';
import { NotFoundError } from '../errors.ts';
import type { PreviewsRepository } from './previews-repository.ts';

export type { PreviewPage } from '../kinds/index.ts';

/** A preview link lives this long (ADR 024). */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;

/** What an editor asks to preview: a kind's save body (as its /add route accepts it, already validated). */
export interface PreviewInput {
  kind: string;
  id: number | null;
  /** the save body as the request carried it (the kind's preview shapes it as its add does) */
  content: unknown;
}

/** A kind with previews, with its running service. */
export interface PreviewSource {
  half: DomainKind;
  service: VersionedAdminService;
}

/** base64url of 32 random bytes (randomToken): anything else cannot be a preview link. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Previews before saving (ADR 024): the content goes through the same write rule as a save (each
 * kind's versioning `prepare`), is stored for 30 minutes under a random token (kept hashed, like
 * the sign-in tokens) and is rendered by the public templates from the same DTO mapping the
 * services use for published content. Stored in the database, so any instance can answer the link.
 */
export function createPreviewsService(
  repo: PreviewsRepository,
  /** every kind of the app: those with previews are previewed */
  sources: readonly PreviewSource[],
  opts: { now?: () => Date; ttlMs?: number; log?: { warn(obj: object, msg?: string): void } } = {},
) {
  const now = opts.now ?? (() => new Date());
  const ttlMs = opts.ttlMs ?? PREVIEW_TTL_MS;

  const previewed = new Map(sources.filter((k) => k.half.def.features.preview && k.half.preview).map((k) => [k.half.def.name, k]));

  /** The kind's preview calls and service; null for a kind without previews. */
  function sourceOf(kind: string) {
    const source = previewed.get(kind);
    return source?.half.preview ? { preview: source.half.preview, service: source.service } : null;
  }

  /** The stored or prepared content rendered as the kind's public template's data. */
  async function render(kind: string, id: number | null, content: unknown, created: Date): Promise<PreviewPage> {
    const source = sourceOf(kind);
    if (!source) throw new NotFoundError('Unknown kind.');
    return { kind, ...(await source.preview.render(source.service, id, content, created)) } as PreviewPage;
  }

  /** The stored JSON back as the content it was (dates revived); null when it cannot be one. */
  function revive(kind: string, itemId: number | null, payload: unknown): unknown {
    const source = sourceOf(kind);
    if (!source || !payload || typeof payload !== 'object') return null;
    return source.preview.revive(payload as Record<string, unknown>, itemId);
  }

  return {
    /**
     * Stores a preview and returns its link. The content is prepared and rendered once here, so an
     * unknown or deleted item answers 404 to the editor now rather than on the preview page.
     */
    async create(input: PreviewInput, authorId: number | null): Promise<{ path: string; expiresAt: Date }> {
      const at = now();
      const source = sourceOf(input.kind);
      if (!source) throw new NotFoundError('Unknown kind.');
      const content = source.preview.prepare(source.service, source.preview.input(input.content as never, input.id));
      await render(input.kind, input.id, content, at);
      // expired previews go when a new one is made: no timer, and the table stays small
      await repo.purgeExpired(at).catch((err: unknown) => opts.log?.warn({ err }, 'expired previews were not deleted'));
      const token = randomToken();
      const expiresAt = new Date(at.getTime() + ttlMs);
      await repo.insert({
        tokenHash: tokenHash(token),
        kind: input.kind,
        itemId: input.id,
        payload: content,
        authorId,
        expiresAt,
      });
      return { path: `/preview/${token}`, expiresAt };
    },

    /** The public DTO of a stored preview; null when the token is unknown or expired, or the item has gone since. */
    async page(token: string): Promise<PreviewPage | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const row = await repo.findValid(tokenHash(token), now());
      const content = row ? revive(row.kind, row.itemId, row.payload) : null;
      if (!row || !content) return null;
      try {
        return await render(row.kind, row.itemId, content, row.created);
      } catch (err) {
        if (err instanceof NotFoundError) return null;
        throw err;
      }
    },
  };
}
export type PreviewsService = ReturnType<typeof createPreviewsService>;
