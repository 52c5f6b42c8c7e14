import { randomUUID } from 'node:crypto';
import type { ImportJob } from '#shared/validation/reps-retailers.ts';

export interface JobWork {
  /** Steps of work in all; progress is reported as steps done. */
  total: number;
  run(progress: (done: number) => void): Promise<{ created: number; updated: number }>;
}

/**
 * CSV imports run as background jobs so the browser can show a progress bar by polling. A job
 * lives in the memory of the instance that runs it (see ADR 022) and is forgotten `keepMs` after
 * it ends.
 */
export function createImportJobs(opts: { keepMs?: number; log: { error(obj: object, msg?: string): void } }) {
  const keepMs = opts.keepMs ?? 15 * 60_000;
  const jobs = new Map<string, ImportJob>();

  function forgetLater(id: string) {
    setTimeout(() => jobs.delete(id), keepMs).unref();
  }

  return {
    start(work: JobWork, failureMessage: string): ImportJob {
      const job: ImportJob = { id: randomUUID(), state: 'running', done: 0, total: work.total, created: 0, updated: 0, message: null };
      jobs.set(job.id, job);
      work
        .run((done) => {
          job.done = Math.min(done, job.total);
        })
        .then(({ created, updated }) => {
          Object.assign(job, { state: 'done', done: job.total, created, updated });
        })
        .catch((err: unknown) => {
          const known = err instanceof Error && err.name === 'DomainError';
          if (!known) opts.log.error({ err }, 'CSV import failed');
          Object.assign(job, { state: 'failed', message: known ? (err as Error).message : failureMessage });
        })
        .finally(() => forgetLater(job.id));
      return { ...job };
    },
    get(id: string): ImportJob | undefined {
      const job = jobs.get(id);
      return job ? { ...job } : undefined;
    },
  };
}
export type ImportJobs = ReturnType<typeof createImportJobs>;
