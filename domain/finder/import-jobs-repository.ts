import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { importJobs } from '#db/schema/finder.ts';
import type { ImportJob } from '#shared/validation/reps-retailers.ts';

/** `lost`: a job whose instance went away, set aside so another import of its kind may start. */
export type ImportJobRow = Omit<ImportJob, 'state'> & {
  state: ImportJob['state'] | 'lost';
  kind: string;
  startedBy: string | null;
  updatedAt: Date;
};

const columns = {
  id: importJobs.id,
  kind: importJobs.kind,
  state: importJobs.state,
  done: importJobs.done,
  total: importJobs.total,
  created: importJobs.created,
  updated: importJobs.updatedRows,
  message: importJobs.message,
  startedBy: importJobs.startedBy,
  updatedAt: importJobs.updated,
};

const running = sql`${importJobs.state} = 'running'`;

export function createImportJobsRepository(db: DbOrTx) {
  return {
    /**
     * Inserts a running job unless one of its kind is running already (the partial unique index
     * decides, on every instance alike); a running job silent since `silentBefore` is set to `lost`
     * first. True when this job now runs.
     */
    async claim(job: { id: string; kind: string; total: number; startedBy: string | null }, silentBefore: Date): Promise<boolean> {
      await db
        .update(importJobs)
        .set({ state: 'lost' })
        .where(and(eq(importJobs.kind, job.kind), running, lt(importJobs.updated, silentBefore)));
      const inserted = await db
        .insert(importJobs)
        .values(job)
        .onConflictDoNothing({ target: importJobs.kind, where: running })
        .returning({ id: importJobs.id });
      return inserted.length > 0;
    },
    /** The running job of a kind, if any. */
    async findRunning(kind: string): Promise<ImportJobRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(importJobs)
        .where(and(eq(importJobs.kind, kind), running))
        .orderBy(desc(importJobs.updated))
        .limit(1);
      return row ? { ...row, state: row.state as ImportJobRow['state'] } : undefined;
    },
    async find(id: string): Promise<ImportJobRow | undefined> {
      const [row] = await db.select(columns).from(importJobs).where(eq(importJobs.id, id));
      return row ? { ...row, state: row.state as ImportJobRow['state'] } : undefined;
    },
    /** Progress of a running job; a finished job is never set back by a late report. */
    async progress(id: string, p: Pick<ImportJob, 'done' | 'created' | 'updated'>) {
      await db
        .update(importJobs)
        .set({
          done: sql`greatest(${importJobs.done}, ${p.done})`,
          created: sql`greatest(${importJobs.created}, ${p.created})`,
          updatedRows: sql`greatest(${importJobs.updatedRows}, ${p.updated})`,
          updated: new Date(),
        })
        .where(and(eq(importJobs.id, id), running));
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
