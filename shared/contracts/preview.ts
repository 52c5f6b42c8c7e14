import { PreviewRequestSchema } from '../kinds/index.ts';
import { PreviewLinkSchema } from '../validation/versioned-admin.ts';
import { defineContract } from './contract.ts';

/**
 * Preview before saving (ADR 024). The server's route (server/routes/api/admin/preview-routes.ts) is
 * registered with the versioned kinds' own definitions; the contract-and-route test holds the two together.
 */
export const previewApi = {
  create: defineContract({
    tags: ['admin previews'],
    security: 'bearer',
    permission: 'content',
    method: 'POST',
    path: '/api/admin/preview',
    operationId: 'createPreview',
    summary:
      'Store unsaved content for 30 minutes and answer the link of the public page rendered with it (noindex, never cached); the content is validated and sanitized as a save would',
    body: PreviewRequestSchema,
    reply: PreviewLinkSchema,
  }),
};
