import type { DbOrTx } from '#db/client.ts';
import { backoffMs, createOutboxRunner } from '../outbox/outbox-runner.ts';
import type { MailRepository, OutboxInsert, OutboxRow } from './mail-repository.ts';
import { SMTP_POOL_CONNECTIONS, type MailTransport } from './mail-transport.ts';

export interface MailServiceOptions {
  from: string;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** How often the retry loop looks for due messages. */
  retryIntervalMs: number;
  /** Attempts before a message is marked failed (default 80: about three days with the hourly cap). */
  maxAttempts?: number;
  batchSize?: number;
  /** messages sent at once (the SMTP transport's connections) */
  concurrency?: number;
  /** the embedded database: leases a killed process left are released at start (ADR 045) */
  releaseLeasesAtStart?: boolean;
}

/** A claim holds a message this long, renewed while it is being sent; a killed instance's messages are free again after it. */
const LEASE_MS = 30_000;
/** How long a message with a live link may be kept anywhere: the longest link (set password) lives 24 hours. */
export const SENSITIVE_KEEP_MS = 24 * 60 * 60_000;

/** The domain of the From address (`Website <no-reply@example.com>` -> example.com). */
function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match?.[1]?.toLowerCase() ?? 'localhost';
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so when a message is sent and the
 * process dies before recording it, the re-send is recognisable as the same message (mail servers
 * and clients can drop the duplicate). The creation time keeps ids unique across database resets.
 */
export function outboxMessageId(row: { id: number; created: Date }, from: string): string {
  return `<outbox.${row.id}.${row.created.getTime().toString(36)}@${senderDomain(from)}>`;
}

/** Wait before the next attempt: 30 s, 1 min, 2 min ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return backoffMs(attempts);
}

/**
 * The outbox: messages are stored (inside the caller's transaction when there is one) and sent
 * afterwards, right away and then by the shared outbox loop (ADR 045), so a mail outage never loses
 * a message.
 */
export function createMailService(repo: MailRepository, transport: MailTransport, opts: MailServiceOptions) {
  // A mail server down over a long weekend must not cost a notification: retry for about three days.
  const maxAttempts = opts.maxAttempts ?? 80;

  /** Once an hour at most: links older than a day are blanked in the table and removed from the outbox folder. */
  let lastPurge = 0;
  async function purgeStale(now = Date.now()) {
    if (now - lastPurge < 60 * 60_000) return;
    lastPurge = now;
    const dayAgo = new Date(now - SENSITIVE_KEEP_MS);
    await repo.purgeStaleSensitive(dayAgo);
    await transport.purge?.(dayAgo);
  }

  const runner = createOutboxRunner<OutboxRow, null>({
    name: 'mail outbox',
    rows: repo,
    batchSize: opts.batchSize ?? 200,
    // as many as the SMTP transport keeps connections open (SMTP_POOL_CONNECTIONS)
    concurrency: opts.concurrency ?? SMTP_POOL_CONNECTIONS,
    leaseMs: LEASE_MS,
    retryIntervalMs: opts.retryIntervalMs,
    releaseLeasesAtStart: opts.releaseLeasesAtStart,
    beforeDrain: () => purgeStale(),
    log: opts.log,
    handler: {
      prepare: async () => null,
      send: (row) =>
        transport.send({
          from: opts.from,
          to: row.toAddresses,
          replyTo: row.replyTo,
          subject: row.subject,
          text: row.text,
          messageId: outboxMessageId(row, opts.from),
          sensitive: row.sensitive,
        }),
      recordSent: (rows, at) =>
        repo.markSent(
          rows.map((r) => r.id),
          at,
        ),
      async recordFailure(row, message, at) {
        const giveUp = row.attempts >= maxAttempts;
        await repo.markFailed(row.id, {
          status: giveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts)),
          lastError: message,
        });
        const fields = { mailId: row.id, kind: row.kind, attempts: row.attempts, err: message };
        if (giveUp) opts.log.error(fields, 'email could not be delivered; giving up');
        else opts.log.warn(fields, 'email delivery failed; will retry');
        return giveUp ? 'failed' : 'retry';
      },
    },
  });

  return {
    description: transport.description,
    /** Without SMTP: where messages are written instead of being sent, and how many there are; null when mail is sent. */
    notSending: async () => (transport.notSending ? transport.notSending() : null),
    /** Stores a message for delivery; pass the transaction that writes the record it is about. */
    enqueue(message: OutboxInsert, tx?: DbOrTx): Promise<number> {
      return repo.insert(message, tx);
    },
    processDue: runner.processDue,
    /** Blanks and removes messages with a live link older than a day (run at most hourly by the delivery loop; tests call it). */
    purgeStale: (now?: number) => {
      lastPurge = 0;
      return purgeStale(now);
    },
    /** Starts a delivery run now (or right after the one under way), without waiting for it. */
    kick: runner.kick,
    /** Resolves when no delivery run is in progress (tests, shutdown). */
    idle: runner.idle,
    start: runner.start,
    async stop(): Promise<void> {
      await runner.stop();
      transport.close();
    },
    countByStatus: () => repo.countByStatus(),
    oldestPendingAt: () => repo.oldestPendingAt(),
    listForSubmission: (id: number) => repo.listForSubmission(id),
  };
}
export type MailService = ReturnType<typeof createMailService>;
