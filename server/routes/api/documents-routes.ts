import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { etagMatches, parseRange } from '#domain/documents/http-range.ts';
import { ErrorEnvelopeSchema, publicOperation } from '../../http.ts';

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The document center: /doccenter/{guid} streams a label, SDS, statement or image. PDF viewers
 * fetch in pieces, so single byte ranges are served as 206; the ETag is the file's checksum.
 */
/** Documents are replaced in place (same GUID): held a minute, then revalidated by ETag. */
export const DOCUMENT_CACHE_CONTROL = 'public, max-age=60, must-revalidate';

export async function documentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/doccenter/:guid',
    {
      compress: false,
      schema: {
        ...publicOperation,
        operationId: 'getDocument',
        tags: ['public'],
        summary: 'A document (label, SDS, statement, image) by its public GUID; supports Range and If-None-Match',
        params: z.object({ guid: z.string().max(64) }),
        // an image's resized variant (srcset): the smallest variant at least this wide, else the original
        querystring: z.object({ w: z.coerce.number().int().min(1).max(10000).optional().catch(undefined) }),
        // 200/206 stream the file itself; a browser asking for HTML gets the Page Not Found page instead of the 404 envelope.
        response: {
          200: z.any().describe('The whole file, in its own content type'),
          206: z.any().describe('The requested byte range'),
          304: z.any().describe('Not modified (If-None-Match matched the ETag)'),
          404: ErrorEnvelopeSchema.describe('No document with this GUID'),
          416: z.any().describe('The range is past the end of the file'),
        },
      },
    },
    async (request, reply) => {
      const doc = await app.services.documents.getForDownload(request.params.guid, request.query.w);
      reply
        .header('content-type', doc.contentType)
        .header('content-disposition', contentDisposition(doc.fileName))
        .header('accept-ranges', 'bytes')
        .header('etag', doc.etag)
        .header('last-modified', doc.lastModified.toUTCString())
        // a replaced label keeps its address: browsers and CDNs ask again after a minute (a 304 while unchanged)
        .header('cache-control', DOCUMENT_CACHE_CONTROL)
        // a document is never a page of the site: nothing in it may run scripts
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; object-src 'self'; frame-ancestors 'self'",
        );

      if (etagMatches(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();

      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange && ifRange !== doc.etag ? undefined : request.headers.range;
      const range = parseRange(rangeHeader, doc.size);
      if (range.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${doc.size}`)
          .header('content-type', 'text/plain; charset=utf-8')
          .send('Requested range not satisfiable');
      }
      if (range.kind === 'partial') {
        const { start, end } = range.range;
        reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${doc.size}`)
          .header('content-length', end - start + 1);
        return reply.send(await app.services.documents.open(doc, range.range));
      }
      reply.header('content-length', doc.size);
      return reply.send(await app.services.documents.open(doc));
    },
  );
}
