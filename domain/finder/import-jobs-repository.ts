import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { importJobs } from '#db/schema/finder.ts';
import type { ImportJob } from '#shared/validation/reps-retailers.ts';

export type ImportJobRow = ImportJob & { kind: string; updatedAt: Date };

const columns = {
  id: importJobs.id,
  kind: importJobs.kind,
  state: importJobs.state,
  done: importJobs.done,
  total: importJobs.total,
  created: importJobs.created,
  updated: importJobs.updatedRows,
  message: importJobs.message,
  updatedAt: importJobs.updated,
};

export function createImportJobsRepository(db: DbOrTx) {
  return {
    async insert(job: { id: string; kind: string; total: number }) {
      await db.insert(importJobs).values(job);
    },
    async find(id: string): Promise<ImportJobRow | undefined> {
      const [row] = await db.select(columns).from(importJobs).where(eq(importJobs.id, id));
      return row ? { ...row, state: row.state as ImportJob['state'] } : undefined;
    },
    /** Progress of a running job; a finished job is never set back to running by a late report. */
    async progress(id: string, done: number) {
      await db
        .update(importJobs)
        .set({ done: sql`greatest(${importJobs.done}, ${done})`, updated: new Date() })
        .where(and(eq(importJobs.id, id), eq(importJobs.state, 'running')));
    },
    async finish(id: string, result: Pick<ImportJob, 'state' | 'done' | 'created' | 'updated' | 'message'>) {
      await db
        .update(importJobs)
        .set({
          state: result.state,
          done: result.done,
          created: result.created,
          updatedRows: result.updated,
          message: result.message,
          updated: new Date(),
        })
        .where(eq(importJobs.id, id));
    },
    /** Forgets jobs that ended before `endedBefore`, and any job silent since `silentBefore`. */
    async prune(endedBefore: Date, silentBefore: Date) {
      await db
        .delete(importJobs)
        .where(or(and(ne(importJobs.state, 'running'), lt(importJobs.updated, endedBefore)), lt(importJobs.updated, silentBefore)));
    },
  };
}
export type ImportJobsRepository = ReturnType<typeof createImportJobsRepository>;
