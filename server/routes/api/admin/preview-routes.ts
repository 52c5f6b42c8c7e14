import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '#domain/errors.ts';
import type { PreviewInput } from '#domain/previews/previews-service.ts';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { adminErrors } from './admin-schemas.ts';
import { PreviewLinkSchema, PreviewRequestSchema, type PreviewRequest } from '#shared/validation/versioned-admin.ts';

/** The item id may come beside the content or inside it (the save body's own id); both must agree. */
function itemId(body: PreviewRequest): number | null {
  const inner = body.content.id ?? null;
  const outer = body.id ?? null;
  if (inner !== null && outer !== null && inner !== outer)
    throw new DomainError("The id does not match the content's id.", 400, { id: ["The id does not match the content's id."] });
  return inner ?? outer;
}

/** The request as each kind's service takes it: the same shaping its /add route does. */
function previewInput(body: PreviewRequest): PreviewInput {
  const id = itemId(body);
  switch (body.kind) {
    case 'knowledge':
    case 'press': {
      const c = body.content;
      return { kind: body.kind, id, content: { ...c, id, category: c.category ?? null, publishDate: c.publishDate ?? new Date() } };
    }
    case 'page':
      return { kind: 'page', id, content: { ...body.content, id } };
    case 'product': {
      const { id: _id, status: _status, publishAt: _at, ...content } = body.content;
      return { kind: 'product', id: id!, content };
    }
    case 'landing': {
      const { id: _id, publishAt: _at, ...content } = body.content;
      return { kind: 'landing', id: id!, content };
    }
  }
}

/** Preview before saving (ADR 024): POST /api/admin/preview, permission 'content'. */
export function previewRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/preview',
    {
      config: { permission: 'content' },
      schema: {
        ...adminOperation,
        operationId: 'createPreview',
        tags: ['admin previews'],
        summary:
          'Store unsaved content for 30 minutes and answer the link of the public page rendered with it (noindex, never cached); the content is validated and sanitized as a save would',
        body: PreviewRequestSchema,
        response: { 200: envelope(PreviewLinkSchema), ...adminErrors },
      },
    },
    async (request) => {
      const link = await app.services.previews.create(previewInput(request.body), request.user?.id ?? null);
      return ok({ url: link.path, expiresAt: link.expiresAt.toISOString() }, 'The preview opens in a new tab.');
    },
  );
}
