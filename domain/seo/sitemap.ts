/** Sitemap and robots.txt text (sitemaps.org protocol, with hreflang alternates as Google reads them). */

export interface SitemapEntry {
  path: string;
  lastmod?: string | Date | null;
  alternates?: { hreflang: string; path: string }[];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function absolute(siteUrl: string, path: string): string {
  return siteUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

function isoDate(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

export function buildSitemapXml(entries: readonly SitemapEntry[], siteUrl: string): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const e of entries) {
    if (seen.has(e.path)) continue;
    seen.add(e.path);
    const lines = [`    <loc>${escapeXml(absolute(siteUrl, e.path))}</loc>`];
    const lastmod = e.lastmod ? isoDate(e.lastmod) : '';
    if (lastmod) lines.push(`    <lastmod>${lastmod}</lastmod>`);
    for (const alt of e.alternates ?? []) {
      lines.push(
        `    <xhtml:link rel="alternate" hreflang="${escapeXml(alt.hreflang)}" href="${escapeXml(absolute(siteUrl, alt.path))}"/>`,
      );
    }
    urls.push(`  <url>\n${lines.join('\n')}\n  </url>`);
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

export const ROBOTS_DISALLOW = ['/siteadmin', '/account', '/api'];

export function buildRobotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absolute(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
