import { eq } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { backfillsDone } from './schema/backfills.ts';

/**
 * Data backfills (ADR 039). A migration changes the schema only, inside one short transaction; the
 * rows it needs filled are filled here, after the migrations, in batches of their own short
 * transactions, so a large table is never locked for the whole backfill and a rolling restart's
 * other instance keeps serving. A backfill runs under the migration lock (one instance does it),
 * may be interrupted at any batch (it picks up where the rows say it stopped), and is recorded in
 * `backfills_done` once a batch finds nothing left to do.
 */
export interface Backfill {
  /** unique and never reused: the record that it ran */
  name: string;
  /**
   * Fills at most `limit` rows that still need it and returns how many it filled; 0 means done.
   * It must find its remaining rows from the data itself (`where new_column is null`), so that a
   * batch that ran twice does no harm.
   */
  batch(tx: Tx, limit: number): Promise<number>;
}

/** Every backfill of the product, oldest first. Empty: the ones before ADR 039 ran inside their migrations. */
export const BACKFILLS: readonly Backfill[] = [];

export interface BackfillOptions {
  batchSize?: number;
  /** a pause between batches, so requests get the database in between */
  pauseMs?: number;
  log?: { info(obj: object, msg: string): void };
}

/** Runs each backfill not yet recorded, in batches; returns the names of those that ran. */
export async function runBackfills(db: Db, backfills: readonly Backfill[], opts: BackfillOptions = {}): Promise<string[]> {
  const batchSize = opts.batchSize ?? 500;
  const pauseMs = opts.pauseMs ?? 50;
  const ran: string[] = [];
  for (const backfill of backfills) {
    const [done] = await db.select().from(backfillsDone).where(eq(backfillsDone.name, backfill.name));
    if (done) continue;
    let rows = 0;
    for (;;) {
      const filled = await db.transaction((tx) => backfill.batch(tx, batchSize));
      rows += filled;
      if (filled === 0) break;
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    await db.insert(backfillsDone).values({ name: backfill.name, rows }).onConflictDoNothing();
    opts.log?.info({ backfill: backfill.name, rows }, 'backfill done');
    ran.push(backfill.name);
  }
  return ran;
}
