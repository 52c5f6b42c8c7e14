import type { AppKindPreviewLoader } from './define.ts';
import { knowledgePreview } from './knowledge.server.ts';
import { landingPreview } from './landing.server.ts';
import { pagePreview } from './page.server.ts';
import { pressPreview } from './press.server.ts';
import { productPreview } from './product.server.ts';

/**
 * The server-only part of the registry's app halves (ADR 037): each kind's preview loader, which
 * reads through the services (app/kinds/index.ts holds the parts the browser may load too).
 */
export const PREVIEW_LOADERS: readonly AppKindPreviewLoader[] = [
  knowledgePreview,
  pressPreview,
  pagePreview,
  productPreview,
  landingPreview,
];
