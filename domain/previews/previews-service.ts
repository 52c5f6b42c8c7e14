import type { ContentItemDto } from '#shared/dto/content.ts';
import type { PageDto } from '#shared/dto/pages.ts';
import type { LandingContent, LandingPageDto } from '#shared/landing-content.ts';
import type { ProductContent, ProductPageDto } from '#shared/product-content.ts';
import { randomToken, tokenHash } from '../auth/tokens.ts';
import type { ContentSaveInput } from '../content/content-service.ts';
import { NotFoundError } from '../errors.ts';
import type { PageSaveInput } from '../pages/pages-service.ts';
import type { PreviewsRepository } from './previews-repository.ts';

export const PREVIEW_KINDS = ['knowledge', 'press', 'page', 'product', 'landing'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** A preview link lives this long (ADR 024). */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;

/** What an editor asks to preview: a kind's save body (as its /add route accepts it, already validated). */
export type PreviewInput =
  | { kind: 'knowledge' | 'press'; id: number | null; content: ContentSaveInput }
  | { kind: 'page'; id: number | null; content: PageSaveInput }
  | { kind: 'product'; id: number; content: ProductContent }
  | { kind: 'landing'; id: number; content: LandingContent };

/** The public template's DTO for a preview, by kind. */
export type PreviewPage =
  | { kind: 'knowledge' | 'press'; item: ContentItemDto }
  | { kind: 'page'; page: PageDto }
  | { kind: 'product'; product: ProductPageDto }
  | { kind: 'landing'; page: LandingPageDto };

/** The kinds' own services: the save's write rule (preparePreview) and the public mapping (previewDto). */
export interface PreviewSources {
  knowledge: ContentPreviews;
  press: ContentPreviews;
  pages: { preparePreview(input: PageSaveInput): PageSaveInput; previewDto(input: PageSaveInput, created?: Date): Promise<PageDto> };
  products: {
    preparePreview(input: ProductContent): ProductContent;
    previewDto(id: number, input: ProductContent, created?: Date): Promise<ProductPageDto>;
  };
  landingPages: {
    preparePreview(input: LandingContent): LandingContent;
    previewDto(id: number, input: LandingContent, created?: Date): Promise<LandingPageDto>;
  };
}
interface ContentPreviews {
  preparePreview(input: ContentSaveInput): ContentSaveInput;
  previewDto(input: ContentSaveInput, created?: Date): Promise<ContentItemDto>;
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
  sources: PreviewSources,
  opts: { now?: () => Date; ttlMs?: number; log?: { warn(obj: object, msg?: string): void } } = {},
) {
  const now = opts.now ?? (() => new Date());
  const ttlMs = opts.ttlMs ?? PREVIEW_TTL_MS;

  function prepare(input: PreviewInput): PreviewInput {
    switch (input.kind) {
      case 'knowledge':
      case 'press':
        return { ...input, content: sources[input.kind].preparePreview(input.content) };
      case 'page':
        return { ...input, content: sources.pages.preparePreview(input.content) };
      case 'product':
        return { ...input, content: sources.products.preparePreview(input.content) };
      case 'landing':
        return { ...input, content: sources.landingPages.preparePreview(input.content) };
    }
  }

  async function render(input: PreviewInput, created: Date): Promise<PreviewPage> {
    switch (input.kind) {
      case 'knowledge':
      case 'press':
        return { kind: input.kind, item: await sources[input.kind].previewDto(input.content, created) };
      case 'page':
        return { kind: 'page', page: await sources.pages.previewDto(input.content, created) };
      case 'product':
        return { kind: 'product', product: await sources.products.previewDto(input.id, input.content, created) };
      case 'landing':
        return { kind: 'landing', page: await sources.landingPages.previewDto(input.id, input.content, created) };
    }
  }

  /** The stored JSON back as the input it was: only the knowledge and press publish dates were Dates. */
  function revive(kind: string, itemId: number | null, payload: unknown): PreviewInput | null {
    if (!(PREVIEW_KINDS as readonly string[]).includes(kind) || !payload || typeof payload !== 'object') return null;
    if (kind === 'knowledge' || kind === 'press') {
      const content = payload as ContentSaveInput & { publishDate: string | Date };
      const publishDate = new Date(content.publishDate);
      if (Number.isNaN(publishDate.getTime())) return null;
      return { kind, id: itemId, content: { ...content, publishDate } };
    }
    if (kind === 'page') return { kind, id: itemId, content: payload as PageSaveInput };
    if (itemId === null) return null;
    return kind === 'product'
      ? { kind, id: itemId, content: payload as ProductContent }
      : { kind: 'landing', id: itemId, content: payload as LandingContent };
  }

  return {
    /**
     * Stores a preview and returns its link. The content is prepared and rendered once here, so an
     * unknown or deleted item answers 404 to the editor now rather than on the preview page.
     */
    async create(input: PreviewInput, authorId: number | null): Promise<{ path: string; expiresAt: Date }> {
      const at = now();
      const prepared = prepare(input);
      await render(prepared, at);
      // expired previews go when a new one is made: no timer, and the table stays small
      await repo.purgeExpired(at).catch((err: unknown) => opts.log?.warn({ err }, 'expired previews were not deleted'));
      const token = randomToken();
      const expiresAt = new Date(at.getTime() + ttlMs);
      await repo.insert({
        tokenHash: tokenHash(token),
        kind: prepared.kind,
        itemId: prepared.id,
        payload: prepared.content,
        authorId,
        expiresAt,
      });
      return { path: `/preview/${token}`, expiresAt };
    },

    /** The public DTO of a stored preview; null when the token is unknown or expired, or the item has gone since. */
    async page(token: string): Promise<PreviewPage | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const row = await repo.findValid(tokenHash(token), now());
      const input = row ? revive(row.kind, row.itemId, row.payload) : null;
      if (!row || !input) return null;
      try {
        return await render(input, row.created);
      } catch (err) {
        if (err instanceof NotFoundError) return null;
        throw err;
      }
    },
  };
}
export type PreviewsService = ReturnType<typeof createPreviewsService>;
