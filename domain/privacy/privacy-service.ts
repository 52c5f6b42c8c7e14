import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { formSubmissions, leadActivity, privacyTexts } from '#db/schema/forms.ts';
import { mailOutbox } from '#db/schema/mail.ts';
import { webhookDeliveries } from '#db/schema/webhooks.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { IntakeJournal } from '../leads/intake-journal.ts';
import { deleteLeads } from '../maintenance/retention-repository.ts';

export interface PrivacyText {
  id: number;
  text: string;
  created: string;
}

/** Everything stored about one email address (an access request), as the export gives it. */
export interface PrivacyExport {
  email: string;
  exported: string;
  leads: Record<string, unknown>[];
  emails: Record<string, unknown>[];
  webhookDeliveries: Record<string, unknown>[];
  activity: Record<string, unknown>[];
}

const normal = (email: string) => email.trim().toLowerCase();

/**
 * Consent and privacy requests (ADR 044): the privacy text shown beside the contact form in versions,
 * and the access and erasure requests an Administrator answers for one email address.
 */
export function createPrivacyService(deps: { db: Db; audit?: AuditRecorder; journal?: IntakeJournal; changed?: () => void }) {
  const { db } = deps;

  /** the leads sent with this address (any case), ids only */
  async function leadIds(email: string, tx: Pick<Db, 'select'> = db): Promise<number[]> {
    const rows = await tx
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(sql`lower(${formSubmissions.email}) = ${normal(email)}`);
    return rows.map((r) => r.id);
  }

  return {
    /** The text the contact form shows now: the newest version (null: none saved). */
    async current(): Promise<PrivacyText | null> {
      const [row] = await db.select().from(privacyTexts).orderBy(desc(privacyTexts.id)).limit(1);
      return row ? { id: row.id, text: row.text, created: row.created.toISOString() } : null;
    },

    async byId(id: number): Promise<PrivacyText | null> {
      const [row] = await db.select().from(privacyTexts).where(eq(privacyTexts.id, id));
      return row ? { id: row.id, text: row.text, created: row.created.toISOString() } : null;
    },

    /** Whether `id` names a saved version: a form from a page cached before an edit still posts a real one. */
    async isVersion(id: number): Promise<boolean> {
      const [row] = await db.select({ id: privacyTexts.id }).from(privacyTexts).where(eq(privacyTexts.id, id));
      return Boolean(row);
    },

    /** Saves the text as a new version when it differs from the current one; answers the current version. */
    async save(text: string, by: string | null): Promise<PrivacyText> {
      const current = await this.current();
      if (current && current.text === text.trim()) return current;
      const [row] = await db.insert(privacyTexts).values({ text: text.trim(), createdBy: by }).returning();
      deps.changed?.();
      await deps.audit?.record({ action: 'changed', subject: { kind: 'settings', title: 'Site Settings', link: '/siteadmin/settings' }, detail: { fields: ['privacy text'], privacyTextId: row!.id } });
      return { id: row!.id, text: row!.text, created: row!.created.toISOString() };
    },

    /** How many leads were sent with this address. */
    async count(email: string): Promise<number> {
      return (await leadIds(email)).length;
    },

    /** Every lead, email, webhook delivery and note or history entry stored for this address (audited). */
    async exportFor(email: string): Promise<PrivacyExport> {
      const ids = await leadIds(email);
      const leads = ids.length ? await db.select().from(formSubmissions).where(inArray(formSubmissions.id, ids)).orderBy(formSubmissions.id) : [];
      const texts = new Map<number, string>();
      for (const l of leads) if (l.privacyTextId && !texts.has(l.privacyTextId)) texts.set(l.privacyTextId, (await this.byId(l.privacyTextId))?.text ?? '');
      const emails = ids.length
        ? await db.select().from(mailOutbox).where(inArray(mailOutbox.formSubmissionId, ids)).orderBy(mailOutbox.id)
        : [];
      const hooks = ids.length
        ? await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.formSubmissionId, ids)).orderBy(webhookDeliveries.id)
        : [];
      const activity = ids.length
        ? await db.select().from(leadActivity).where(inArray(leadActivity.submissionId, ids)).orderBy(leadActivity.id)
        : [];
      await deps.audit?.record({ action: 'privacy-exported', subject: { kind: 'lead' }, target: { email: normal(email) }, detail: { count: ids.length } });
      return {
        email: normal(email),
        exported: new Date().toISOString(),
        leads: leads.map((l) => ({ ...l, privacyText: l.privacyTextId ? texts.get(l.privacyTextId) ?? null : null })),
        emails: emails.map(({ lockedUntil: _l, ...m }) => m),
        webhookDeliveries: hooks.map(({ lockedUntil: _l, ...w }) => w),
        activity,
      };
    },

    /**
     * Deletes every lead sent with this address and all stored with them (an erasure request), audited
     * with the count. On the embedded database the intake journal is then trimmed (twice: a trim already
     * running may have sealed its segment before the erased lead's) so a replay cannot bring one back.
     */
    async erase(email: string): Promise<{ count: number }> {
      const count = await db.transaction(async (tx) => deleteLeads(tx, sql`lower(email) = ${normal(email)}`));
      if (deps.journal) {
        await deps.journal.trim();
        await deps.journal.trim();
      }
      await deps.audit?.record({ action: 'privacy-erased', subject: { kind: 'lead' }, target: { email: normal(email) }, detail: { count } });
      return { count };
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
