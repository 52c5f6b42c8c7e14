import { displayName } from '#shared/people.ts';
import { conflictMessage, conflictPerson, differingFields, type SaveGuard } from '#shared/validation/edit-conflict.ts';
import { EditConflictError } from '../errors.ts';
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

    /**
     * Saves the text as a new version when it differs from the current one; answers the current version.
     * With a guard (ADR 048: the id of the version the editor started from, 0 for none) a save is refused
     * (409, who and when, the text theirs and yours) when a newer version was added since, unless it
     * saves over that version on purpose (overwrite, with that version's id).
     */
    async save(text: string, by: string | null, guard: SaveGuard | null = null): Promise<PrivacyText> {
      const { row, over, current } = await repo.locked(async (tx) => {
        const current = await repo.newestText(tx);
        if (current && current.text === text.trim()) return { row: null, over: {}, current };
        const newest = current?.id ?? 0;
        if (guard && newest !== guard.baseVersion) {
          const savedBy = current?.createdBy ? conflictPerson(null, current.createdBy) : null;
          const savedAt = current?.created ?? new Date(0);
          throw new EditConflictError(conflictMessage(savedBy, savedAt), {
            baseVersion: guard.baseVersion,
            currentVersion: newest,
            savedBy,
            savedAt: savedAt.toISOString(),
            fields: differingFields({ text: current?.text ?? '' }, { text: text.trim() }),
          });
        }
        const over =
          guard?.overwrite && current && current.createdBy !== by
            ? {
                overwrote: {
                  version: current.id,
                  name: current.createdBy ? displayName({ name: null, email: current.createdBy }) : 'the site',
                  email: current.createdBy,
                  saved: current.created.toISOString(),
                },
              }
            : {};
        return { row: await repo.insertText(text.trim(), by, tx), over, current };
      });
      if (!row) return toText(current)!;
      deps.changed?.();
      await deps.audit?.record({
        action: 'changed',
        subject: { kind: 'settings', title: 'Site Settings', link: '/siteadmin/settings' },
        detail: { fields: ['privacy text'], privacyTextId: row.id, ...over },
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
