import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notLike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '#db/schema/webhooks.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { actorId, atVersion, nextVersion } from '../record-versions-repository.ts';
import { createOutboxQueue } from '../outbox/outbox-repository.ts';

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
  /** ADR 048: every save moves it on by one; who saved last (null: the site, a seed or a script) */
  version: number;
  updatedBy: number | null;
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
  /** attempts the receiver answered with an error status (since the event or its last replay) */
  refusals: number;
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
  refusals: webhookDeliveries.refusals,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastError: webhookDeliveries.lastError,
  created: webhookDeliveries.created,
  sentAt: webhookDeliveries.sentAt,
};

export function createWebhooksRepository(db: DbOrTx, opts: { announce?: boolean } = {}) {
  const queue = createOutboxQueue<DeliveryRow>(db, webhookDeliveries, deliveryColumns, opts.announce ? 'webhooks' : undefined);
  return {
    db,
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
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ ...values, updatedBy: actorId() })
        .returning();
      return row!;
    },
    /** Writes an endpoint; with a guard only while it is at the version the save started from (null otherwise, ADR 048). */
    async updateEndpoint(
      id: number,
      values: Partial<Pick<EndpointRow, 'url' | 'secret' | 'secretHint' | 'events' | 'enabled'>>,
      guard?: SaveGuard | null,
    ): Promise<EndpointRow | null> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, ...nextVersion(webhookEndpoints.version) })
        .where(atVersion(eq(webhookEndpoints.id, id), webhookEndpoints.version, guard))
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
      const written = await tx.insert(webhookDeliveries).values(rows).returning(deliveryColumns);
      await queue.announce(tx);
      return written;
    },

    ...queue,

    /** Records deliveries made to `url` (the endpoint's address when sent). */
    markSent(ids: number[], at: Date, url: string): Promise<void> {
      return queue.markSent(ids, at, { url });
    },

    /**
     * The endpoint answers again: its deliveries that are waiting only because it could not be reached
     * (the last attempt got no HTTP answer at all: refused, reset, timed out) are due at `now` instead
     * of at the end of their back-off. Deliveries it answered with an error status keep their back-off.
     */
    async dueNowAfterOutage(endpointId: number, now: Date): Promise<number> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: now })
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.status, 'pending'),
            gt(webhookDeliveries.nextAttemptAt, now),
            or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
            isNotNull(webhookDeliveries.lastError),
            notLike(webhookDeliveries.lastError, 'HTTP %'),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return rows.length;
    },

    /** Replay: due now, with a new retry window and back-off; the webhook-id stays (the receiver's idempotency key). */
    async replay(id: number, now: Date, retryUntil: Date): Promise<DeliveryRow | null> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: now, retryUntil, refusals: 0, lockedUntil: null, sentAt: null })
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
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
