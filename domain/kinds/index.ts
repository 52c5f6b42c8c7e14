import type { ContentItemDto } from '#shared/dto/content.ts';
import type { PageDto } from '#shared/dto/pages.ts';
import type { LandingPageDto } from '#shared/landing-content.ts';
import type { ProductPageDto } from '#shared/product-content.ts';
import type { DomainKind } from './define.ts';
import { knowledgeDomain } from './knowledge.ts';
import { landingDomain } from './landing.ts';
import { pageDomain } from './page.ts';
import { pressDomain } from './press.ts';
import { productDomain } from './product.ts';

export { liveMentions } from './usage-repository.ts';
export {
  defineDomainKind,
  type DomainKind,
  type KindContext,
  type KindServices,
  type KindUsageRow,
  type VersionedAdminService,
} from './define.ts';

/**
 * The domain halves of the registry's kinds (ADR 037), in the registry's order: each points at the
 * kind's existing service and says how the admin API, the previews, the scheduler, the dashboard
 * and the document library reach it. `buildApp({ kinds })` takes this list (a test adds its own).
 */
export const DOMAIN_KINDS: readonly DomainKind[] = [knowledgeDomain, pressDomain, pageDomain, productDomain, landingDomain];

/** What the preview page is given for each of the registry's kinds: the kind's public template's data. */
export type PreviewPage =
  | { kind: 'knowledge' | 'press'; item: ContentItemDto }
  | { kind: 'page'; page: PageDto }
  | { kind: 'product'; product: ProductPageDto }
  | { kind: 'landing'; page: LandingPageDto };
