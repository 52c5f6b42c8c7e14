import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { siteSettings } from '#db/schema/settings.ts';

export function createSettingsRepository(db: DbOrTx) {
  return {
    async all(): Promise<{ key: string; value: unknown }[]> {
      return db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
    },
    async upsert(key: string, value: unknown, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(siteSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updated: sql`now()` } });
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
