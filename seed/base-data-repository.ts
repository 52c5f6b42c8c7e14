import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { regions, states } from '#db/schema/geo.ts';
import { siteSettings } from '#db/schema/settings.ts';
import { adminUsers, siteRoles } from '#db/schema/users.ts';
import { REGION_CA, REGION_INT, REGION_US } from '#shared/regions.ts';
import { CA_PROVINCES, US_STATES } from './geo-data.ts';

/**
 * The seed's own writes: the fixed reference rows no admin screen edits (regions, states and
 * provinces, the two roles) and the default settings. No domain service owns them, so they are
 * written here, each idempotently; everything an editor can change goes through its service.
 */
export function createBaseDataRepository(db: Db) {
  return {
    async insertReferenceData(): Promise<void> {
      await db
        .insert(regions)
        .values([
          { id: REGION_US, code: 'US', name: 'USA' },
          { id: REGION_CA, code: 'CA', name: 'Canada' },
          { id: REGION_INT, code: 'INT', name: 'International' },
        ])
        .onConflictDoNothing();
      await db
        .insert(states)
        .values([
          ...US_STATES.map(([code, name]) => ({ regionId: REGION_US, code, name })),
          ...CA_PROVINCES.map(([code, name]) => ({ regionId: REGION_CA, code, name })),
        ])
        .onConflictDoNothing();
      await db
        .insert(siteRoles)
        .values([
          { id: 1, name: 'Administrator' },
          { id: 2, name: 'Editor' },
        ])
        // Upsert, like migration 0009, so `npm run db:seed` also names role 2 'Editor' on an older database.
        .onConflictDoUpdate({ target: siteRoles.id, set: { name: sql`excluded.name` } });
    },

    /** Adds the settings rows that are missing and keeps every value an administrator saved. */
    async insertMissingSettings(values: Record<string, unknown>): Promise<void> {
      await db
        .insert(siteSettings)
        .values(Object.entries(values).map(([key, value]) => ({ key, value })))
        .onConflictDoNothing();
    },

    async hasAdministrator(): Promise<boolean> {
      const [admin] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
      return admin !== undefined;
    },
  };
}
