import type { AppLoadContext } from 'react-router';
import type { ContentItemDto } from '#shared/dto/content.ts';
import type { PageDto } from '#shared/dto/pages.ts';
import { isLegalPath } from '#shared/navigation.ts';
import type { ProductPageDto } from '#shared/product-content.ts';
import { regionFromPageRegionIds } from '#shared/regions.ts';

/**
 * What a public template needs beside its DTO (related cards and the like), shared by the public
 * routes' loaders and the preview page (ADR 024), so a preview renders exactly as the page would.
 */

/** A knowledge item's related resources: the newest cards of its region, without the item itself. */
export async function knowledgeItemData(context: AppLoadContext, item: ContentItemDto) {
  const related = await context.services.knowledge.latest({ excludeId: item.id || null, region: item.region });
  return { item, related };
}

/**
 * A custom page with its related resources. They are a nice-to-have: the page still renders when
 * they cannot be loaded. Legal pages (privacy, terms) show their text alone: marketing articles
 * beside them would be noise.
 */
export async function customPageData(context: AppLoadContext, page: PageDto) {
  const related = isLegalPath(`/${page.slug}`)
    ? []
    : await context.services.knowledge.latest({ region: regionFromPageRegionIds(page.regionIds) }).catch((err: unknown) => {
        context.log.error({ err }, 'related resources failed to load');
        return [];
      });
  return { page, related, pageRegionIds: page.regionIds };
}

/** A product page with the knowledge items it names. */
export async function productPageData(context: AppLoadContext, product: ProductPageDto) {
  const related = product.knowledgeSlugs.length ? await context.services.knowledge.cardsBySlugs(product.knowledgeSlugs) : [];
  return { product, related };
}
