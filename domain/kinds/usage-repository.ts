import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#db/client.ts';
import { products, productVersions } from '#db/schema/products.ts';
import { CONTENT_STATUS } from '#db/schema/versioned.ts';
import type { KindUsageRow } from './define.ts';

type VersionedBaseTable = PgTable & { id: AnyPgColumn; status: AnyPgColumn; currentVersionId: AnyPgColumn };
type VersionsTable = PgTable & { id: AnyPgColumn; itemId: AnyPgColumn; title: AnyPgColumn };

/**
 * The "where used" rows of a kind made with `versionedTables` (db/schema/versioned.ts): live
 * (newest) versions whose content mentions the pattern. The live version of an item is the one its
 * base row points at (ADR 017); `notDeleted` leaves deleted items out for kinds that keep them.
 */
export function liveMentions(
  db: DbOrTx,
  t: { base: VersionedBaseTable; versions: VersionsTable; slug: AnyPgColumn; regionId?: AnyPgColumn },
  pattern: string,
  notDeleted = false,
): Promise<KindUsageRow[]> {
  return db
    .select({ title: t.versions.title, slug: t.slug, regionId: t.regionId ?? sql<number | null>`null` })
    .from(t.versions)
    .innerJoin(t.base, eq(t.base.id, t.versions.itemId))
    .where(
      and(
        notDeleted ? ne(t.base.status, CONTENT_STATUS.deleted) : undefined,
        sql`${t.versions}::text ilike ${pattern}`,
        eq(t.versions.id, t.base.currentVersionId),
      ),
    ) as Promise<KindUsageRow[]>;
}

/**
 * The product pages that mention a document, or (with `listedOnProducts`) list it because of its
 * product (labels and SDSs), by their live version.
 */
export function productMentions(
  db: DbOrTx,
  pattern: string,
  { productKey, listedOnProducts }: { productKey: string | null; listedOnProducts: boolean },
): Promise<KindUsageRow[]> {
  return db
    .select({ title: productVersions.title, slug: products.slug, regionId: products.regionId })
    .from(productVersions)
    .innerJoin(products, eq(products.currentVersionId, productVersions.id))
    .where(
      and(
        or(
          sql`${productVersions}::text ilike ${pattern}`,
          listedOnProducts && productKey ? sql`${productVersions.documentKeys} @> ${JSON.stringify([productKey])}::jsonb` : undefined,
        ),
      ),
    )
    .orderBy(asc(products.slug)) as Promise<KindUsageRow[]>;
}
