import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client.ts';

/** Key of the retention job's advisory lock (the bytes of "nfretain"). */
export const RETENTION_LOCK_KEY = 0x6e6672657461696en;

const count = (res: unknown) => {
  const r = res as { rowCount?: number | null; affectedRows?: number; rows?: { n?: number }[] };
  return Number(r.rows?.[0]?.n ?? r.rowCount ?? r.affectedRows ?? 0);
};

/**
 * Deletes the leads `where` selects and everything stored with them: their emails (mail_outbox) and
 * webhook deliveries first (no cascade there), their notes and history (lead_activity) by cascade.
 * Answers how many leads went.
 */
export async function deleteLeads(tx: DbOrTx, where: SQL): Promise<number> {
  await tx.execute(sql`delete from mail_outbox where form_submission_id in (select id from form_submissions where ${where})`);
  await tx.execute(sql`delete from webhook_deliveries where form_submission_id in (select id from form_submissions where ${where})`);
  return count(await tx.execute(sql`delete from form_submissions where ${where}`));
}

export function createRetentionRepository(db: Db) {
  return {
    /**
     * One transaction under the job's advisory lock (null when another instance holds it): the audit
     * log through audit_log_prune, sent and failed mail and webhook deliveries, and sign-in failure counts idle since
     * `failuresBefore` whose lock is over. Answers how many rows each lost.
     */
    trim(opts: {
      auditDays: number;
      outboxBefore: Date;
      failuresBefore: Date;
      now: Date;
      /** regions whose leads are kept a limited time (ADR 044): leads created before `before` are deleted */
      leads?: { regionId: number; days: number; before: Date }[];
    }) {
      return db.transaction(async (tx) => {
        const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY.toString()}::bigint) as ok`);
        if (!(locked as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok) return null;
        const audit = count(await tx.execute(sql`select audit_log_prune(${opts.auditDays}) as n`));
        const outbox = count(
          await tx.execute(
            sql`delete from mail_outbox where status in ('sent', 'failed')
                  and coalesce(sent_at, created) < ${opts.outboxBefore.toISOString()}::timestamptz`,
          ),
        );
        const webhooks = count(
          await tx.execute(
            sql`delete from webhook_deliveries where status in ('sent', 'failed')
                  and coalesce(sent_at, created) < ${opts.outboxBefore.toISOString()}::timestamptz`,
          ),
        );
        const failures = count(
          await tx.execute(
            sql`delete from sign_in_failures where updated < ${opts.failuresBefore.toISOString()}::timestamptz
                  and (locked_until is null or locked_until < ${opts.now.toISOString()}::timestamptz)`,
          ),
        );
        const leads: { regionId: number; days: number; count: number }[] = [];
        for (const region of opts.leads ?? []) {
          leads.push({
            regionId: region.regionId,
            days: region.days,
            count: await deleteLeads(tx, sql`region_id = ${region.regionId} and created < ${region.before.toISOString()}::timestamptz`),
          });
        }
        return { audit, outbox, webhooks, failures, leads };
      });
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
