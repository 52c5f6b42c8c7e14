/**
 * Scheduled publishing (ADR 017): a timer in the process wakes at the earliest publishAt of any
 * kind, moves the pointers of the items that became due (each kind's `publishDue`, which ends in
 * the content-changed call, so the page cache and the sitemap follow) and sleeps until the next
 * one. It also wakes at least every `maxSleepMs`, so a version scheduled on another instance is
 * published here too (every instance runs it; moving a pointer twice is harmless, and only the
 * instance that moved it reports the change).
 */
export interface Publishable {
  publishDue(at?: Date): Promise<number[]>;
  nextPublishAt(): Promise<Date | null>;
}

export interface PublishSchedulerOptions {
  kinds: Publishable[];
  log?: { error(obj: object, msg?: string): void };
  maxSleepMs?: number;
  now?: () => Date;
}

export function createPublishScheduler(opts: PublishSchedulerOptions) {
  const maxSleepMs = opts.maxSleepMs ?? 5 * 60_000;
  const now = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let wakeAt: number | null = null;
  let running = false;
  let stopped = true;

  function arm(at: number) {
    if (stopped) return;
    const target = Math.min(at, now().getTime() + maxSleepMs);
    if (timer && wakeAt !== null && wakeAt <= target) return;
    if (timer) clearTimeout(timer);
    wakeAt = target;
    timer = setTimeout(() => void tick(), Math.max(0, target - now().getTime()));
    timer.unref?.();
  }

  /** Publishes what is due, then sleeps until the next scheduled version. */
  async function tick(): Promise<void> {
    timer = null;
    wakeAt = null;
    if (running || stopped) return;
    running = true;
    let next = now().getTime() + maxSleepMs;
    try {
      for (const kind of opts.kinds) {
        await kind.publishDue(now());
        const at = await kind.nextPublishAt();
        if (at) next = Math.min(next, at.getTime());
      }
    } catch (err) {
      opts.log?.error({ err }, 'scheduled publishing failed; will retry');
    } finally {
      running = false;
    }
    arm(next);
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      void tick();
    },
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      wakeAt = null;
    },
    /** A version was scheduled for `at`: wake up then (if that is sooner than planned). */
    scheduled(at: Date): void {
      arm(at.getTime());
    },
    tick,
  };
}
export type PublishScheduler = ReturnType<typeof createPublishScheduler>;
