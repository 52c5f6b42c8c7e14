import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#db/client.ts';

/** The columns every outbox table has (mail_outbox, webhook_deliveries): status, attempts, schedule and lease. */
export type OutboxTable = PgTable & {
  id: AnyPgColumn;
  /** 'pending', 'sent' or 'failed' */
  status: AnyPgColumn;
  attempts: AnyPgColumn;
  nextAttemptAt: AnyPgColumn;
  /** the lease: while it is in the future, one instance holds the row and no other claims it */
  lockedUntil: AnyPgColumn;
  lastError: AnyPgColumn;
  created: AnyPgColumn;
  sentAt: AnyPgColumn;
};

/**
 * The PostgreSQL channel an enqueue notifies (payload: the outbox's name, 'mail' or 'webhooks'):
 * every instance LISTENs on it beside the content channel and wakes its loop at once, so an event is
 * picked up by whichever instance is free, not only by the one that wrote it.
 */
export const OUTBOX_CHANNEL = 'outbox_due';

// Per database, the tables whose leases were already released in this process (see releaseLeasesOnce).
const released = new WeakMap<object, Set<PgTable>>();

/**
 * What both outboxes do with their rows, the same SQL on PGlite and PostgreSQL (ADR 045): lease due
 * rows with `FOR UPDATE SKIP LOCKED` (two instances never hold the same row), renew the lease of
 * rows still being delivered, record outcomes, and read the figures /metrics shows. `columns` is
 * what a claimed row carries (the table's own row type, `Row`).
 */
export function createOutboxQueue<Row extends { id: number }>(
  db: DbOrTx,
  table: OutboxTable,
  columns: SelectedFields,
  /** PostgreSQL: the name `announce` notifies under on OUTBOX_CHANNEL; none on the embedded database (one process, nobody listens) */
  channelName?: 'mail' | 'webhooks',
) {
  // drizzle cannot type `set` for a table it only knows by its shape; the keys are the shape's own
  const set = (values: Record<string, unknown>) => values as never;
  return {
    /**
     * Tells every instance that rows were written, inside the transaction that writes them: PostgreSQL
     * delivers the notification when it commits (and folds repeats within one transaction into one).
     */
    async announce(tx: DbOrTx = db): Promise<void> {
      if (channelName) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${channelName})`);
    },

    /** Leases up to `limit` due rows (skipping rows another instance holds) and counts the attempt. */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<Row[]> {
      const due = db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now), or(isNull(table.lockedUntil), lt(table.lockedUntil, now))))
        .orderBy(asc(table.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = (await db
        .update(table)
        .set(set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${table.attempts} + 1` }))
        .where(inArray(table.id, due))
        .returning(columns)) as unknown as Row[];
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Keeps rows still being delivered leased until `until` (a lease is never shortened). */
    async renewLeases(ids: number[], until: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(table)
        .set(set({ lockedUntil: sql`greatest(${table.lockedUntil}, ${until.toISOString()}::timestamptz)` }))
        .where(and(inArray(table.id, ids), eq(table.status, 'pending')));
    },

    /**
     * The embedded database belongs to one process: leases left in it were taken by a process that is
     * gone (killed mid-delivery), so the first start in this process frees them at once instead of
     * waiting for them to run out. Answers how many rows were freed (0 after the first call).
     */
    async releaseLeasesOnce(): Promise<number> {
      const tables = released.get(db) ?? new Set<PgTable>();
      released.set(db, tables);
      if (tables.has(table)) return 0;
      tables.add(table);
      const rows = await db
        .update(table)
        .set(set({ lockedUntil: null }))
        .where(and(eq(table.status, 'pending'), sql`${table.lockedUntil} is not null`))
        .returning({ id: table.id });
      return rows.length;
    },

    /** Records rows delivered (one statement for a batch); `extra` is what the table changes besides. */
    async markSent(ids: number[], at: Date, extra: Record<string, unknown> = {}): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(table)
        .set(set({ status: 'sent', sentAt: at, lockedUntil: null, lastError: null, ...extra }))
        .where(inArray(table.id, ids));
    },

    /** Records a failed attempt: due again at `nextAttemptAt`, or given up ('failed'). */
    async markFailed(
      id: number,
      update: { status: 'pending' | 'failed'; nextAttemptAt: Date; lastError: string },
      extra: Record<string, unknown> = {},
    ): Promise<void> {
      await db
        .update(table)
        .set(
          set({
            status: update.status,
            nextAttemptAt: update.nextAttemptAt,
            lastError: update.lastError.slice(0, 2000),
            lockedUntil: null,
            ...extra,
          }),
        )
        .where(eq(table.id, id));
    },

    /** When the next pending row falls due (its attempt time, or the end of its lease); null when none waits. */
    async nextDueAt(): Promise<Date | null> {
      const [row] = await db
        .select({
          at: sql<Date | string | null>`min(greatest(${table.nextAttemptAt}, coalesce(${table.lockedUntil}, ${table.nextAttemptAt})))`,
        })
        .from(table)
        .where(eq(table.status, 'pending'));
      return row?.at ? new Date(row.at) : null;
    },

    /** When the oldest row still waiting to be delivered was written; null when none waits. */
    async oldestPendingAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`min(${table.created})` })
        .from(table)
        .where(eq(table.status, 'pending'));
      return row?.at ? new Date(row.at) : null;
    },

    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: table.status, n: sql<number>`count(*)::int` })
        .from(table)
        .groupBy(table.status);
      return Object.fromEntries(rows.map((r) => [r.status as string, Number(r.n)]));
    },
  };
}
export type OutboxQueue<Row extends { id: number }> = ReturnType<typeof createOutboxQueue<Row>>;
