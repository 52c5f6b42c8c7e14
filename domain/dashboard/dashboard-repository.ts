import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#db/client.ts';
import { knowledgeItems, pressReleases } from '#db/schema/knowledge.ts';
import { landingPages } from '#db/schema/landing-pages.ts';
import { pages } from '#db/schema/pages.ts';
import { products } from '#db/schema/products.ts';
import { CONTENT_STATUS } from '#db/schema/versioned.ts';

/** The versioned kinds' base tables: each has status, currentVersionId and nextPublishAt (db/schema/versioned.ts). */
const BASES: readonly PgTable[] = [products, knowledgeItems, pressReleases, pages, landingPages];

/** What the dashboard counts across the versioned kinds. */
export function createDashboardRepository(db: DbOrTx) {
  return {
    /**
     * Drafts (hidden items) and scheduled items (a version waiting for its publish time, or an item
     * whose first version is still to come), deleted ones left out; one small query per kind.
     */
    async contentCounts(): Promise<{ drafts: number; scheduled: number }> {
      const counts = await Promise.all(
        BASES.map(async (table) => {
          const [row] = await db
            .select({
              drafts: sql<number>`count(*) filter (where status = ${CONTENT_STATUS.draft})`.mapWith(Number),
              scheduled:
                sql<number>`count(*) filter (where status <> ${CONTENT_STATUS.deleted} and (next_publish_at is not null or current_version_id is null))`.mapWith(
                  Number,
                ),
            })
            .from(table);
          return row ?? { drafts: 0, scheduled: 0 };
        }),
      );
      return counts.reduce((sum, c) => ({ drafts: sum.drafts + c.drafts, scheduled: sum.scheduled + c.scheduled }), {
        drafts: 0,
        scheduled: 0,
      });
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
