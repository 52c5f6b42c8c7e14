import { describe, expect, it } from 'vitest';
import { buildRobotsTxt, buildSitemapXml } from './sitemap.ts';

describe('buildSitemapXml', () => {
  it('writes absolute, escaped locations with lastmod and hreflang alternates, once per path', () => {
    const xml = buildSitemapXml(
      [
        { path: '/agrotain', lastmod: new Date('2026-03-01T10:00:00Z'), alternates: [{ hreflang: 'en-CA', path: '/agrotain-ca' }] },
        { path: '/agrotain', lastmod: '2026-01-01T00:00:00Z' },
        { path: '/a&b', lastmod: null },
      ],
      'https://www.example.com/',
    );
    expect(xml).toContain('<loc>https://www.example.com/agrotain</loc>');
    expect(xml).toContain('<lastmod>2026-03-01T10:00:00.000Z</lastmod>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en-CA" href="https://www.example.com/agrotain-ca"/>');
    expect(xml.match(/<loc>https:\/\/www.example.com\/agrotain<\/loc>/g)).toHaveLength(1);
    expect(xml).toContain('<loc>https://www.example.com/a&amp;b</loc>');
    expect(xml).not.toContain('2026-01-01');
  });
});

describe('buildRobotsTxt', () => {
  it('allows the site, disallows the private areas and names the sitemap', () => {
    expect(buildRobotsTxt('https://www.example.com')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /siteadmin\nDisallow: /account\nDisallow: /api\n\nSitemap: https://www.example.com/sitemap.xml\n',
    );
  });
});
