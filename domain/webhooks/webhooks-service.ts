import { createHash, randomUUID } from 'node:crypto';
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
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { overwroteDetail, staleRecord } from '../record-versions-repository.ts';
import { AddressRefused, checkEndpointAddress } from './address-guard.ts';
import { backoffMs, createOutboxRunner } from '../outbox/outbox-runner.ts';
import type { WebhookSender } from './webhook-sender.ts';
import type { DeliveryRow, EndpointRow, WebhooksRepository } from './webhooks-repository.ts';

/** Deliveries are retried for this long after the event (or a replay), then marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
/**
 * A claim holds a delivery this long, renewed every third of it while the delivery is under way
 * (ADR 045): a killed instance's deliveries are free again within 6 s, for another instance or for
 * itself once restarted.
 */
export const WEBHOOK_LEASE_MS = 6_000;

/** A fraction in [0, 1) fixed by `key`: the same delivery and attempt always get the same one, two deliveries rarely alike. */
function spread(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * Wait before the next attempt: `firstMs` (30 s by default), then twice as long each time, capped at
 * one hour. Given the delivery's webhook-id, the wait is spread over 0.8 to 1.2 times that, the same
 * for the same delivery and attempt: deliveries that failed together (a receiver's outage, a burst it
 * refused) do not all come back at the same moment and meet the same refusal again.
 */
export function webhookRetryDelayMs(attempts: number, firstMs = 30_000, messageId?: string): number {
  const base = backoffMs(attempts, firstMs);
  return messageId === undefined ? base : Math.round(base * (0.8 + 0.4 * spread(`${messageId}:${attempts}`)));
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
  /** deliveries posted at once */
  concurrency?: number;
  /** the embedded database: leases a killed process left are released at start (ADR 045) */
  releaseLeasesAtStart?: boolean;
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
    version: row.version,
  };
}

/**
 * The CRM webhook (ADR 040): endpoints kept in Settings, events written to the webhook outbox in
 * the transaction that writes what they are about, delivered afterwards (signed, Standard
 * Webhooks) by whichever instance leases the row first, retried with back-off for 24 hours.
 */
export function createWebhooksService(repo: WebhooksRepository, opts: WebhooksServiceOptions) {
  const now = opts.now ?? (() => new Date());
  async function checkUrl(url: string): Promise<void> {
    try {
      await checkEndpointAddress(new URL(url), { allowPrivate: opts.allowPrivate, resolve: opts.resolve });
    } catch (err) {
      if (!(err instanceof AddressRefused)) throw err;
      const message =
        err.reason === 'private'
          ? WEBHOOK_MESSAGES.privateAddress
          : err.reason === 'scheme'
            ? WEBHOOK_MESSAGES.https
            : WEBHOOK_MESSAGES.unresolved;
      throw new DomainError(message, 400, { url: [message] });
    }
  }

  /** Why a row cannot be sent to its endpoint (in words), or the endpoint secret to sign it with. */
  function unsendable(endpoint: EndpointRow | undefined): string | { secret: string } {
    if (!endpoint) return 'The endpoint was removed.';
    if (!endpoint.enabled) return 'The endpoint is turned off.';
    const secret = opts.secretBox.open(endpoint.secret);
    if (!secret) return 'The endpoint secret cannot be read (DATA_KEY changed?): enter it again in Settings, Integrations.';
    return { secret };
  }

  // Endpoints this process could not reach since it last reached them. A process starts with every
  // endpoint in doubt (it does not know what the one before it saw): its first delivery to each one
  // that succeeds brings that endpoint's waiting deliveries forward too.
  const unreachable = new Set<number>();
  const reached = new Set<number>();
  /** An attempt that got no HTTP answer (refused, reset, timed out, no address): the endpoint was down, not refusing. */
  const noAnswer = (error: string) => !error.startsWith('HTTP ');

  /** The endpoint answers again: what waited only for it to come back is due now, not at its back-off. */
  async function endpointBack(endpointId: number, at: Date): Promise<void> {
    if (reached.has(endpointId) && !unreachable.has(endpointId)) return;
    reached.add(endpointId);
    unreachable.delete(endpointId);
    const n = await repo.dueNowAfterOutage(endpointId, at);
    if (n > 0) {
      opts.log.info({ endpointId, deliveries: n }, 'webhook endpoint answers again; its waiting deliveries are due now');
      runner.kick();
    }
  }

  type Endpoints = Map<number, EndpointRow>;
  const endpointOf = (row: DeliveryRow, endpoints: Endpoints) => (row.endpointId ? endpoints.get(row.endpointId) : undefined);

  const runner = createOutboxRunner<DeliveryRow, Endpoints>({
    name: 'webhook outbox',
    rows: repo,
    batchSize: opts.batchSize ?? 200,
    concurrency: opts.concurrency ?? 16,
    leaseMs: WEBHOOK_LEASE_MS,
    retryIntervalMs: opts.retryIntervalMs,
    releaseLeasesAtStart: opts.releaseLeasesAtStart,
    now,
    log: opts.log,
    handler: {
      async prepare(rows) {
        const ids = [...new Set(rows.flatMap((r) => (r.endpointId ? [r.endpointId] : [])))];
        return new Map((await repo.endpointsByIds(ids)).map((e) => [e.id, e]));
      },
      async send(row, at, endpoints) {
        const endpoint = endpointOf(row, endpoints);
        const ready = unsendable(endpoint);
        if (typeof ready === 'string') throw new Error(ready);
        await opts.send({ url: endpoint!.url, secret: ready.secret, messageId: row.messageId, payload: row.payload, at });
      },
      async recordSent(rows, at, endpoints) {
        const byUrl = new Map<string, number[]>();
        for (const row of rows) {
          const url = endpointOf(row, endpoints)?.url ?? row.url;
          byUrl.set(url, [...(byUrl.get(url) ?? []), row.id]);
        }
        for (const [url, ids] of byUrl) await repo.markSent(ids, at, url);
        for (const endpointId of new Set(rows.flatMap((r) => (r.endpointId ? [r.endpointId] : [])))) {
          await endpointBack(endpointId, at);
        }
      },
      // no endpoint to deliver to is final; a failed attempt is retried until the window closes (a
      // last attempt falls at its very end)
      async recordFailure(row, error, at, endpoints) {
        if (row.endpointId && endpointOf(row, endpoints)?.enabled && noAnswer(error)) unreachable.add(row.endpointId);
        const final = !endpointOf(row, endpoints) || at.getTime() >= row.retryUntil.getTime();
        // A refusal backs off by the refusals so far: attempts that found the receiver unreachable do
        // not count, or its first refusal after an outage would wait as if it had refused them all.
        // An unreachable receiver backs off by every attempt; when it answers again, what waited only
        // for it is brought forward (endpointBack).
        const refused = !noAnswer(error);
        const refusals = row.refusals + (refused ? 1 : 0);
        const wait = webhookRetryDelayMs(refused ? refusals : row.attempts, opts.firstRetryMs, row.messageId);
        const next = new Date(Math.min(at.getTime() + wait, row.retryUntil.getTime()));
        await repo.markFailed(row.id, { status: final ? 'failed' : 'pending', nextAttemptAt: next, lastError: error }, { refusals });
        const fields = { deliveryId: row.id, webhookId: row.messageId, endpointId: row.endpointId, attempts: row.attempts, err: error };
        if (final) opts.log.error(fields, 'webhook could not be delivered; giving up');
        else opts.log.warn(fields, 'webhook delivery failed; will retry');
        return final ? 'failed' : 'retry';
      },
    },
  });
  const kick = runner.kick;

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

    /**
     * Edits an endpoint; with a guard (ADR 048) the write is conditional on the version the editor
     * started from, and a save refused because another landed since is a 409 (who and when).
     */
    async editEndpoint(
      id: number,
      input: WebhookEndpointEdit,
      guard: SaveGuard | null = null,
    ): Promise<{ before: WebhookEndpointDto; after: WebhookEndpointDto; overwrote: Record<string, unknown> }> {
      const before = await repo.findEndpoint(id);
      if (!before) throw new DomainError(WEBHOOK_MESSAGES.notFound, 404);
      // a stale view is refused before its address is checked
      if (guard && before.version !== guard.baseVersion) throw await staleRecord(repo.db, before, guard);
      await checkUrl(input.url);
      const row = await repo.updateEndpoint(
        id,
        {
          url: input.url,
          events: [...new Set(input.events)],
          enabled: input.enabled,
          ...(input.secret ? { secret: opts.secretBox.seal(input.secret), secretHint: secretHint(input.secret) } : {}),
        },
        guard,
      );
      if (!row) {
        const now = await repo.findEndpoint(id);
        if (!now || !guard) throw new DomainError(WEBHOOK_MESSAGES.notFound, 404);
        throw await staleRecord(repo.db, now, guard);
      }
      const overwrote = await overwroteDetail(repo.db, before, guard);
      return { before: toEndpointDto(before), after: toEndpointDto(row), overwrote };
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
    oldestPendingAt: () => repo.oldestPendingAt(),
    /** One batch: lease due deliveries, post them in parallel, record each outcome (tests move `at`). */
    processDue: runner.processDue,
    kick,
    idle: runner.idle,
    start: runner.start,
    stop: runner.stop,
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
