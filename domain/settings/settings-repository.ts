import { desc, ne, sql } from 'drizzle-orm';

/** The security settings' row (ADR 048: not part of the settings screen's version); the key of `REQUIRE_SECOND_FACTOR_KEY`. */
const SECURITY_KEY = 'requireSecondFactor';
import type { Db, DbOrTx } from '#db/client.ts';
import { siteSettings } from '#db/schema/settings.ts';
import { actorId, type RecordVersion } from '../record-versions-repository.ts';

export function createSettingsRepository(db: DbOrTx) {
  return {
    db,
    async all(tx: DbOrTx = db): Promise<{ key: string; value: unknown }[]> {
      return tx.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
    },
    /** Writes one setting; each write moves that row's version on by one (ADR 048) and records who. */
    async upsert(key: string, value: unknown, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(siteSettings)
        .values({ key, value, updatedBy: actorId() })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value, updated: sql`now()`, version: sql`${siteSettings.version} + 1`, updatedBy: actorId() },
        });
    },
    /**
     * The settings screen's version (ADR 048): the sum of its rows' versions, which every write moves on,
     * with who saved last and when (the newest row's).
     */
    async version(tx: DbOrTx = db): Promise<RecordVersion> {
      // the security settings (requireSecondFactor) are another screen's record, with a version of their own
      const screen = ne(siteSettings.key, SECURITY_KEY);
      const [sum] = await tx
        .select({ n: sql<string>`coalesce(sum(${siteSettings.version}), 0)` })
        .from(siteSettings)
        .where(screen);
      const [last] = await tx
        .select({ updatedBy: siteSettings.updatedBy, updated: siteSettings.updated })
        .from(siteSettings)
        .where(screen)
        .orderBy(desc(siteSettings.updated))
        .limit(1);
      return { version: Number(sum?.n ?? 0), updatedBy: last?.updatedBy ?? null, updated: last?.updated ?? new Date(0) };
    },
    /**
     * Runs a save of the settings screen with the settings held: a second save waits until this one
     * has committed, then sees its version (a compare-and-set across the rows, on PGlite and PostgreSQL).
     */
    async locked<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
      return (db as unknown as Db).transaction(async (tx) => {
        await tx.execute(sql`lock table ${siteSettings} in exclusive mode`);
        return work(tx as unknown as DbOrTx);
      });
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
