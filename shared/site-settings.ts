import { z } from 'zod';

export const SiteSettingsSchema = z.object({
  companyName: z.string().min(1).max(80),
  notice: z.object({ enabled: z.boolean(), text: z.string().max(300), id: z.string().max(40) }),
  careersUrl: z.url(),
  social: z.array(z.object({ name: z.string(), url: z.url() })),
  contactEmail: z.email(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: 'Northfield Agronomics',
  notice: {
    enabled: true,
    id: 'brand-2026',
    text: 'Northfield Crop Services is now Northfield Agronomics. Same people, same proven products.',
  },
  careersUrl: 'https://careers.example.com/',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'X', url: 'https://x.com/' },
    { name: 'YouTube', url: 'https://www.youtube.com/' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/' },
  ],
  contactEmail: 'info@northfield-agronomics.example',
};
