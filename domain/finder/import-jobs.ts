import { randomUUID } from 'node:crypto';
import type { ImportJob } from '#shared/validation/reps-retailers.ts';
import { DomainError, isDomainError } from '../errors.ts';
import type { ImportJobRow, ImportJobsRepository } from './import-jobs-repository.ts';

/** What a job has committed so far. */
export interface JobProgress {
  done: number;
  created: number;
  updated: number;
}

export interface JobWork {
  /** Steps of work in all; progress is reported as steps done. */
  total: number;
  /** Writes the rows, reporting progress after each committed batch. */
  run(progress: (p: JobProgress) => void): Promise<{ created: number; updated: number }>;
  /**
   * The job's message when `run` fails, knowing what was committed before: `reason` is a
   * DomainError's message, null for an unexpected failure (logged). Without it, the reason or the
   * start's failure message.
   */
  failed?(p: JobProgress, reason: string | null): string;
}

const count = (n: number) => n.toLocaleString('en-US');

export const IMPORT_JOB_MESSAGES = {
  stopped: 'The import stopped before it finished (the server running it went away), so nothing was imported. Please try again.',
  stoppedPartway: (p: JobProgress, total: number) =>
    `The import stopped before it finished (the server running it went away) after ${count(p.done)} of ${count(total)} rows: those were imported (${count(p.created)} added, ${count(p.updated)} updated), the rest were not.`,
  busy: (kind: string, row: Pick<ImportJobRow, 'done' | 'total' | 'startedBy'> | undefined) =>
    `Another ${kind} import is running${
      row ? ` (${row.startedBy ? `started by ${row.startedBy}, ` : ''}${count(row.done)} of ${count(row.total)} rows done)` : ''
    }. Wait for it to finish, then import this file.`,
} as const;

export interface ImportJobsOptions {
  repo: ImportJobsRepository;
  /** How long a finished job can still be asked about. */
  keepMs?: number;
  /** A running job not heard from for this long has lost its instance. */
  staleMs?: number;
  now?: () => Date;
  log: { error(obj: object, msg?: string): void };
}

/**
 * CSV imports run as background jobs so the browser can show a progress bar by polling. A job's
 * state is a database row (ADR 022), so a poll that reaches another instance answers too, and the
 * row is the lock that lets one import per kind run at a time on all instances. The instance
 * running a job also keeps it in memory while it runs, so its own polls never wait behind the
 * import's writes (PGlite has one connection). Progress is written one update at a time with only
 * the latest value pending; a heartbeat keeps a long batch from looking like a dead instance.
 */
export function createImportJobs(opts: ImportJobsOptions) {
  const { repo, log } = opts;
  const keepMs = opts.keepMs ?? 15 * 60_000;
  const staleMs = opts.staleMs ?? 2 * 60_000;
  const now = opts.now ?? (() => new Date());
  const running = new Map<string, ImportJob>();

  const silentSince = () => new Date(now().getTime() - staleMs);
  const isLost = (row: ImportJobRow) => row.state === 'lost' || (row.state === 'running' && row.updatedAt < silentSince());

  /** Writes progress one update at a time; `drain` waits for the last one before the job's end is written. */
  function progressWriter(id: string) {
    let wanted: JobProgress = { done: 0, created: 0, updated: 0 };
    let written: JobProgress | null = null;
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
      report(p: JobProgress) {
        wanted = p;
        pump();
      },
      /** Says "still running" even when no row was done since the last report. */
      touch() {
        written = null;
        pump();
      },
      async drain() {
        stopped = true;
        while (writing) await writing;
      },
    };
  }

  /** Takes the kind's one running place, or answers 409 naming the import that holds it. */
  async function claim(kind: string, total: number, startedBy: string | null): Promise<string> {
    const id = randomUUID();
    if (!(await repo.claim({ id, kind, total, startedBy }, silentSince()))) {
      throw new DomainError(IMPORT_JOB_MESSAGES.busy(kind, await repo.findRunning(kind)), 409);
    }
    return id;
  }

  async function prune() {
    const at = now().getTime();
    await repo
      .prune(new Date(at - keepMs), new Date(at - 24 * 60 * 60_000))
      .catch((err: unknown) => log.error({ err }, 'pruning old CSV import jobs failed'));
  }

  return {
    /**
     * Answers 409 when an import of this kind is running: the cheap check before a file is read
     * and checked. `start` decides for certain (another instance may start one meanwhile).
     */
    async assertIdle(kind: string): Promise<void> {
      const row = await repo.findRunning(kind);
      if (row && !isLost(row)) throw new DomainError(IMPORT_JOB_MESSAGES.busy(kind, row), 409);
    },

    /** Starts `work` as the kind's one running job (409 when another runs) and answers at once. */
    async start(kind: string, work: JobWork, failureMessage: string, opts: { startedBy?: string | null } = {}): Promise<ImportJob> {
      await prune();
      const id = await claim(kind, work.total, opts.startedBy ?? null);
      const job: ImportJob = { id, state: 'running', done: 0, total: work.total, created: 0, updated: 0, message: null };
      running.set(job.id, job);
      const progress = progressWriter(job.id);
      const heartbeat = setInterval(() => progress.touch(), Math.max(50, staleMs / 4));
      heartbeat.unref();
      void work
        .run((p) => {
          job.done = Math.min(p.done, job.total);
          job.created = p.created;
          job.updated = p.updated;
          progress.report({ done: job.done, created: job.created, updated: job.updated });
        })
        .then(
          ({ created, updated }): Partial<ImportJob> => ({ state: 'done', done: job.total, created, updated, message: null }),
          (err: unknown): Partial<ImportJob> => {
            const known = isDomainError(err);
            if (!known) log.error({ err }, 'CSV import failed');
            const reason = known ? err.message : null;
            const committed = { done: job.done, created: job.created, updated: job.updated };
            return { state: 'failed', ...committed, message: work.failed ? work.failed(committed, reason) : (reason ?? failureMessage) };
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

    /**
     * Runs an import that answers in its own request (redirects) as the kind's one running job:
     * 409 when another runs; the job's row ends with the outcome.
     */
    async exclusive<T extends { created: number; updated: number }>(
      kind: string,
      total: number,
      work: () => Promise<T>,
      opts: { startedBy?: string | null } = {},
    ): Promise<T> {
      await prune();
      const id = await claim(kind, total, opts.startedBy ?? null);
      const heartbeat = setInterval(
        () => {
          repo.progress(id, { done: 0, created: 0, updated: 0 }).catch((err: unknown) => log.error({ err }, 'CSV import heartbeat failed'));
        },
        Math.max(50, staleMs / 4),
      );
      heartbeat.unref();
      let end: Pick<ImportJob, 'state' | 'done' | 'created' | 'updated' | 'message'> = {
        state: 'failed',
        done: 0,
        created: 0,
        updated: 0,
        message: null,
      };
      try {
        const result = await work();
        end = { state: 'done', done: total, created: result.created, updated: result.updated, message: null };
        return result;
      } catch (err) {
        end.message = isDomainError(err) ? err.message : 'The import failed.';
        throw err;
      } finally {
        clearInterval(heartbeat);
        await repo.finish(id, end).catch((err: unknown) => log.error({ err }, 'writing the end of a CSV import failed'));
      }
    },

    async get(id: string): Promise<ImportJob | undefined> {
      const mine = running.get(id);
      if (mine) return { ...mine };
      const row = await repo.find(id);
      if (!row) return undefined;
      const { kind: _kind, startedBy: _startedBy, updatedAt: _updatedAt, ...job } = row;
      if (isLost(row)) {
        const message = row.done > 0 ? IMPORT_JOB_MESSAGES.stoppedPartway(row, row.total) : IMPORT_JOB_MESSAGES.stopped;
        return { ...job, state: 'failed', message };
      }
      return { ...job, state: job.state as ImportJob['state'] };
    },
  };
}
export type ImportJobs = ReturnType<typeof createImportJobs>;
