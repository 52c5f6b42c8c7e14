import './zod-browser.ts';
import { z } from 'zod';

/** Links the site sends visitors to: only web addresses, never javascript:, data: or other schemes. */
const webUrl = z.url({ protocol: /^https?$/, error: 'Enter a full http:// or https:// address.' });

/** A link on the site: a path on this site ("/about") or a web address; '' for none. */
export function isSiteLink(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  return webUrl.safeParse(value).success;
}

/** Days a region's leads are kept (1 to 3650), or null: kept until deleted by hand. */
export const LeadRetentionDays = z.number().int().min(1).max(3650).nullable();

/**
 * Fields added after the first release carry defaults, so settings stored before them still parse.
 * `leadRecipients` and `recaptcha` override the environment when set ('' and null: use LEADS_EMAIL_*
 * and RECAPTCHA_MIN_SCORE); they are server-only (the public layout passes on named fields only).
 */
export const SiteSettingsSchema = z.object({
  companyName: z.string().min(1).max(80),
  notice: z.object({
    enabled: z.boolean(),
    text: z.string().max(300),
    /** Changes whenever the text or link does, so visitors who dismissed the old notice see the new one. */
    id: z.string().max(40),
    linkUrl: z.string().max(500).refine(isSiteLink).default(''),
    linkText: z.string().max(60).default(''),
  }),
  careersUrl: webUrl,
  social: z.array(z.object({ name: z.string(), url: webUrl })),
  contactEmail: z.email(),
  leadRecipients: z.object({ us: z.string(), ca: z.string(), int: z.string() }).default({ us: '', ca: '', int: '' }),
  recaptcha: z.object({ minScore: z.number().min(0).max(1).nullable() }).default({ minScore: null }),
  /** How many days leads of each region are kept before the daily retention job deletes them (ADR 044); null: kept (the default). */
  leadRetentionDays: z
    .object({ us: LeadRetentionDays, ca: LeadRetentionDays, int: LeadRetentionDays })
    .default({ us: null, ca: null, int: null }),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: 'Northfield Agronomics',
  notice: {
    enabled: true,
    id: 'brand-2026',
    text: 'Northfield Crop Services is now Northfield Agronomics. Same people, same proven products.',
    linkUrl: '',
    linkText: '',
  },
  careersUrl: 'https://careers.example.com/',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'X', url: 'https://x.com/' },
    { name: 'YouTube', url: 'https://www.youtube.com/' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/' },
  ],
  contactEmail: 'info@northfield-agronomics.example',
  leadRecipients: { us: '', ca: '', int: '' },
  recaptcha: { minScore: null },
  leadRetentionDays: { us: null, ca: null, int: null },
};
