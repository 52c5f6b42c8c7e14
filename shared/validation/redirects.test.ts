import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsSchema } from '../site-settings.ts';
import { RedirectInputSchema } from './redirects.ts';

describe('redirect input', () => {
  it('accepts local paths and http(s) addresses', () => {
    expect(RedirectInputSchema.safeParse({ fromPath: '/old', toPath: '/new?x=1' }).success).toBe(true);
    expect(RedirectInputSchema.safeParse({ fromPath: '/old', toPath: 'https://example.com/x' }).success).toBe(true);
  });

  it('accepts a from-path with a query string, and refuses spaces and fragments', () => {
    expect(RedirectInputSchema.safeParse({ fromPath: '/page.aspx?id=12', toPath: '/new' }).success).toBe(true);
    expect(RedirectInputSchema.safeParse({ fromPath: '/list.aspx?cat=2&lang=en', toPath: '/new' }).success).toBe(true);
    for (const fromPath of ['/page.aspx?id=1#top', '/a b', '/a?x= 1']) {
      const r = RedirectInputSchema.safeParse({ fromPath, toPath: '/new' });
      expect(r.success, fromPath).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('The path must start with / and contain no spaces or #.');
    }
  });

  it('refuses paths a browser reads as another host, as source or target', () => {
    for (const toPath of ['//evil.example/x', '/\\evil.example/x']) {
      const r = RedirectInputSchema.safeParse({ fromPath: '/old', toPath });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/single \//);
    }
    expect(RedirectInputSchema.safeParse({ fromPath: '//old', toPath: '/new' }).success).toBe(false);
  });
});

describe('site settings URLs', () => {
  it('accept only http and https for the careers site and social links', () => {
    expect(SiteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, careersUrl: 'http://jobs.example.com/' }).success).toBe(true);
    for (const careersUrl of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://files.example.com/', 'vbscript:x']) {
      const r = SiteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, careersUrl });
      expect(r.success, careersUrl).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Enter a full http:// or https:// address.');
    }
    expect(SiteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, social: [{ name: 'X', url: 'javascript:alert(1)' }] }).success).toBe(
      false,
    );
  });
});
