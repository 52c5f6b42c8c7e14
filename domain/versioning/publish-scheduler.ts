/**
 * Scheduled publishing (ADR 017): a timer in the process wakes at the earliest publishAt of any
 * kind, moves the pointers of the items that became due (each kind's `publishDue`, which ends in
 * the content-changed call, so the page cache and the sitemap follow) and sleeps until the next
 * one. It also wakes at least every `maxSleepMs`, so a version scheduled on another instance is
 * published here too (every instance runs it; moving a pointer twice is harmless, and only the
 * instance that moved it reports the change).
 *
 * Expiry (ADR 049) runs in the same pass: each kind's `unpublishDue` takes the items whose Unpublish at
 * has come off the site; its conditional update lets one instance do each item, so it is reported,
 * redirected and audited once. The longest sleep is a minute by default (`SCHEDULER_INTERVAL_MS`), so an
 * item leaves the site within a minute of its time on every instance.
 */
export interface Publishable {
  publishDue(at?: Date): Promise<number[]>;
  nextPublishAt(): Promise<Date | null>;
  /** expiry (ADR 049): the published items whose Unpublish at has come leave the site */
  unpublishDue?(at?: Date): Promise<number[]>;
  nextUnpublishAt?(): Promise<Date | null>;
}

/** The longest the scheduler sleeps by default: an expiry or a version saved on another instance is carried out within it. */
export const SCHEDULER_MAX_SLEEP_MS = 60_000;

export interface PublishSchedulerOptions {
  kinds: Publishable[];
  log?: { error(obj: object, msg?: string): void };
  maxSleepMs?: number;
  now?: () => Date;
}

export function createPublishScheduler(opts: PublishSchedulerOptions) {
  const maxSleepMs = opts.maxSleepMs ?? SCHEDULER_MAX_SLEEP_MS;
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
        if (kind.unpublishDue) await kind.unpublishDue(now());
        const expires = (await kind.nextUnpublishAt?.()) ?? null;
        if (expires) next = Math.min(next, expires.getTime());
      }
    } catch (err) {
      opts.log?.error({ err }, 'scheduled publishing or expiry failed; will retry');
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
    /** A version was scheduled (or an expiry set) for `at`: wake up then (if that is sooner than planned). */
    scheduled(at: Date): void {
      arm(at.getTime());
    },
    tick,
  };
}
export type PublishScheduler = ReturnType<typeof createPublishScheduler>;
