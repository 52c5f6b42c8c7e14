import '../zod-browser.ts';
import { z } from 'zod';
import { saveGuardFields } from './edit-conflict.ts';
import { isSiteLink } from '../site-settings.ts';

export const SETTINGS_MESSAGES = {
  webUrl: 'Enter a full http:// or https:// address.',
  siteLink: 'Enter a path on this site (starting with /) or a full http:// or https:// address.',
  email: 'Please enter a valid email address.',
  noticeText: 'Enter the notice text, or switch the notice off.',
  linkText: 'Enter the text of the link.',
  socialName: 'Enter the name of the network.',
  score: 'Enter a score between 0 and 1.',
  retentionDays: 'Enter a whole number of days from 1 to 3650, or leave it blank to keep leads.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
} as const;

const isWebUrl = (v: string) => z.url({ protocol: /^https?$/ }).safeParse(v).success;
const isEmail = (v: string) => z.email().safeParse(v).success;

/** Blank optional text arrives as undefined from a form post (Conform) and as '' from JSON: both mean ''. */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, SETTINGS_MESSAGES.tooLong(max))
    .optional()
    .transform((v) => v ?? '');
}
const recipient = optionalText(254).refine((v) => v === '' || isEmail(v), SETTINGS_MESSAGES.email);
/** Days a region's leads are kept; blank (undefined from a form, null from JSON): kept until deleted by hand. */
const retentionDays = z
  .number({ error: SETTINGS_MESSAGES.retentionDays })
  .int(SETTINGS_MESSAGES.retentionDays)
  .min(1, SETTINGS_MESSAGES.retentionDays)
  .max(3650, SETTINGS_MESSAGES.retentionDays)
  .nullish()
  .transform((v) => v ?? null);

/** The administrator's site settings form (GET and POST /api/admin/settings...), shared by the screen and the API. */
export const SiteSettingsFormSchema = z
  .object({
    notice: z.object({
      enabled: z
        .boolean()
        .optional()
        .transform((v) => v ?? false),
      text: optionalText(300),
      linkUrl: optionalText(500).refine(isSiteLink, SETTINGS_MESSAGES.siteLink),
      linkText: optionalText(60),
    }),
    social: z
      .array(
        z.object({
          name: z
            .string({ error: SETTINGS_MESSAGES.socialName })
            .trim()
            .min(1, SETTINGS_MESSAGES.socialName)
            .max(40, SETTINGS_MESSAGES.tooLong(40)),
          url: z
            .string({ error: SETTINGS_MESSAGES.webUrl })
            .trim()
            .max(500, SETTINGS_MESSAGES.tooLong(500))
            .refine(isWebUrl, SETTINGS_MESSAGES.webUrl),
        }),
      )
      .max(12)
      .optional()
      .transform((v) => v ?? []),
    careersUrl: z
      .string({ error: SETTINGS_MESSAGES.webUrl })
      .trim()
      .max(500, SETTINGS_MESSAGES.tooLong(500))
      .refine(isWebUrl, SETTINGS_MESSAGES.webUrl),
    leadRecipients: z.object({ us: recipient, ca: recipient, int: recipient }),
    /** null: RECAPTCHA_MIN_SCORE applies. */
    recaptchaMinScore: z
      .number({ error: SETTINGS_MESSAGES.score })
      .min(0, SETTINGS_MESSAGES.score)
      .max(1, SETTINGS_MESSAGES.score)
      .nullish()
      .transform((v) => v ?? null),
    /**
     * How long each region's leads are kept before the daily retention job deletes them (ADR 044); null: kept.
     * Optional for API callers written before it: absent, the saved days stay as they are.
     */
    leadRetentionDays: z.object({ us: retentionDays, ca: retentionDays, int: retentionDays }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.notice.enabled && !v.notice.text)
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.noticeText, path: ['notice', 'text'] });
    if (v.notice.linkUrl && !v.notice.linkText)
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.linkText, path: ['notice', 'linkText'] });
  });
export type SiteSettingsFormInput = z.output<typeof SiteSettingsFormSchema>;

/** POST /api/admin/settings/edit: the form and the settings' version it started from (ADR 048). */
export const SiteSettingsEditSchema = SiteSettingsFormSchema.safeExtend(saveGuardFields);

/** What the settings screen loads: the values, and what applies when a setting is left blank. */
export const SiteSettingsAdminSchema = z.object({
  version: z.number().describe('moved on by every save of a setting: send it as baseVersion when saving (ADR 048)'),
  settings: z.object({
    notice: z.object({ enabled: z.boolean(), text: z.string(), linkUrl: z.string(), linkText: z.string() }),
    social: z.array(z.object({ name: z.string(), url: z.string() })),
    careersUrl: z.string(),
    leadRecipients: z.object({ us: z.string(), ca: z.string(), int: z.string() }),
    recaptchaMinScore: z.number().nullable(),
    leadRetentionDays: z.object({ us: z.number().nullable(), ca: z.number().nullable(), int: z.number().nullable() }),
  }),
  fallbacks: z.object({
    leadRecipients: z.object({ us: z.string(), ca: z.string(), int: z.string() }),
    recaptchaMinScore: z.number(),
  }),
});
export type SiteSettingsAdmin = z.infer<typeof SiteSettingsAdminSchema>;
