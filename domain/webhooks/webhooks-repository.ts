import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '#db/schema/webhooks.ts';

export interface EndpointRow {
  id: number;
  url: string;
  /** sealed */
  secret: string;
  secretHint: string;
  events: string[];
  enabled: boolean;
  created: Date;
  updated: Date;
}

export interface DeliveryInsert {
  messageId: string;
  endpointId: number | null;
  url: string;
  eventType: string;
  payload: string;
  formSubmissionId: number | null;
  retryUntil: Date;
  created?: Date;
}

export interface DeliveryRow extends DeliveryInsert {
  id: number;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  created: Date;
  sentAt: Date | null;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  endpointId: webhookDeliveries.endpointId,
  url: webhookDeliveries.url,
  eventType: webhookDeliveries.eventType,
  payload: webhookDeliveries.payload,
  formSubmissionId: webhookDeliveries.formSubmissionId,
  retryUntil: webhookDeliveries.retryUntil,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastError: webhookDeliveries.lastError,
  created: webhookDeliveries.created,
  sentAt: webhookDeliveries.sentAt,
};

export function createWebhooksRepository(db: DbOrTx) {
  return {
    listEndpoints(tx: DbOrTx = db): Promise<EndpointRow[]> {
      return tx.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
    },
    async findEndpoint(id: number): Promise<EndpointRow | null> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row ?? null;
    },
    async endpointsByIds(ids: number[]): Promise<EndpointRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids));
    },
    /** Enabled endpoints that want `event` (read inside the transaction that writes the event). */
    subscribers(event: string, tx: DbOrTx = db): Promise<EndpointRow[]> {
      return tx
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.enabled, true), sql`${event} = any(${webhookEndpoints.events})`))
        .orderBy(asc(webhookEndpoints.id));
    },
    async insertEndpoint(values: Pick<EndpointRow, 'url' | 'secret' | 'secretHint' | 'events' | 'enabled'>): Promise<EndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },
    async updateEndpoint(
      id: number,
      values: Partial<Pick<EndpointRow, 'url' | 'secret' | 'secretHint' | 'events' | 'enabled'>>,
    ): Promise<EndpointRow | null> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, updated: new Date() })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row ?? null;
    },
    /** Deliveries already written keep their address and history; those still pending fail (no endpoint). */
    async deleteEndpoint(id: number): Promise<boolean> {
      const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    async insertDeliveries(rows: DeliveryInsert[], tx: DbOrTx = db): Promise<DeliveryRow[]> {
      if (rows.length === 0) return [];
      return tx.insert(webhookDeliveries).values(rows).returning(deliveryColumns);
    },

    /** Leases up to `limit` due deliveries (skipping rows another instance holds) and counts the attempt. */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, now),
            or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
          ),
        )
        .orderBy(asc(webhookDeliveries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(webhookDeliveries)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${webhookDeliveries.attempts} + 1` })
        .where(inArray(webhookDeliveries.id, due))
        .returning(deliveryColumns);
      return rows.sort((a, b) => a.id - b.id);
    },

    async markSent(id: number, at: Date, url: string): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ status: 'sent', sentAt: at, lockedUntil: null, lastError: null, url })
        .where(eq(webhookDeliveries.id, id));
    },

    async markFailed(id: number, update: { status: 'pending' | 'failed'; nextAttemptAt: Date; lastError: string }): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ status: update.status, nextAttemptAt: update.nextAttemptAt, lastError: update.lastError.slice(0, 2000), lockedUntil: null })
        .where(eq(webhookDeliveries.id, id));
    },

    /** Replay: due now, with a new retry window; the webhook-id stays (the receiver's idempotency key). */
    async replay(id: number, now: Date, retryUntil: Date): Promise<DeliveryRow | null> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: now, retryUntil, lockedUntil: null, sentAt: null })
        .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['sent', 'failed'])))
        .returning(deliveryColumns);
      return row ?? null;
    },

    async findDelivery(id: number): Promise<DeliveryRow | null> {
      const [row] = await db.select(deliveryColumns).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      return row ?? null;
    },

    listForSubmission(formSubmissionId: number, tx: DbOrTx = db): Promise<DeliveryRow[]> {
      return tx
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.formSubmissionId, formSubmissionId))
        .orderBy(asc(webhookDeliveries.id));
    },

    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: webhookDeliveries.status, n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .groupBy(webhookDeliveries.status);
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
