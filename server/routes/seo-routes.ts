import type { FastifyInstance } from 'fastify';
import { buildRobotsTxt, buildSitemapXml } from '#domain/seo/sitemap.ts';

/** /sitemap.xml and /robots.txt for search engines. */
export async function seoRoutes(app: FastifyInstance) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await app.services.seo.sitemapEntries();
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=900, s-maxage=3600')
      .send(buildSitemapXml(entries, app.env.PUBLIC_SITE_URL));
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(buildRobotsTxt(app.env.PUBLIC_SITE_URL));
  });
}
