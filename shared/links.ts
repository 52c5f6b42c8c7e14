/**
 * Whether a link leaves the company's own site. Relative links and links to the site's host
 * (with or without "www.") are internal; mailto: and tel: are not "external pages" either.
 * Browser-safe: used by the rich-text sanitizer on the server and by components.
 */
export function isExternalHref(href: string, siteUrl: string): boolean {
  const value = href.trim();
  if (value === '' || value.startsWith('#') || value.startsWith('?')) return false;
  if (/^(mailto|tel):/i.test(value)) return false;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//');
  if (!absolute) return false;
  let site: URL;
  let target: URL;
  try {
    site = new URL(siteUrl);
    target = new URL(value, site);
  } catch {
    return true;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return true;
  return bareHost(target.hostname) !== bareHost(site.hostname);
}

function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

export const EXTERNAL_LINK_REL = 'noopener noreferrer';
