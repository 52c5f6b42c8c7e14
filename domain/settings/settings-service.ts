import { randomBytes } from 'node:crypto';
import { shownNoticeId } from '#shared/notice.ts';
import { DEFAULT_SITE_SETTINGS, SiteSettingsSchema, type SiteSettings } from '#shared/site-settings.ts';
import type { SiteSettingsAdmin, SiteSettingsFormInput } from '#shared/validation/settings.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import { memo } from '../content-events/memo.ts';
import type { LeadRecipients } from '../leads/notifications.ts';
import type { DbOrTx } from '#db/client.ts';
import { differingFields, saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { overwroteDetail, staleRecord } from '../record-versions-repository.ts';
import type { SettingsRepository } from './settings-repository.ts';
import { SETTINGS_FIELD_LABELS } from '#shared/field-labels.ts';

/** What applies when an administrator leaves a setting blank: the environment (LEADS_EMAIL_*, RECAPTCHA_MIN_SCORE). */
export interface SettingsFallbacks {
  leadRecipients: LeadRecipients;
  recaptchaMinScore: number;
}

/** The settings screen's fields as the audit log names them. */

/**
 * Site settings change rarely and are read on every page, so they are held in memory (`memo`) and
 * re-read only after a settings change, here or on another instance (the content events).
 */
export function createSettingsService(
  repo: SettingsRepository,
  fallbacks: SettingsFallbacks,
  events?: ContentEvents,
  audit?: AuditRecorder,
) {
  async function load(tx?: DbOrTx): Promise<SiteSettings> {
    const rows = await repo.all(tx);
    const merged: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
    for (const row of rows) merged[row.key] = row.value;
    const parsed = SiteSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
  }

  const held = memo(load, { events, kinds: ['settings'], max: 1 });
  const get = (): Promise<SiteSettings> => held();

  function invalidate() {
    held.clear();
  }

  /** Every write ends here: what public pages show has changed, here and on every other instance. */
  function changed() {
    invalidate();
    events?.changed({ kind: 'settings' });
  }

  /** Writes the settings `patch` names (inside the caller's transaction, when given: it announces the change itself). */
  async function write(patch: Partial<SiteSettings>, tx?: DbOrTx): Promise<SiteSettings> {
    const current = await load(tx);
    const next = SiteSettingsSchema.parse({ ...current, ...patch });
    for (const key of Object.keys(patch) as (keyof SiteSettings)[]) {
      await repo.upsert(key, next[key], tx);
    }
    return next;
  }

  async function update(patch: Partial<SiteSettings>): Promise<SiteSettings> {
    const next = await write(patch);
    changed();
    return next;
  }

  function toAdmin(s: SiteSettings, version: number): SiteSettingsAdmin {
    return {
      version,
      settings: {
        notice: { enabled: s.notice.enabled, text: s.notice.text, linkUrl: s.notice.linkUrl, linkText: s.notice.linkText },
        social: s.social,
        careersUrl: s.careersUrl,
        leadRecipients: s.leadRecipients,
        recaptchaMinScore: s.recaptcha.minScore,
        leadRetentionDays: s.leadRetentionDays,
      },
      fallbacks,
    };
  }

  return {
    get,
    update,
    invalidate,

    /** The settings screen's values (GET /api/admin/settings). */
    async forAdmin(): Promise<SiteSettingsAdmin> {
      const [settings, state] = await Promise.all([load(), repo.version()]);
      return toAdmin(settings, state.version);
    },

    /** Saves the settings screen (already parsed); takes effect on this instance at once. */
    async saveFromAdmin(input: SiteSettingsFormInput & { baseVersion?: number | null; overwrite?: boolean }): Promise<SiteSettingsAdmin> {
      const guard = saveGuardOf(input);
      // the settings are held while they are compared and written: of two saves from one version, one wins (ADR 048)
      const { current, saved, before, version } = await repo.locked(async (tx) => {
        const before = await repo.version(tx);
        if (guard && before.version !== guard.baseVersion) throw await staleRecord(tx, before, guard);
        const current = await load(tx);
        const noticeChanged = input.notice.text !== current.notice.text || input.notice.linkUrl !== current.notice.linkUrl;
        const saved = await write(
          {
            notice: {
              ...input.notice,
              id: noticeChanged ? `notice-${randomBytes(6).toString('hex')}` : current.notice.id,
            },
            social: input.social,
            careersUrl: input.careersUrl,
            leadRecipients: input.leadRecipients,
            recaptcha: { minScore: input.recaptchaMinScore },
            leadRetentionDays: input.leadRetentionDays ?? current.leadRetentionDays,
          },
          tx,
        );
        return { current, saved, before, version: (await repo.version(tx)).version };
      });
      changed();
      // the audit log names what changed, with the lead recipients before and after (where leads go matters)
      const over = await overwroteDetail(repo.db, before, guard);
      const was = toAdmin(current, before.version).settings;
      const after = toAdmin(saved, version).settings;
      // the fields the form shows, compared as a refused save's are (ADR 048); worded by the form's labels (ADR 052)
      const fields = differingFields(was, after)
        .map((f) => f.field)
        .filter((f) => Object.hasOwn(SETTINGS_FIELD_LABELS, f));
      if (fields.length) {
        await audit?.record({
          action: 'changed',
          subject: { kind: 'settings', title: 'Site Settings', link: '/siteadmin/settings' },
          detail: {
            fields,
            ...(fields.includes('leadRecipients') ? { leadRecipients: { before: was.leadRecipients, after: after.leadRecipients } } : {}),
            // deleting leads is irreversible: the days before and after are kept with the change
            ...(fields.includes('leadRetentionDays')
              ? { leadRetentionDays: { before: was.leadRetentionDays, after: after.leadRetentionDays } }
              : {}),
            ...over,
          },
        });
      }
      return toAdmin(saved, version);
    },

    /** Where lead emails go per region: the setting when one is saved, otherwise LEADS_EMAIL_*. */
    async leadRecipients(): Promise<LeadRecipients> {
      const set = (await get()).leadRecipients;
      return {
        us: set.us || fallbacks.leadRecipients.us,
        ca: set.ca || fallbacks.leadRecipients.ca,
        int: set.int || fallbacks.leadRecipients.int,
      };
    },

    /** The lowest reCAPTCHA score accepted: the setting when saved, otherwise RECAPTCHA_MIN_SCORE. */
    async recaptchaMinScore(): Promise<number> {
      return (await get()).recaptcha.minScore ?? fallbacks.recaptchaMinScore;
    },

    /** The id of the notice pages show now (null when none): what a visitor's dismissal must name. */
    async shownNoticeId(): Promise<string | null> {
      return shownNoticeId((await get()).notice);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
