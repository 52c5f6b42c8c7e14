import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import type { AuditInsert } from '../audit/audit-repository.ts';
import { siteSettings } from '#db/schema/settings.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { actorId, overwroteDetail, staleRecord, type RecordVersion } from '../record-versions-repository.ts';
import {
  adminUsers,
  auditLog,
  authSessions,
  emailTokens,
  recoveryCodes,
  refreshTokens,
  signInFailures,
  userRoles,
} from '#db/schema/users.ts';

export type EmailTokenKind = 'password-reset' | 'sign-in' | 'email-change';

export interface AuthUser {
  id: number;
  email: string;
  /** the name the admin shows (ADR 052); null: none given */
  name?: string | null;
  passwordHash: string;
  totpSecret: string | null;
  totpEnabled: boolean;
  totpLastStep: number | null;
}

export type { AuditInsert };

/** The signed-in user behind an access token, with the state of its session (one query per request). */
export interface SessionUserRow extends AuthUser {
  roles: number[];
  signedInAt: Date;
  revokedAt: Date | null;
}

const userColumns = {
  id: adminUsers.id,
  email: adminUsers.email,
  name: adminUsers.name,
  passwordHash: adminUsers.passwordHash,
  totpSecret: adminUsers.totpSecret,
  totpEnabled: adminUsers.totpEnabled,
  totpLastStep: adminUsers.totpLastStep,
};

const roleIds = sql<
  number[]
>`coalesce((select array_agg(${userRoles.siteRoleId} order by ${userRoles.siteRoleId}) from ${userRoles} where ${userRoles.userId} = ${adminUsers.id}), '{}')`;

/** A refresh token still usable at `now`: not rotated, not revoked, not expired. */
function liveToken(now: Date): SQL | undefined {
  return and(isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now));
}

export function createAuthRepository(db: DbOrTx) {
  /** Revokes the refresh tokens and the sessions the conditions pick, those not revoked yet. */
  async function revoke(now: Date, tokens: SQL | undefined, sessions: SQL | undefined): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(tokens, isNull(refreshTokens.revokedAt)));
    await db
      .update(authSessions)
      .set({ revokedAt: now })
      .where(and(sessions, isNull(authSessions.revokedAt)));
  }

  return {
    async findUserByEmail(email: string): Promise<AuthUser | null> {
      const [row] = await db
        .select(userColumns)
        .from(adminUsers)
        .where(eq(sql`lower(${adminUsers.email})`, email.trim().toLowerCase()));
      return row ?? null;
    },
    async findUserById(id: number): Promise<AuthUser | null> {
      const [row] = await db.select(userColumns).from(adminUsers).where(eq(adminUsers.id, id));
      return row ?? null;
    },
    /**
     * The user of an access token with their roles and the token's session, in one indexed lookup:
     * every authenticated request checks that its session is neither revoked nor too old.
     */
    async findSessionUser(userId: number, sessionId: string): Promise<SessionUserRow | null> {
      const [row] = await db
        .select({ ...userColumns, roles: roleIds, signedInAt: authSessions.signedInAt, revokedAt: authSessions.revokedAt })
        .from(authSessions)
        .innerJoin(adminUsers, eq(adminUsers.id, authSessions.userId))
        .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)));
      return row ?? null;
    },
    async rolesOf(userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: userRoles.siteRoleId })
        .from(userRoles)
        .where(eq(userRoles.userId, userId))
        .orderBy(asc(userRoles.siteRoleId));
      return rows.map((r) => r.id);
    },

    /**
     * Reserves one sign-in attempt for (username, client) before anything is checked, in one
     * statement: the count goes up by one and the new count is answered, so parallel attempts each
     * get their own number and the caller refuses those above the limit. Nothing is answered while
     * the row is locked. A lock that is over, or a count idle since `staleBefore`, starts afresh.
     */
    async reserveAttempt(
      username: string,
      client: string,
      now: Date,
      staleBefore: Date,
    ): Promise<{ attempts: number; lockCount: number } | null> {
      const t = signInFailures;
      const lockOver = sql`${t.lockedUntil} is not null and ${t.lockedUntil} <= ${now.toISOString()}::timestamptz`;
      const stale = sql`${t.updated} < ${staleBefore.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(t)
        .values({ username, client, failedAttempts: 1, updated: now })
        .onConflictDoUpdate({
          target: [t.username, t.client],
          set: {
            failedAttempts: sql`case when ${lockOver} or ${stale} then 1 else ${t.failedAttempts} + 1 end`,
            lockedUntil: sql`null`,
            // the doubling lock time starts over after a quiet day
            lockCount: sql`case when ${stale} and (${t.lockedUntil} is null or ${t.lockedUntil} < ${staleBefore.toISOString()}::timestamptz) then 0 else ${t.lockCount} end`,
            updated: now,
          },
          setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${now.toISOString()}::timestamptz`,
        })
        .returning({ attempts: t.failedAttempts, lockCount: t.lockCount });
      return row ?? null;
    },
    /** Until when (username, client) is locked, or null ('' as the client: the username from everywhere). */
    async lockedUntil(username: string, client: string): Promise<Date | null> {
      const [row] = await db
        .select({ lockedUntil: signInFailures.lockedUntil })
        .from(signInFailures)
        .where(and(eq(signInFailures.username, username), eq(signInFailures.client, client)));
      return row?.lockedUntil ?? null;
    },
    /** Locks (username, client) until `until`; the count restarts and the number of locks goes up. */
    async lock(username: string, client: string, until: Date): Promise<void> {
      await db
        .update(signInFailures)
        .set({ lockedUntil: until, failedAttempts: 0, lockCount: sql`${signInFailures.lockCount} + 1` })
        .where(and(eq(signInFailures.username, username), eq(signInFailures.client, client)));
    },
    /**
     * Gives back a reserved attempt that turned out right (a correct password before the second
     * factor): only failures stay counted, so a known password cannot be used to reset the count of
     * wrong codes, and a correct password does not count against the owner.
     */
    async releaseAttempt(username: string, client: string): Promise<void> {
      await db
        .update(signInFailures)
        .set({ failedAttempts: sql`greatest(${signInFailures.failedAttempts} - 1, 0)` })
        .where(and(eq(signInFailures.username, username), eq(signInFailures.client, client), isNull(signInFailures.lockedUntil)));
    },
    /** A success from a client forgets that client's failures (the username's own count stays). */
    async clearClient(username: string, client: string): Promise<void> {
      await db
        .delete(signInFailures)
        .where(and(eq(signInFailures.username, username), eq(signInFailures.client, client), ne(signInFailures.client, '')));
    },
    /**
     * A password reset (it proved the mailbox) lifts every lock of the username and forgets its
     * counts; the number of earlier locks is kept, so an attacker who locks it again waits longer.
     */
    async liftLocks(username: string): Promise<void> {
      await db.delete(signInFailures).where(and(eq(signInFailures.username, username), ne(signInFailures.client, '')));
      await db
        .update(signInFailures)
        .set({ lockedUntil: null, failedAttempts: 0 })
        .where(and(eq(signInFailures.username, username), eq(signInFailures.client, '')));
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

    async insertSession(row: { id: string; userId: number; signedInAt: Date }): Promise<void> {
      await db.insert(authSessions).values(row);
    },
    async findSession(id: string): Promise<{ userId: number; signedInAt: Date; revokedAt: Date | null } | null> {
      const [row] = await db
        .select({ userId: authSessions.userId, signedInAt: authSessions.signedInAt, revokedAt: authSessions.revokedAt })
        .from(authSessions)
        .where(eq(authSessions.id, id));
      return row ?? null;
    },
    /** Ends the sessions of every account without a second factor (the site now requires one); answers how many. */
    async revokeSessionsWithoutSecondFactor(now: Date): Promise<number> {
      const users = db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.totpEnabled, false));
      const ended = await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(isNull(authSessions.revokedAt), inArray(authSessions.userId, users)))
        .returning({ id: authSessions.id });
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(isNull(refreshTokens.revokedAt), inArray(refreshTokens.userId, users)));
      return ended.length;
    },
    /** Sessions revoked, or signed in before `signedInBefore` (past the absolute lifetime), for a day: gone. */
    async deleteEndedSessions(revokedBefore: Date, signedInBefore: Date): Promise<void> {
      await db.delete(authSessions).where(or(lt(authSessions.revokedAt, revokedBefore), lt(authSessions.signedInAt, signedInBefore)));
    },

    async insertRefreshToken(row: { userId: number; tokenHash: string; familyId: string; expiresAt: Date }): Promise<void> {
      await db.insert(refreshTokens).values(row);
    },
    /** Marks a live token rotated in one statement, so two concurrent uses cannot both succeed. */
    async rotateRefreshToken(hash: string, now: Date): Promise<{ userId: number; familyId: string } | null> {
      const [row] = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.tokenHash, hash), liveToken(now)))
        .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
      return row ?? null;
    },
    async findRefreshToken(hash: string) {
      const [row] = await db
        .select({
          familyId: refreshTokens.familyId,
          userId: refreshTokens.userId,
          rotatedAt: refreshTokens.rotatedAt,
          revokedAt: refreshTokens.revokedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash));
      return row ?? null;
    },
    /** Ends a sign-in session: its refresh tokens and (so its access tokens stop at once) the session itself. */
    revokeFamily(familyId: string, now: Date): Promise<void> {
      return revoke(now, eq(refreshTokens.familyId, familyId), eq(authSessions.id, familyId));
    },
    /** Ends every sign-in session of the user, except `keepFamily` (the session that asked) when given. */
    revokeUserTokens(userId: number, now: Date, keepFamily?: string | null): Promise<void> {
      return revoke(
        now,
        and(eq(refreshTokens.userId, userId), keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined),
        and(eq(authSessions.userId, userId), keepFamily ? ne(authSessions.id, keepFamily) : undefined),
      );
    },
    /** Gives the live token of a session a new expiry (keepalive). */
    async extendFamily(familyId: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ expiresAt })
        .where(and(eq(refreshTokens.familyId, familyId), liveToken(now)));
    },
    /** Drops refresh tokens that expired a day ago or more (kept a little for reuse detection). */
    async deleteExpiredRefreshTokens(before: Date): Promise<void> {
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before));
    },

    async insertEmailToken(row: {
      userId: number;
      kind: EmailTokenKind;
      tokenHash: string;
      expiresAt: Date;
      data?: Record<string, unknown> | null;
    }): Promise<void> {
      await db.insert(emailTokens).values(row);
    },
    async findEmailToken(hash: string, kind: EmailTokenKind, now: Date): Promise<number | null> {
      const [row] = await db
        .select({ userId: emailTokens.userId })
        .from(emailTokens)
        .where(
          and(eq(emailTokens.tokenHash, hash), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)),
        );
      return row?.userId ?? null;
    },
    /** Uses a token up in one statement: only one of two concurrent uses gets the user id. */
    async consumeEmailToken(hash: string, kind: EmailTokenKind, now: Date): Promise<number | null> {
      return (await this.consumeEmailTokenWithData(hash, kind, now))?.userId ?? null;
    },
    async consumeEmailTokenWithData(hash: string, kind: EmailTokenKind, now: Date): Promise<{ userId: number; data: unknown } | null> {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.tokenHash, hash), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
        .returning({ userId: emailTokens.userId, data: emailTokens.data });
      return row ?? null;
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
    async unusedRecoveryCodes(userId: number): Promise<{ id: number; codeHash: string }[]> {
      return db
        .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    },
    /** Uses a recovery code up in one statement: only one of two concurrent uses succeeds. */
    async useRecoveryCode(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    // ---- stored secrets in older formats: TOTP secrets in clear, recovery codes as bare SHA-256 ----
    async totpSecrets(): Promise<{ id: number; totpSecret: string }[]> {
      const rows = await db
        .select({ id: adminUsers.id, totpSecret: adminUsers.totpSecret })
        .from(adminUsers)
        .where(isNotNull(adminUsers.totpSecret));
      return rows as { id: number; totpSecret: string }[];
    },
    /** Replaces a stored secret only if it is still `was` (another instance may have done it first). */
    async replaceTotpSecret(id: number, was: string, sealed: string): Promise<void> {
      await db
        .update(adminUsers)
        .set({ totpSecret: sealed })
        .where(and(eq(adminUsers.id, id), eq(adminUsers.totpSecret, was)));
    },
    async plainRecoveryCodes(): Promise<{ id: number; codeHash: string }[]> {
      return db
        .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
        .from(recoveryCodes)
        .where(sql`${recoveryCodes.codeHash} not like '$argon2%'`);
    },
    async replaceRecoveryCodeHash(id: number, was: string, hash: string): Promise<void> {
      await db
        .update(recoveryCodes)
        .set({ codeHash: hash })
        .where(and(eq(recoveryCodes.id, id), eq(recoveryCodes.codeHash, was)));
    },

    async getSetting(key: string): Promise<unknown> {
      const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
      return row?.value;
    },
    /** Writes one setting; the write moves its version on by one and records who (ADR 048). */
    async setSetting(key: string, value: unknown): Promise<void> {
      await db
        .insert(siteSettings)
        .values({ key, value, updatedBy: actorId() })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value, updated: sql`now()`, version: sql`${siteSettings.version} + 1`, updatedBy: actorId() },
        });
    },
    /** One setting's version, who saved it last and when (0 and nobody when it was never saved). */
    async settingVersion(key: string): Promise<RecordVersion> {
      const [row] = await db
        .select({ version: siteSettings.version, updatedBy: siteSettings.updatedBy, updated: siteSettings.updated })
        .from(siteSettings)
        .where(eq(siteSettings.key, key));
      return row ?? { version: 0, updatedBy: null, updated: new Date(0) };
    },
    /** Holds the settings until the transaction ends: a second save from the same version waits, then sees this one's. */
    async lockSettings(): Promise<void> {
      await db.execute(sql`lock table ${siteSettings} in exclusive mode`);
    },
    /** The refusal of a setting's save that started from an older version: who saved it since, and when. */
    staleSetting: (now: RecordVersion, guard: SaveGuard) => staleRecord(db, now, guard),
    overwroteSetting: (before: RecordVersion, guard: SaveGuard | null) => overwroteDetail(db, before, guard),

    async insertAudit(entry: AuditInsert): Promise<void> {
      await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? null });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
