import { asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client.ts';
import { products, productVersions } from '#db/schema/products.ts';
import type { ProductContent } from '#shared/product-content.ts';

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
  name: productVersions.name,
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

function versionValues(productId: number, content: ProductContent, authorId: number | null) {
  const { group, ...rest } = content;
  return { productId, groupName: group, authorId, ...rest };
}

export function createProductsRepository(db: DbOrTx) {
  return {
    /** Every product with its newest version, in menu order. One query. */
    async listCurrent(): Promise<ProductRow[]> {
      const latest = db.select({ id: max(productVersions.id) }).from(productVersions).groupBy(productVersions.productId);
      return db
        .select(columns)
        .from(products)
        .innerJoin(productVersions, eq(productVersions.productId, products.id))
        .where(inArray(productVersions.id, latest))
        .orderBy(asc(products.regionId), asc(products.sortOrder), asc(products.id)) as Promise<ProductRow[]>;
    },
    async findBySlug(slug: string): Promise<ProductRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(products)
        .innerJoin(productVersions, eq(productVersions.productId, products.id))
        .where(eq(products.slug, slug))
        .orderBy(desc(productVersions.id))
        .limit(1);
      return row as ProductRow | undefined;
    },
    async findVersion(productId: number, versionId: number): Promise<ProductRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(products)
        .innerJoin(productVersions, eq(productVersions.productId, products.id))
        .where(sql`${products.id} = ${productId} and ${productVersions.id} = ${versionId}`);
      return row as ProductRow | undefined;
    },
    async listVersions(productId: number): Promise<{ id: number; created: Date; authorId: number | null }[]> {
      return db
        .select({ id: productVersions.id, created: productVersions.created, authorId: productVersions.authorId })
        .from(productVersions)
        .where(eq(productVersions.productId, productId))
        .orderBy(desc(productVersions.id));
    },
    async insert(
      base: { slug: string; regionId: number; lineKey: string; family: string; sortOrder: number },
      content: ProductContent,
      authorId: number | null = null,
    ): Promise<number> {
      return (db as Db).transaction(async (tx) => {
        const [row] = await tx.insert(products).values(base).returning({ id: products.id });
        await tx.insert(productVersions).values(versionValues(row!.id, content, authorId));
        return row!.id;
      });
    },
    async appendVersion(productId: number, content: ProductContent, authorId: number | null = null): Promise<void> {
      await (db as Db).transaction(async (tx) => {
        await tx.insert(productVersions).values(versionValues(productId, content, authorId));
        await tx.update(products).set({ updated: new Date() }).where(eq(products.id, productId));
      });
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
