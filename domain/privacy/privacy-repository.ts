import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { formSubmissions, leadActivity, privacyTexts } from '#db/schema/forms.ts';
import { mailOutbox } from '#db/schema/mail.ts';
import { webhookDeliveries } from '#db/schema/webhooks.ts';
import { deleteLeads } from '../maintenance/retention-repository.ts';

/** An email address as requests match it: trimmed, any case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** The privacy text's versions and what is stored about one email address (ADR 044). */
export function createPrivacyRepository(db: Db) {
  return {
    /**
     * Runs a save of the privacy text with the versions held (ADR 048): a second save from the same
     * version waits until this one has committed, then sees its version.
     */
    async locked<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${privacyTexts} in exclusive mode`);
        return work(tx as unknown as Db);
      });
    },
    async newestText(tx: Db = db) {
      const [row] = await tx.select().from(privacyTexts).orderBy(desc(privacyTexts.id)).limit(1);
      return row;
    },
    async text(id: number) {
      const [row] = await db.select().from(privacyTexts).where(eq(privacyTexts.id, id));
      return row;
    },
    /** every version, newest first, with the number of leads that name it */
    async versions() {
      return db
        .select({
          id: privacyTexts.id,
          text: privacyTexts.text,
          created: privacyTexts.created,
          createdBy: privacyTexts.createdBy,
          leads: sql<number>`count(${formSubmissions.id})::int`,
        })
        .from(privacyTexts)
        .leftJoin(formSubmissions, eq(formSubmissions.privacyTextId, privacyTexts.id))
        .groupBy(privacyTexts.id)
        .orderBy(desc(privacyTexts.id));
    },
    async insertText(text: string, createdBy: string | null, tx: Db = db) {
      const [row] = await tx.insert(privacyTexts).values({ text, createdBy }).returning();
      return row!;
    },
    /** the leads sent with this address, ids only */
    async leadIds(email: string): Promise<number[]> {
      const rows = await db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(sql`lower(${formSubmissions.email}) = ${normalEmail(email)}`);
      return rows.map((r) => r.id);
    },
    /** every row stored with these leads */
    async rowsOf(ids: number[]) {
      if (ids.length === 0) return { leads: [], emails: [], hooks: [], activity: [] };
      const [leads, emails, hooks, activity] = await Promise.all([
        db.select().from(formSubmissions).where(inArray(formSubmissions.id, ids)).orderBy(formSubmissions.id),
        db.select().from(mailOutbox).where(inArray(mailOutbox.formSubmissionId, ids)).orderBy(mailOutbox.id),
        db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.formSubmissionId, ids)).orderBy(webhookDeliveries.id),
        db.select().from(leadActivity).where(inArray(leadActivity.submissionId, ids)).orderBy(leadActivity.id),
      ]);
      return { leads, emails, hooks, activity };
    },
    /** deletes the address's leads with their emails, deliveries and history in one transaction; answers how many */
    eraseLeads(email: string): Promise<number> {
      return db.transaction((tx) => deleteLeads(tx, sql`lower(email) = ${normalEmail(email)}`));
    },
  };
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
