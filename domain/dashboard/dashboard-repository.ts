import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#db/client.ts';
import { CONTENT_STATUS } from '#db/schema/versioned.ts';
import { DOMAIN_KINDS } from '../kinds/index.ts';

/**
 * What the dashboard counts across the versioned kinds, given their base tables (each has status,
 * currentVersionId and nextPublishAt: db/schema/versioned.ts); the registry's kinds by default.
 */
export function createDashboardRepository(db: DbOrTx, bases: readonly PgTable[] = DOMAIN_KINDS.map((k) => k.base)) {
  return {
    /**
     * Drafts (hidden items) and scheduled items (a version waiting for its publish time, or an item
     * whose first version is still to come), deleted ones left out; one small query per kind.
     */
    async contentCounts(): Promise<{ drafts: number; scheduled: number }> {
      const counts = await Promise.all(
        bases.map(async (table) => {
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
