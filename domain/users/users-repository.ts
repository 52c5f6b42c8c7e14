import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { adminUsers, siteRoles, userRoles } from '#db/schema/users.ts';
import { ROLE_IDS } from '#shared/permissions.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { actorId, atVersion, nextVersion } from '../record-versions-repository.ts';

export interface UserRow {
  id: number;
  name: string | null;
  email: string;
  lastLogin: Date | null;
  userRoles: number[];
  twoFactorEnabled: boolean;
  /** ADR 048: moved on by every save in Users; a save names the one it started from */
  version: number;
  updatedBy: number | null;
  updated: Date;
  created: Date;
}

const roleIds = sql<
  number[]
>`coalesce((select array_agg(${userRoles.siteRoleId} order by ${userRoles.siteRoleId}) from ${userRoles} where ${userRoles.userId} = ${adminUsers.id}), '{}')`;

const columns = {
  id: adminUsers.id,
  name: adminUsers.name,
  email: adminUsers.email,
  lastLogin: adminUsers.lastLogin,
  userRoles: roleIds,
  twoFactorEnabled: adminUsers.totpEnabled,
  version: adminUsers.version,
  updatedBy: adminUsers.updatedBy,
  updated: adminUsers.updated,
  created: adminUsers.created,
};

export function createUsersRepository(db: DbOrTx) {
  return {
    db,
    async list(): Promise<UserRow[]> {
      return db.select(columns).from(adminUsers).orderBy(asc(adminUsers.email));
    },
    async get(id: number): Promise<UserRow | null> {
      const [row] = await db.select(columns).from(adminUsers).where(eq(adminUsers.id, id));
      return row ?? null;
    },
    async findIdByEmail(email: string): Promise<number | null> {
      const [row] = await db
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(sql`lower(${adminUsers.email})`, email.toLowerCase()));
      return row?.id ?? null;
    },
    async roles(): Promise<{ id: number; name: string }[]> {
      return db.select({ id: siteRoles.id, name: siteRoles.name }).from(siteRoles).orderBy(asc(siteRoles.id));
    },
    async existingRoleIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: siteRoles.id }).from(siteRoles).where(inArray(siteRoles.id, ids));
      return rows.map((r) => r.id);
    },
    /**
     * Marks an account saved in Users (its version moved on, who, when); with a guard only while it is
     * at the version the save started from (ADR 048). False when nothing was written.
     */
    async markSaved(userId: number, guard: SaveGuard | null): Promise<boolean> {
      const rows = await db
        .update(adminUsers)
        .set(nextVersion(adminUsers.version))
        .where(atVersion(eq(adminUsers.id, userId), adminUsers.version, guard))
        .returning({ id: adminUsers.id });
      return rows.length > 0;
    },
    async insert(email: string, passwordHash: string, name: string | null = null): Promise<number> {
      const [row] = await db
        .insert(adminUsers)
        .values({ email, name, passwordHash, updatedBy: actorId() })
        .returning({ id: adminUsers.id });
      return row!.id;
    },
    async setRoles(userId: number, roles: number[]): Promise<void> {
      await db.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roles.length) await db.insert(userRoles).values(roles.map((siteRoleId) => ({ userId, siteRoleId })));
    },
    async setName(userId: number, name: string | null): Promise<void> {
      await db.update(adminUsers).set({ name }).where(eq(adminUsers.id, userId));
    },
    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, userId));
    },
    async delete(userId: number): Promise<void> {
      await db.delete(adminUsers).where(eq(adminUsers.id, userId));
    },
    /**
     * The Administrators, with their role rows locked until the transaction ends, so two concurrent
     * changes cannot both remove "the other" last Administrator.
     */
    async lockAdministrators(): Promise<number[]> {
      const rows = await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.siteRoleId, ROLE_IDS.administrator))
        .for('update');
      return rows.map((r) => r.userId);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
