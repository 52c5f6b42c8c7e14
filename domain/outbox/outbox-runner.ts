/**
 * The delivery loop both outboxes share (ADR 045): the mail outbox and the CRM webhook outbox differ
 * in how one row is sent and how an outcome is recorded, not in how rows are leased, sent in
 * parallel, retried and woken.
 */

/** Wait before the next attempt: `firstMs`, then twice as long after each failure, capped at `capMs` (an hour). */
export function backoffMs(attempts: number, firstMs = 30_000, capMs = 60 * 60_000): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), capMs);
}

/** The rows of one table, as the runner needs them (domain/outbox/outbox-repository.ts). */
export interface OutboxRows<Row> {
  claimDue(now: Date, limit: number, leaseMs: number): Promise<Row[]>;
  renewLeases(ids: number[], until: Date): Promise<void>;
  nextDueAt(): Promise<Date | null>;
  releaseLeasesOnce(): Promise<number>;
}

export interface OutboxHandler<Row, Ctx> {
  /** Once per batch, before sending (the webhook outbox reads the batch's endpoints). */
  prepare(rows: Row[]): Promise<Ctx>;
  /** Delivers one row; throws with what went wrong. */
  send(row: Row, at: Date, ctx: Ctx): Promise<void>;
  /** Records delivered rows, several at a time. */
  recordSent(rows: Row[], at: Date, ctx: Ctx): Promise<void>;
  /** Records a failed attempt (and logs it): 'retry' when the row is due again later, 'failed' when given up. */
  recordFailure(row: Row, error: string, at: Date, ctx: Ctx): Promise<'retry' | 'failed'>;
}

export interface OutboxRunnerOptions<Row, Ctx> {
  /** for the log: 'mail outbox', 'webhook outbox' */
  name: string;
  rows: OutboxRows<Row>;
  handler: OutboxHandler<Row, Ctx>;
  /** rows leased per claim */
  batchSize: number;
  /** deliveries under way at once */
  concurrency: number;
  /** how long a claim holds a row; renewed every third of it while the row is being delivered */
  leaseMs: number;
  /** the longest the loop sleeps with nothing due (MAIL_RETRY_SECONDS, WEBHOOK_RETRY_SECONDS) */
  retryIntervalMs: number;
  /** At start: free leases a killed process left (the embedded database, which one process owns). */
  releaseLeasesAtStart?: boolean;
  /** runs before each drain (the mail outbox's hourly purge) */
  beforeDrain?: () => Promise<void>;
  now?: () => Date;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface BatchResult {
  claimed: number;
  sent: number;
  retry: number;
  failed: number;
}

export function createOutboxRunner<Row extends { id: number }, Ctx>(opts: OutboxRunnerOptions<Row, Ctx>) {
  const now = opts.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let wake: ReturnType<typeof setTimeout> | null = null;

  /** Runs `work` over `items` with at most `limit` at once. */
  async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(limit, items.length) }, async () => {
        while (next < items.length) await work(items[next++]!);
      }),
    );
  }

  /**
   * One batch: lease due rows, send them in parallel, record each outcome. A failed row is scheduled
   * again and never holds up the others; delivered rows are marked as they come, several per statement.
   */
  async function processDue(at: Date = now()): Promise<BatchResult> {
    // The database stamps a new row with microseconds, this clock has milliseconds: a row written
    // within the current millisecond is due too (else it would wait for the next wake).
    const rows = await opts.rows.claimDue(new Date(at.getTime() + 1), opts.batchSize, opts.leaseMs);
    const result: BatchResult = { claimed: rows.length, sent: 0, retry: 0, failed: 0 };
    if (rows.length === 0) return result;
    const inFlight = new Set(rows.map((r) => r.id));
    const renew = setInterval(() => {
      opts.rows
        .renewLeases([...inFlight], new Date(now().getTime() + opts.leaseMs))
        .catch((err: unknown) => opts.log.error({ err }, `${opts.name}: renewing leases failed`));
    }, opts.leaseMs / 3);
    renew.unref();
    try {
      const ctx = await opts.handler.prepare(rows);
      // delivered rows wait here for the statement that marks them; one is under way at a time
      const delivered: Row[] = [];
      let marking: Promise<void> | null = null;
      const mark = (): Promise<void> =>
        (marking ??= (async () => {
          while (delivered.length > 0) {
            const done = delivered.splice(0);
            try {
              await opts.handler.recordSent(done, now(), ctx);
            } catch (err) {
              // the lease runs out and they are sent again, under the same id (the other side drops repeats)
              opts.log.error({ err, ids: done.map((r) => r.id) }, `${opts.name}: recording deliveries failed`);
            }
            for (const row of done) inFlight.delete(row.id);
          }
        })().finally(() => (marking = null)));
      // a failure's statement does not hold up the sends behind it (the database may be busy)
      const failures: Promise<void>[] = [];
      await pool(rows, opts.concurrency, async (row) => {
        try {
          await opts.handler.send(row, at, ctx);
          result.sent++;
          delivered.push(row);
          void mark();
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          failures.push(
            opts.handler.recordFailure(row, error, at, ctx).then((outcome) => {
              inFlight.delete(row.id);
              result[outcome]++;
            }),
          );
        }
      });
      while (marking || delivered.length > 0) await mark();
      await Promise.all(failures);
    } finally {
      clearInterval(renew);
    }
    return result;
  }

  /** Schedules the next drain when the next row falls due (sooner than the interval's own wake). */
  async function wakeAtNextDue(): Promise<void> {
    const next = await opts.rows.nextDueAt();
    if (!next || stopped) return;
    const delay = Math.max(0, next.getTime() - now().getTime()) + 5;
    if (delay >= opts.retryIntervalMs) return;
    if (wake) clearTimeout(wake);
    wake = setTimeout(() => {
      wake = null;
      kick();
    }, delay);
    wake.unref();
  }

  async function drain(): Promise<void> {
    await opts.beforeDrain?.();
    do {
      again = false;
      let batch: BatchResult;
      // a full batch may have more behind it; a batch where every delivery failed looks like an
      // outage of the other side: the loop waits for its next wake rather than hammer it
      do {
        batch = await processDue();
      } while (batch.claimed === opts.batchSize && batch.sent > 0 && !stopped);
    } while (again && !stopped);
    if (!stopped) await wakeAtNextDue();
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => opts.log.error({ err }, `${opts.name} run failed`))
      .finally(() => {
        running = null;
        // a kick after the run's last check but before this line would otherwise wait for the next wake
        if (again) kick();
      });
  }

  return {
    processDue,
    /** Starts a delivery run now (or right after the one under way), without waiting for it. */
    kick,
    /** Resolves when no delivery run is in progress (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running;
    },
    start(): void {
      if (timer || stopped) return;
      timer = setInterval(kick, opts.retryIntervalMs);
      timer.unref();
      if (!opts.releaseLeasesAtStart) {
        kick();
        return;
      }
      running = opts.rows
        .releaseLeasesOnce()
        .then((n) => {
          if (n > 0) opts.log.info({ rows: n }, `${opts.name}: leases left by a stopped process released`);
        })
        .catch((err: unknown) => opts.log.error({ err }, `${opts.name}: releasing leases failed`))
        .finally(() => {
          running = null;
          kick();
        });
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      if (wake) clearTimeout(wake);
      timer = null;
      wake = null;
      while (running) await running;
    },
  };
}
export type OutboxRunner = ReturnType<typeof createOutboxRunner>;
