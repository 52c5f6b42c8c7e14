import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '#domain/errors.ts';
import { adminOperation, envelope, ok } from '../../../http.ts';
import { adminErrors } from './admin-schemas.ts';
import { previewRequestSchema, type PreviewRequest } from '#shared/kinds/index.ts';
import { PreviewLinkSchema } from '#shared/validation/versioned-admin.ts';

/** The item id may come beside the content or inside it (the save body's own id); both must agree. */
function itemId(body: PreviewRequest): number | null {
  const inner = body.content.id ?? null;
  const outer = body.id ?? null;
  if (inner !== null && outer !== null && inner !== outer)
    throw new DomainError("The id does not match the content's id.", 400, { id: ["The id does not match the content's id."] });
  return inner ?? outer;
}

/**
 * Preview before saving (ADR 024): POST /api/admin/preview, permission 'content'; the body is one of
 * the app's kinds with previews and that kind's save body.
 */
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
        body: previewRequestSchema(app.services.kinds.map((k) => k.half.def)),
        response: { 200: envelope(PreviewLinkSchema), ...adminErrors },
      },
    },
    async (request) => {
      const body = request.body as PreviewRequest;
      const link = await app.services.previews.create(
        { kind: body.kind, id: itemId(body), content: body.content },
        request.user?.id ?? null,
      );
      return ok({ url: link.path, expiresAt: link.expiresAt.toISOString() }, 'The preview opens in a new tab.');
    },
  );
}
