import { randomUUID } from 'node:crypto';
import type { ImportJob } from '#shared/validation/reps-retailers.ts';
import type { ImportJobsRepository } from './import-jobs-repository.ts';

export interface JobWork {
  /** Steps of work in all; progress is reported as steps done. */
  total: number;
  run(progress: (done: number) => void): Promise<{ created: number; updated: number }>;
}

export const IMPORT_JOB_MESSAGES = {
  stopped: 'The import stopped before it finished (the server running it went away), so nothing was imported. Please try again.',
} as const;

export interface ImportJobsOptions {
  repo: ImportJobsRepository;
  /** How long a finished job can still be asked about. */
  keepMs?: number;
  /** A running job not heard from for this long has lost its instance (its transaction rolled back). */
  staleMs?: number;
  now?: () => Date;
  log: { error(obj: object, msg?: string): void };
}

/**
 * CSV imports run as background jobs so the browser can show a progress bar by polling. A job's
 * state is a database row (ADR 022), so a poll that reaches another instance answers too; the
 * instance running it also keeps it in memory while it runs, so its own polls never wait behind the
 * import's transaction (PGlite has one connection). Progress is written beside the transaction, never
 * awaited by it, one write at a time with only the latest value pending; a heartbeat keeps a long
 * chunk from looking like a dead instance.
 */
export function createImportJobs(opts: ImportJobsOptions) {
  const { repo, log } = opts;
  const keepMs = opts.keepMs ?? 15 * 60_000;
  const staleMs = opts.staleMs ?? 2 * 60_000;
  const now = opts.now ?? (() => new Date());
  const running = new Map<string, ImportJob>();

  /** Writes progress one update at a time; `drain` waits for the last one before the job's end is written. */
  function progressWriter(id: string) {
    let wanted = 0;
    let written = -1;
    let writing: Promise<void> | null = null;
    let stopped = false;
    function pump() {
      if (writing || stopped || wanted === written) return;
      const value = wanted;
      writing = repo
        .progress(id, value)
        .catch((err: unknown) => log.error({ err }, 'writing CSV import progress failed'))
        .then(() => {
          written = value;
          writing = null;
          pump();
        });
    }
    return {
      report(done: number) {
        wanted = done;
        pump();
      },
      /** Says "still running" even when no row was done since the last report. */
      touch() {
        written = -1;
        pump();
      },
      async drain() {
        stopped = true;
        while (writing) await writing;
      },
    };
  }

  return {
    async start(kind: string, work: JobWork, failureMessage: string): Promise<ImportJob> {
      const at = now().getTime();
      await repo
        .prune(new Date(at - keepMs), new Date(at - 24 * 60 * 60_000))
        .catch((err: unknown) => log.error({ err }, 'pruning old CSV import jobs failed'));
      const job: ImportJob = { id: randomUUID(), state: 'running', done: 0, total: work.total, created: 0, updated: 0, message: null };
      await repo.insert({ id: job.id, kind, total: job.total });
      running.set(job.id, job);
      const progress = progressWriter(job.id);
      const heartbeat = setInterval(() => progress.touch(), Math.max(50, staleMs / 4));
      heartbeat.unref();
      void work
        .run((done) => {
          job.done = Math.min(done, job.total);
          progress.report(job.done);
        })
        .then(
          ({ created, updated }): Partial<ImportJob> => ({ state: 'done', done: job.total, created, updated, message: null }),
          (err: unknown): Partial<ImportJob> => {
            const known = err instanceof Error && err.name === 'DomainError';
            if (!known) log.error({ err }, 'CSV import failed');
            return { state: 'failed', created: 0, updated: 0, message: known ? (err as Error).message : failureMessage };
          },
        )
        .then(async (end) => {
          clearInterval(heartbeat);
          await progress.drain();
          const result = { ...job, ...end };
          try {
            await repo.finish(job.id, result);
            running.delete(job.id);
          } catch (err) {
            // the row would read as a dead job: this instance at least still knows the outcome
            log.error({ err }, 'writing the end of a CSV import failed');
            Object.assign(job, end);
            setTimeout(() => running.delete(job.id), keepMs).unref();
          }
        });
      return { ...job };
    },

    async get(id: string): Promise<ImportJob | undefined> {
      const mine = running.get(id);
      if (mine) return { ...mine };
      const row = await repo.find(id);
      if (!row) return undefined;
      const { kind: _kind, updatedAt, ...job } = row;
      if (job.state === 'running' && now().getTime() - updatedAt.getTime() > staleMs) {
        return { ...job, state: 'failed', created: 0, updated: 0, message: IMPORT_JOB_MESSAGES.stopped };
      }
      return job;
    },
  };
}
export type ImportJobs = ReturnType<typeof createImportJobs>;
