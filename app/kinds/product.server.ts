import type { ProductPageDto } from '#shared/product-content.ts';
import { productPageData } from '../lib/page-data.server.ts';
import type { AppKindPreviewLoader } from './define.ts';

/** A product page's preview: the product with the knowledge items it lists. */
export const productPreview: AppKindPreviewLoader = {
  name: 'product',
  load: async (context, p) => {
    const product = p.product as ProductPageDto;
    return { kind: 'product', previewOf: `/${product.slug}`, ...(await productPageData(context, product)) };
  },
};
