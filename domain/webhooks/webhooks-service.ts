import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '#db/client.ts';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookEndpointAdd,
  type WebhookEndpointDto,
  type WebhookEndpointEdit,
  type WebhookEvent,
  type WebhookPayload,
} from '#shared/webhooks.ts';
import type { SecretBox } from '../auth/secret-box.ts';
import { DomainError } from '../errors.ts';
import { AddressRefused, checkEndpointAddress } from './address-guard.ts';
import type { WebhookSender } from './webhook-sender.ts';
import type { DeliveryRow, EndpointRow, WebhooksRepository } from './webhooks-repository.ts';

/** Deliveries are retried for this long after the event (or a replay), then marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
const LEASE_MS = 5 * 60_000;

/** Wait before the next attempt: `firstMs` (30 s by default), then twice as long each time, capped at one hour. */
export function webhookRetryDelayMs(attempts: number, firstMs = 30_000): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface WebhooksServiceOptions {
  secretBox: SecretBox;
  send: WebhookSender;
  /** WEBHOOK_ALLOW_PRIVATE */
  allowPrivate: boolean;
  /** how often the retry loop looks for due deliveries */
  retryIntervalMs: number;
  /** the wait before the second attempt (WEBHOOK_FIRST_RETRY_SECONDS; 30 s by default), doubled each time after */
  firstRetryMs?: number;
  /** the clock (tests move it instead of waiting) */
  now?: () => Date;
  /** resolves a host name to its addresses (tests) */
  resolve?: (host: string) => Promise<string[]>;
  batchSize?: number;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** `whsec_...abcd`: enough to tell two secrets apart, never enough to use one. */
export function secretHint(secret: string): string {
  return `whsec_...${secret.slice(-4)}`;
}

export function toEndpointDto(row: EndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    enabled: row.enabled,
    secretHint: row.secretHint,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

/**
 * The CRM webhook (ADR 040): endpoints kept in Settings, events written to the webhook outbox in
 * the transaction that writes what they are about, delivered afterwards (signed, Standard
 * Webhooks) by whichever instance leases the row first, retried with back-off for 24 hours.
 */
export function createWebhooksService(repo: WebhooksRepository, opts: WebhooksServiceOptions) {
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? 10;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  async function checkUrl(url: string): Promise<void> {
    try {
      await checkEndpointAddress(new URL(url), { allowPrivate: opts.allowPrivate, resolve: opts.resolve });
    } catch (err) {
      if (!(err instanceof AddressRefused)) throw err;
      const message =
        err.reason === 'private' ? WEBHOOK_MESSAGES.privateAddress : err.reason === 'scheme' ? WEBHOOK_MESSAGES.https : WEBHOOK_MESSAGES.unresolved;
      throw new DomainError(message, 400, { url: [message] });
    }
  }

  async function deliver(row: DeliveryRow, endpoint: EndpointRow | undefined, at: Date): Promise<'sent' | 'failed' | 'retry'> {
    let error: string;
    if (!endpoint) error = 'The endpoint was removed.';
    else if (!endpoint.enabled) error = 'The endpoint is turned off.';
    else {
      const secret = opts.secretBox.open(endpoint.secret);
      if (!secret) error = 'The endpoint secret cannot be read (DATA_KEY changed?): enter it again in Settings, Integrations.';
      else {
        try {
          await opts.send({ url: endpoint.url, secret, messageId: row.messageId, payload: row.payload, at });
          await repo.markSent(row.id, now(), endpoint.url);
          return 'sent';
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
        }
      }
    }
    // no endpoint to deliver to is final; a failed attempt is retried until the window closes (a last
    // attempt falls at its very end)
    const final = !endpoint || at.getTime() >= row.retryUntil.getTime();
    const next = new Date(Math.min(at.getTime() + webhookRetryDelayMs(row.attempts, opts.firstRetryMs), row.retryUntil.getTime()));
    await repo.markFailed(row.id, { status: final ? 'failed' : 'pending', nextAttemptAt: next, lastError: error });
    const fields = { deliveryId: row.id, webhookId: row.messageId, endpointId: row.endpointId, attempts: row.attempts, err: error };
    if (final) opts.log.error(fields, 'webhook could not be delivered; giving up');
    else opts.log.warn(fields, 'webhook delivery failed; will retry');
    return final ? 'failed' : 'retry';
  }

  /** One batch: lease due rows, deliver them (in parallel), record each outcome. */
  async function processDue(at: Date = now()): Promise<{ sent: number; failed: number; retry: number; claimed: number }> {
    const rows = await repo.claimDue(new Date(at.getTime() + 1), batchSize, LEASE_MS);
    const endpoints = new Map((await repo.endpointsByIds([...new Set(rows.flatMap((r) => (r.endpointId ? [r.endpointId] : [])))])).map((e) => [e.id, e]));
    const outcomes = await Promise.all(rows.map((row) => deliver(row, row.endpointId ? endpoints.get(row.endpointId) : undefined, at)));
    return {
      sent: outcomes.filter((o) => o === 'sent').length,
      failed: outcomes.filter((o) => o === 'failed').length,
      retry: outcomes.filter((o) => o === 'retry').length,
      claimed: rows.length,
    };
  }

  async function drain() {
    do {
      again = false;
      let batch;
      do {
        batch = await processDue();
      } while (batch.claimed === batchSize && batch.retry + batch.failed === 0 && !stopped);
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => opts.log.error({ err }, 'webhook outbox run failed'))
      .finally(() => {
        running = null;
        if (again) kick();
      });
  }

  return {
    allowPrivate: opts.allowPrivate,

    /** Settings, Integrations: every endpoint, secrets shown by their last characters only. */
    async listEndpoints(): Promise<WebhookEndpointDto[]> {
      return (await repo.listEndpoints()).map(toEndpointDto);
    },

    async addEndpoint(input: WebhookEndpointAdd): Promise<WebhookEndpointDto> {
      await checkUrl(input.url);
      const row = await repo.insertEndpoint({
        url: input.url,
        secret: opts.secretBox.seal(input.secret),
        secretHint: secretHint(input.secret),
        events: [...new Set(input.events)],
        enabled: input.enabled,
      });
      opts.log.info({ endpointId: row.id, url: row.url }, 'webhook endpoint added');
      return toEndpointDto(row);
    },

    async editEndpoint(id: number, input: WebhookEndpointEdit): Promise<{ before: WebhookEndpointDto; after: WebhookEndpointDto }> {
      const before = await repo.findEndpoint(id);
      if (!before) throw new DomainError(WEBHOOK_MESSAGES.notFound, 404);
      await checkUrl(input.url);
      const row = await repo.updateEndpoint(id, {
        url: input.url,
        events: [...new Set(input.events)],
        enabled: input.enabled,
        ...(input.secret ? { secret: opts.secretBox.seal(input.secret), secretHint: secretHint(input.secret) } : {}),
      });
      if (!row) throw new DomainError(WEBHOOK_MESSAGES.notFound, 404);
      return { before: toEndpointDto(before), after: toEndpointDto(row) };
    },

    async deleteEndpoint(id: number): Promise<WebhookEndpointDto> {
      const row = await repo.findEndpoint(id);
      if (!row || !(await repo.deleteEndpoint(id))) throw new DomainError(WEBHOOK_MESSAGES.notFound, 404);
      return toEndpointDto(row);
    },

    /**
     * Writes `payload` for every enabled endpoint that wants its event, inside `tx` (the transaction
     * that writes the lead or its change): the event is stored exactly when the change is. Answers
     * the rows written (the intake journal keeps them). Call `kick()` once the transaction commits.
     */
    async enqueue(payload: WebhookPayload, formSubmissionId: number | null, tx: DbOrTx): Promise<DeliveryRow[]> {
      const endpoints = await repo.subscribers(payload.type, tx);
      if (endpoints.length === 0) return [];
      const body = JSON.stringify(payload);
      const created = now();
      return repo.insertDeliveries(
        endpoints.map((e) => ({
          messageId: `msg_${randomUUID()}`,
          endpointId: e.id,
          url: e.url,
          eventType: payload.type,
          payload: body,
          formSubmissionId,
          created,
          retryUntil: new Date(created.getTime() + WEBHOOK_RETRY_WINDOW_MS),
        })),
        tx,
      );
    },

    /** Replay (a failed or sent delivery): same webhook-id and body, due now, a new 24-hour window. */
    async replay(id: number): Promise<DeliveryRow> {
      const at = now();
      const row = await repo.replay(id, at, new Date(at.getTime() + WEBHOOK_RETRY_WINDOW_MS));
      if (!row) {
        const exists = await repo.findDelivery(id);
        throw new DomainError(exists ? WEBHOOK_MESSAGES.notResendable : WEBHOOK_MESSAGES.deliveryNotFound, exists ? 409 : 404);
      }
      kick();
      return row;
    },

    findDelivery: (id: number) => repo.findDelivery(id),
    listForSubmission: (formSubmissionId: number) => repo.listForSubmission(formSubmissionId),
    countByStatus: () => repo.countByStatus(),
    processDue,
    kick,
    async idle(): Promise<void> {
      while (running) await running;
    },
    start(): void {
      if (timer || stopped) return;
      timer = setInterval(kick, opts.retryIntervalMs);
      timer.unref();
      kick();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      while (running) await running;
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
