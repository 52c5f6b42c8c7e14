import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { siteSettings } from '#db/schema/settings.ts';
import { adminUsers, auditLog, emailTokens, recoveryCodes, refreshTokens, signInFailures, userRoles } from '#db/schema/users.ts';

export type EmailTokenKind = 'password-reset' | 'sign-in';

export interface AuthUser {
  id: number;
  email: string;
  passwordHash: string;
  totpSecret: string | null;
  totpEnabled: boolean;
  totpLastStep: number | null;
}

export interface AuditInsert {
  action: string;
  actorUserId?: number | null;
  actorEmail?: string | null;
  targetUserId?: number | null;
  targetEmail?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown> | null;
}

const userColumns = {
  id: adminUsers.id,
  email: adminUsers.email,
  passwordHash: adminUsers.passwordHash,
  totpSecret: adminUsers.totpSecret,
  totpEnabled: adminUsers.totpEnabled,
  totpLastStep: adminUsers.totpLastStep,
};

export function createAuthRepository(db: DbOrTx) {
  return {
    async findUserByEmail(email: string): Promise<AuthUser | null> {
      const [row] = await db.select(userColumns).from(adminUsers).where(eq(sql`lower(${adminUsers.email})`, email.trim().toLowerCase()));
      return row ?? null;
    },
    async findUserById(id: number): Promise<AuthUser | null> {
      const [row] = await db.select(userColumns).from(adminUsers).where(eq(adminUsers.id, id));
      return row ?? null;
    },
    async rolesOf(userId: number): Promise<number[]> {
      const rows = await db.select({ id: userRoles.siteRoleId }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.siteRoleId));
      return rows.map((r) => r.id);
    },

    /** Until when a (normalised) username is locked out, or null. */
    async lockedUntil(username: string): Promise<Date | null> {
      const [row] = await db.select({ lockedUntil: signInFailures.lockedUntil }).from(signInFailures).where(eq(signInFailures.username, username));
      return row?.lockedUntil ?? null;
    },
    /**
     * Counts one failed attempt for a normalised username, known or not, in a single statement
     * (concurrent guesses cannot slip past the limit); the attempt that reaches `max` locks the name
     * until `lockUntil` and restarts the count.
     */
    async recordFailure(username: string, max: number, lockUntil: Date, now: Date): Promise<{ locked: boolean }> {
      const reached = sql`${signInFailures.failedAttempts} + 1 >= ${max}`;
      const [row] = await db
        .insert(signInFailures)
        .values({ username, failedAttempts: max <= 1 ? 0 : 1, lockedUntil: max <= 1 ? lockUntil : null, updated: now })
        .onConflictDoUpdate({
          target: signInFailures.username,
          set: {
            failedAttempts: sql`case when ${reached} then 0 else ${signInFailures.failedAttempts} + 1 end`,
            lockedUntil: sql`case when ${reached} then ${lockUntil.toISOString()}::timestamptz else ${signInFailures.lockedUntil} end`,
            updated: now,
          },
        })
        .returning({ lockedUntil: signInFailures.lockedUntil });
      return { locked: Boolean(row?.lockedUntil && row.lockedUntil.getTime() === lockUntil.getTime()) };
    },
    /** A success (or a password reset, which proved the mailbox) forgets the name's failures and lockout. */
    async clearFailures(username: string): Promise<void> {
      await db.delete(signInFailures).where(eq(signInFailures.username, username));
    },
    /** Drops counts idle since `before` whose lockout (if any) is over: unknown names do not pile up. */
    async pruneFailures(before: Date): Promise<void> {
      await db
        .delete(signInFailures)
        .where(and(lt(signInFailures.updated, before), or(isNull(signInFailures.lockedUntil), lt(signInFailures.lockedUntil, before))));
    },
    async recordSuccess(userId: number, now: Date): Promise<void> {
      await db.update(adminUsers).set({ lastLogin: now }).where(eq(adminUsers.id, userId));
    },
    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, userId));
    },
    async setEmail(userId: number, email: string): Promise<void> {
      await db.update(adminUsers).set({ email }).where(eq(adminUsers.id, userId));
    },

    async insertRefreshToken(row: { userId: number; tokenHash: string; familyId: string; expiresAt: Date }): Promise<void> {
      await db.insert(refreshTokens).values(row);
    },
    /** Marks a live token rotated in one statement, so two concurrent uses cannot both succeed. */
    async rotateRefreshToken(hash: string, now: Date): Promise<{ userId: number; familyId: string } | null> {
      const [row] = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
        .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
      return row ?? null;
    },
    async findRefreshToken(hash: string) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId, rotatedAt: refreshTokens.rotatedAt, revokedAt: refreshTokens.revokedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash));
      return row ?? null;
    },
    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    /** Ends every sign-in session of the user, except `keepFamily` (the session that asked) when given. */
    async revokeUserTokens(userId: number, now: Date, keepFamily?: string | null): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined));
    },
    /** Gives the live token of a session a new expiry (keepalive). */
    async extendFamily(familyId: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ expiresAt })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)));
    },
    /** Drops refresh tokens that expired a day ago or more (kept a little for reuse detection). */
    async deleteExpiredRefreshTokens(before: Date): Promise<void> {
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before));
    },

    async insertEmailToken(row: { userId: number; kind: EmailTokenKind; tokenHash: string; expiresAt: Date }): Promise<void> {
      await db.insert(emailTokens).values(row);
    },
    async findEmailToken(hash: string, kind: EmailTokenKind, now: Date): Promise<number | null> {
      const [row] = await db
        .select({ userId: emailTokens.userId })
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, hash), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
      return row?.userId ?? null;
    },
    /** Uses a token up in one statement: only one of two concurrent uses gets the user id. */
    async consumeEmailToken(hash: string, kind: EmailTokenKind, now: Date): Promise<number | null> {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.tokenHash, hash), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
        .returning({ userId: emailTokens.userId });
      return row?.userId ?? null;
    },
    /** A new link makes the user's older unused links of the same kind useless. */
    async expireEmailTokens(userId: number, kind: EmailTokenKind, now: Date): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
    },

    async setTotpSecret(userId: number, secret: string): Promise<void> {
      await db.update(adminUsers).set({ totpSecret: secret, totpEnabled: false, totpLastStep: null }).where(eq(adminUsers.id, userId));
    },
    /** Accepts a time step only if it is newer than the last one used (atomic: a code works once). */
    async claimTotpStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(adminUsers)
        .set({ totpLastStep: step })
        .where(and(eq(adminUsers.id, userId), or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step))))
        .returning({ id: adminUsers.id });
      return rows.length === 1;
    },
    async enableTotp(userId: number, codeHashes: string[]): Promise<void> {
      await db.update(adminUsers).set({ totpEnabled: true }).where(eq(adminUsers.id, userId));
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },
    async disableTotp(userId: number): Promise<void> {
      await db.update(adminUsers).set({ totpEnabled: false, totpSecret: null, totpLastStep: null }).where(eq(adminUsers.id, userId));
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    },
    async useRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    async getSetting(key: string): Promise<unknown> {
      const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
      return row?.value;
    },
    async setSetting(key: string, value: unknown): Promise<void> {
      await db
        .insert(siteSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updated: sql`now()` } });
    },

    async insertAudit(entry: AuditInsert): Promise<void> {
      await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? null });
    },
    async listAudit(start: number, length: number) {
      const items = await db
        .select({
          id: auditLog.id,
          created: auditLog.created,
          action: auditLog.action,
          actorEmail: auditLog.actorEmail,
          targetEmail: auditLog.targetEmail,
          ip: auditLog.ip,
        })
        .from(auditLog)
        .orderBy(desc(auditLog.created), desc(auditLog.id))
        .limit(length)
        .offset(start);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
      return { items, total: count?.n ?? 0 };
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
