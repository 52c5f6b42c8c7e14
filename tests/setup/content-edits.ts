import type { FastifyInstance } from 'fastify';
import type { NewContentVersion } from '#domain/content/content-repository.ts';
import type { MediaRef } from '#shared/content-types.ts';
import type { ProductContent, ProductPageDto } from '#shared/product-content.ts';

/** The content of a public product page as the products service's save takes it (its identity, links and dates left out). */
export function productContentOf(page: ProductPageDto): ProductContent {
  const { id: _i, slug: _s, region: _r, family: _f, lineKey: _l, twinSlug: _t, updated: _u, documents: _d, ...content } = page;
  return content;
}

/**
 * The content of a product version as the admin API's get answers it, ready to send back to
 * /api/admin/products/add (identity, status, schedule and version bookkeeping left out).
 */
export function productAddContentOf<T extends Record<string, unknown>>(
  version: T,
): Omit<T, 'id' | 'versionId' | 'slug' | 'path' | 'region' | 'lineKey' | 'family' | 'status' | 'publishAt' | 'created' | 'current'> {
  const {
    id: _i,
    versionId: _v,
    slug: _s,
    path: _p,
    region: _r,
    lineKey: _l,
    family: _f,
    status: _st,
    publishAt: _a,
    created: _c,
    current: _cur,
    ...content
  } = version;
  return content;
}

/** Appends a version of the published knowledge item `slug` that keeps its content but for `changes`. */
export async function editKnowledgeItem(app: FastifyInstance, slug: string, changes: Partial<NewContentVersion>) {
  const item = await app.services.knowledge.getPublishedBySlug(slug);
  await app.services.knowledge.appendVersion(item.id, {
    title: item.title,
    metadata: item.metadata,
    heroMedia: item.heroMedia as MediaRef | null,
    modules: item.modules,
    publishDate: new Date(item.publishDate),
    ...changes,
  });
}
