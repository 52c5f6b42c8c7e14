import type { DbOrTx } from '#db/client.ts';
import type { MailRepository, OutboxInsert } from './mail-repository.ts';
import type { MailTransport } from './mail-transport.ts';

export interface MailServiceOptions {
  from: string;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** How often the retry loop looks for due messages. */
  retryIntervalMs: number;
  /** Attempts before a message is marked failed (default 80: about three days with the hourly cap). */
  maxAttempts?: number;
  batchSize?: number;
}

const LEASE_MS = 2 * 60_000;
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
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * The outbox: messages are stored (inside the caller's transaction when there is one) and sent
 * afterwards, right away and then by a retry loop, so a mail outage never loses a message.
 */
export function createMailService(repo: MailRepository, transport: MailTransport, opts: MailServiceOptions) {
  // A mail server down over a long weekend must not cost a notification: retry for about three days.
  const maxAttempts = opts.maxAttempts ?? 80;
  const batchSize = opts.batchSize ?? 25;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  async function processDue(now: Date = new Date()): Promise<{ sent: number; failed: number; claimed: number }> {
    // The database stamps a new message with microseconds, this clock has milliseconds: a message
    // written within the current millisecond is due too (else it would wait for the next interval).
    const rows = await repo.claimDue(new Date(now.getTime() + 1), batchSize, LEASE_MS);
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        await transport.send({
          from: opts.from,
          to: row.toAddresses,
          replyTo: row.replyTo,
          subject: row.subject,
          text: row.text,
          messageId: outboxMessageId(row, opts.from),
          sensitive: row.sensitive,
        });
        await repo.markSent(row.id, new Date());
        sent++;
      } catch (err) {
        failed++;
        const giveUp = row.attempts >= maxAttempts;
        const message = err instanceof Error ? err.message : String(err);
        await repo.markFailed(row.id, {
          status: giveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
          lastError: message,
        });
        const fields = { mailId: row.id, kind: row.kind, attempts: row.attempts, err: message };
        if (giveUp) opts.log.error(fields, 'email could not be delivered; giving up');
        else opts.log.warn(fields, 'email delivery failed; will retry');
      }
    }
    return { sent, failed, claimed: rows.length };
  }

  /** Once an hour at most: links older than a day are blanked in the table and removed from the outbox folder. */
  let lastPurge = 0;
  async function purgeStale(now = Date.now()) {
    if (now - lastPurge < 60 * 60_000) return;
    lastPurge = now;
    const dayAgo = new Date(now - SENSITIVE_KEEP_MS);
    await repo.purgeStaleSensitive(dayAgo);
    await transport.purge?.(dayAgo);
  }

  async function drain() {
    await purgeStale();
    do {
      again = false;
      let batch;
      do {
        batch = await processDue();
      } while (batch.claimed === batchSize && batch.failed === 0 && !stopped);
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => opts.log.error({ err }, 'mail outbox run failed'))
      .finally(() => {
        running = null;
        // A kick that came after the run's last check but before this line would otherwise be lost
        // (the message would wait for the next interval): run again for it.
        if (again) kick();
      });
  }

  return {
    description: transport.description,
    /** Without SMTP: where messages are written instead of being sent, and how many there are; null when mail is sent. */
    notSending: async () => (transport.notSending ? transport.notSending() : null),
    /** Stores a message for delivery; pass the transaction that writes the record it is about. */
    enqueue(message: OutboxInsert, tx?: DbOrTx): Promise<number> {
      return repo.insert(message, tx);
    },
    processDue,
    /** Blanks and removes messages with a live link older than a day (run at most hourly by the delivery loop; tests call it). */
    purgeStale: (now?: number) => {
      lastPurge = 0;
      return purgeStale(now);
    },
    /** Starts a delivery run soon, without waiting for it. */
    kick,
    /** Resolves when no delivery run is in progress (tests, shutdown). */
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
      transport.close();
    },
    countByStatus: () => repo.countByStatus(),
    oldestPendingAt: () => repo.oldestPendingAt(),
    listForSubmission: (id: number) => repo.listForSubmission(id),
  };
}
export type MailService = ReturnType<typeof createMailService>;
