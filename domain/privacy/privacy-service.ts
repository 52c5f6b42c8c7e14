import type { AuditRecorder } from '../audit/audit-service.ts';
import type { IntakeJournal } from '../leads/intake-journal.ts';
import { normalEmail as normal, type PrivacyRepository } from './privacy-repository.ts';

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

const toText = (row: { id: number; text: string; created: Date } | undefined): PrivacyText | null =>
  row ? { id: row.id, text: row.text, created: row.created.toISOString() } : null;

/**
 * Consent and privacy requests (ADR 044): the privacy text shown beside the contact form in versions,
 * and the access and erasure requests an Administrator answers for one email address.
 */
export function createPrivacyService(deps: {
  repo: PrivacyRepository;
  audit?: AuditRecorder;
  journal?: IntakeJournal;
  changed?: () => void;
}) {
  const { repo } = deps;
  return {
    /** The text the contact form shows now: the newest version (null: none saved). */
    current: async (): Promise<PrivacyText | null> => toText(await repo.newestText()),
    byId: async (id: number): Promise<PrivacyText | null> => toText(await repo.text(id)),
    /** Every version, newest first (the settings screen's list). */
    async versions(): Promise<(PrivacyText & { createdBy: string | null; leads: number })[]> {
      return (await repo.versions()).map((v) => ({ ...toText(v)!, createdBy: v.createdBy, leads: Number(v.leads) }));
    },
    /** Whether `id` names a saved version: a form from a page cached before an edit still posts a real one. */
    isVersion: async (id: number): Promise<boolean> => Boolean(await repo.text(id)),

    /** Saves the text as a new version when it differs from the current one; answers the current version. */
    async save(text: string, by: string | null): Promise<PrivacyText> {
      const current = await repo.newestText();
      if (current && current.text === text.trim()) return toText(current)!;
      const row = await repo.insertText(text.trim(), by);
      deps.changed?.();
      await deps.audit?.record({
        action: 'changed',
        subject: { kind: 'settings', title: 'Site Settings', link: '/siteadmin/settings' },
        detail: { fields: ['privacy text'], privacyTextId: row.id },
      });
      return toText(row)!;
    },

    /** How many leads were sent with this address. */
    count: async (email: string): Promise<number> => (await repo.leadIds(email)).length,

    /** Every lead, email, webhook delivery and note or history entry stored for this address (audited). */
    async exportFor(email: string): Promise<PrivacyExport> {
      const ids = await repo.leadIds(email);
      const { leads, emails, hooks, activity } = await repo.rowsOf(ids);
      const texts = new Map<number, string | null>();
      for (const l of leads) {
        if (l.privacyTextId && !texts.has(l.privacyTextId)) texts.set(l.privacyTextId, (await repo.text(l.privacyTextId))?.text ?? null);
      }
      await deps.audit?.record({
        action: 'privacy-exported',
        subject: { kind: 'lead' },
        target: { email: normal(email) },
        detail: { count: ids.length },
      });
      return {
        email: normal(email),
        exported: new Date().toISOString(),
        leads: leads.map((l) => ({ ...l, privacyText: l.privacyTextId ? (texts.get(l.privacyTextId) ?? null) : null })),
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
      const count = await repo.eraseLeads(email);
      if (deps.journal) {
        await deps.journal.trim();
        await deps.journal.trim();
      }
      await deps.audit?.record({
        action: 'privacy-erased',
        subject: { kind: 'lead' },
        target: { email: normal(email) },
        detail: { count },
      });
      return { count };
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
