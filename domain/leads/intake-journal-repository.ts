import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { reps } from '#db/schema/finder.ts';
import { formSubmissions } from '#db/schema/forms.ts';
import { mailOutbox } from '#db/schema/mail.ts';
import { webhookDeliveries, webhookEndpoints } from '#db/schema/webhooks.ts';
import type { LeadJournalEntry } from './intake-journal.ts';

/** Writes journaled leads back (replay after a power cut), with the ids they were answered with. */
export function createIntakeJournalRepository(db: DbOrTx) {
  return {
    /**
     * Inserts each entry's lead, emails and webhooks unless the lead is already there (same id or idempotency
     * key): replaying twice changes nothing. Answers how many leads were written. The id sequences
     * are moved past the restored ids, never back.
     */
    async restore(entries: LeadJournalEntry[], tx: DbOrTx = db): Promise<number> {
      let restored = 0;
      for (const { lead, mail, webhooks = [] } of entries) {
        const { assignedRepId, ...fields } = lead;
        const [row] = await tx
          .insert(formSubmissions)
          .values({
            ...fields,
            created: new Date(lead.created),
            // the routed rep, unless they were deleted since (the lead is then unassigned, as a delete leaves it)
            assignedRepId: assignedRepId ? sql`(select ${reps.id} from ${reps} where ${reps.id} = ${assignedRepId})` : null,
          })
          .onConflictDoNothing()
          .returning({ id: formSubmissions.id });
        if (!row) continue;
        restored++;
        if (mail.length > 0) {
          await tx
            .insert(mailOutbox)
            .values(mail.map((m) => ({ ...m, formSubmissionId: lead.id })))
            .onConflictDoNothing();
        }
        if (webhooks.length > 0) {
          await tx
            .insert(webhookDeliveries)
            .values(
              webhooks.map((w) => ({
                ...w,
                // an endpoint removed since is no longer referenced: the delivery fails visibly instead of the restore
                endpointId:
                  w.endpointId === null
                    ? null
                    : sql<
                        number | null
                      >`(select ${webhookEndpoints.id} from ${webhookEndpoints} where ${webhookEndpoints.id} = ${w.endpointId})`,
                formSubmissionId: lead.id,
                retryUntil: new Date(w.retryUntil),
                created: new Date(w.created),
              })),
            )
            .onConflictDoNothing();
        }
      }
      if (restored > 0) {
        await tx.execute(
          sql`select setval('form_submissions_id_seq', greatest((select coalesce(max(id), 0) from form_submissions), (select last_value from form_submissions_id_seq), 1))`,
        );
        await tx.execute(
          sql`select setval('mail_outbox_id_seq', greatest((select coalesce(max(id), 0) from mail_outbox), (select last_value from mail_outbox_id_seq), 1))`,
        );
        await tx.execute(
          sql`select setval('webhook_deliveries_id_seq', greatest((select coalesce(max(id), 0) from webhook_deliveries), (select last_value from webhook_deliveries_id_seq), 1))`,
        );
      }
      return restored;
    },
  };
}
