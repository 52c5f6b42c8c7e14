import type { ProductPageDto } from '#shared/product-content.ts';
import { ProductView, productMeta } from '../components/pages/product-view.tsx';
import { defineAppKind, type PreviewData } from './define.ts';

/** A product page's public template. */
export const productApp = defineAppKind<PreviewData & { product: ProductPageDto; related: Parameters<typeof ProductView>[0]['related'] }>({
  name: 'product',
  template: {
    meta: (d, root) => productMeta(d.product, root),
    View: ({ d }) => <ProductView product={d.product} related={d.related} />,
  },
});
