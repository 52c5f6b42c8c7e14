import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { products, productVersions } from '#db/schema/products.ts';
import type { ProductContent } from '#shared/product-content.ts';
import { createVersioningRepository } from '../versioning/versioning-repository.ts';

export interface ProductRow extends ProductContent {
  id: number;
  slug: string;
  regionId: number;
  lineKey: string;
  family: string;
  sortOrder: number;
  status: number;
  versionId: number;
  versionCreated: Date;
  /** the last save (a scheduled version too) */
  updated: Date;
  /** when a saved version still to come goes live */
  nextPublishAt: Date | null;
}

const columns = {
  id: products.id,
  slug: products.slug,
  regionId: products.regionId,
  lineKey: products.lineKey,
  family: products.family,
  sortOrder: products.sortOrder,
  status: products.status,
  versionId: productVersions.id,
  versionCreated: productVersions.created,
  updated: products.updated,
  nextPublishAt: products.nextPublishAt,
  name: productVersions.title,
  group: sql<ProductContent['group']>`${productVersions.groupName}`,
  tagline: productVersions.tagline,
  summary: productVersions.summary,
  heroMedia: productVersions.heroMedia,
  modules: productVersions.modules,
  benefits: productVersions.benefits,
  analysis: productVersions.analysis,
  documentKeys: productVersions.documentKeys,
  knowledgeSlugs: productVersions.knowledgeSlugs,
  seo: productVersions.seo,
};

/** ProductContent as version columns (the product name is the version's title). */
export function productVersionValues(content: ProductContent) {
  const { group, name, ...rest } = content;
  return { title: name, groupName: group, ...rest };
}

export function createProductsRepository(db: DbOrTx) {
  const versioning = createVersioningRepository(db, { base: products, versions: productVersions });
  const current = eq(productVersions.id, products.currentVersionId);
  return {
    versioning,
    /** Every product with its current version, in menu order. One query. */
    async listCurrent(): Promise<ProductRow[]> {
      return db
        .select(columns)
        .from(products)
        .innerJoin(productVersions, current)
        .orderBy(asc(products.regionId), asc(products.sortOrder), asc(products.id)) as Promise<ProductRow[]>;
    },
    async findBySlug(slug: string): Promise<ProductRow | undefined> {
      const [row] = await db.select(columns).from(products).innerJoin(productVersions, current).where(eq(products.slug, slug));
      return row as ProductRow | undefined;
    },
    async findVersion(productId: number, versionId: number): Promise<ProductRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(products)
        .innerJoin(productVersions, eq(productVersions.itemId, products.id))
        .where(sql`${products.id} = ${productId} and ${productVersions.id} = ${versionId}`);
      return row as ProductRow | undefined;
    },
    async insert(
      base: { slug: string; regionId: number; lineKey: string; family: string; sortOrder: number },
      content: ProductContent,
      authorId: number | null = null,
    ): Promise<number> {
      return (await versioning.create(base, productVersionValues(content), { authorId })).id;
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
