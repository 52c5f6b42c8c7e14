import { normalisePath } from '#shared/paths.ts';
import type { HitBatch, MissBatch, RedirectsRepository } from './redirects-repository.ts';

/** Distinct paths held in memory between two flushes: a scanner cannot grow the buffer past this. */
const MAX_PENDING_MISSES = 1000;
const MISS_PATH = /^\/[^\s?#]{0,499}$/;

/**
 * Hits and Not Found misses are counted in memory and written in one batch every `flushMs` (and
 * before an administrator reads them), so the hot path never waits for a database write.
 */
export function createRedirectHits(
  repo: RedirectsRepository,
  opts: { notFoundLimit?: number; flushMs?: number; log?: { error(obj: object, msg?: string): void } },
) {
  const notFoundLimit = opts.notFoundLimit ?? 2000;
  let hits = new Map<number, { count: number; last: Date }>();
  let misses = new Map<string, { count: number; last: Date }>();
  let flushing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | null = null;

  async function flushNow() {
    const hitBatch: HitBatch = [...hits].map(([id, h]) => ({ id, ...h }));
    const missBatch: MissBatch = [...misses].map(([path, m]) => ({ path, ...m }));
    hits = new Map();
    misses = new Map();
    if (hitBatch.length === 0 && missBatch.length === 0) return;
    try {
      if (hitBatch.length) await repo.addHits(hitBatch);
      if (missBatch.length) await repo.addMisses(missBatch, notFoundLimit);
    } catch (err) {
      // Counts are advisory: a failed write (database briefly away) is logged, not retried forever.
      opts.log?.error({ err }, 'writing redirect hits and Not Found counts failed');
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.then(flushNow);
    return flushing;
  }

  return {
    /** Counted in memory; written by the next flush. */
    recordHit(id: number) {
      const h = hits.get(id);
      if (h) {
        h.count++;
        h.last = new Date();
      } else hits.set(id, { count: 1, last: new Date() });
    },
    /** A page request that ended in Not Found (the caller has already left bots out). */
    recordMiss(pathname: string) {
      const path = normalisePath(pathname);
      if (!MISS_PATH.test(path)) return;
      const m = misses.get(path);
      if (m) {
        m.count++;
        m.last = new Date();
      } else if (misses.size < MAX_PENDING_MISSES) misses.set(path, { count: 1, last: new Date() });
    },
    flush,
    /** Writes counts every `flushMs` until stop(); the timer never keeps the process alive. */
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), opts.flushMs ?? 10_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}
