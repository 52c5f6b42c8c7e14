import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, SiteSettingsFormSchema } from '#shared/validation/settings.ts';

/** The settings form as the browser posts it (the fields the screen renders), with the retention days given. */
function post(days: { us: string; ca: string; int: string }) {
  const form = new FormData();
  form.set('notice.enabled', 'on');
  form.set('notice.text', 'Field day on Friday.');
  form.set('notice.linkUrl', '');
  form.set('notice.linkText', '');
  form.set('careersUrl', 'https://careers.example.com/');
  for (const r of ['us', 'ca', 'int'] as const) {
    form.set(`leadRecipients.${r}`, '');
    form.set(`leadRetentionDays.${r}`, days[r]);
  }
  form.set('recaptchaMinScore', '');
  return parseWithZod(form, { schema: SiteSettingsFormSchema });
}

describe('the lead retention fields of the site settings form', () => {
  it('sends blank fields as null (kept), so clearing all three turns retention off rather than leaving it as it was', () => {
    const result = post({ us: '', ca: '', int: '' });
    expect(result.status).toBe('success');
    expect(result.status === 'success' && result.value.leadRetentionDays).toEqual({ us: null, ca: null, int: null });
  });

  it('reads typed days as numbers, per region', () => {
    const result = post({ us: '365', ca: '', int: '30' });
    expect(result.status === 'success' && result.value.leadRetentionDays).toEqual({ us: 365, ca: null, int: 30 });
  });

  it('refuses 0, more than 3650, fractions and words with one message on the field', () => {
    for (const bad of ['0', '3651', '1.5', 'ten']) {
      const result = post({ us: bad, ca: '', int: '' });
      expect(result.status === 'error' && result.error?.['leadRetentionDays.us'], bad).toEqual([SETTINGS_MESSAGES.retentionDays]);
    }
  });
});
