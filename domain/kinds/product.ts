import { products } from '#db/schema/products.ts';
import { KIND } from '#shared/kinds/index.ts';
import type { ProductAdminFilter } from '#shared/product-admin.ts';
import type { ProductContent } from '#shared/product-content.ts';
import { REGION_OPTIONS } from '#shared/regions.ts';
import type { ProductSaveBody } from '#shared/validation/versioned-admin.ts';
import type { ProductsService } from '../products/products-service.ts';
import { saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { defineDomainKind } from './define.ts';
import { productMentions } from './usage-repository.ts';

export const productDomain = defineDomainKind<ProductsService, ProductSaveBody, ProductAdminFilter>({
  def: KIND.product,
  base: products,
  service: (ctx) => ctx.services.products,
  admin: {
    save: (svc, { id, status, publishAt, rollbackOf, baseVersion, overwrite, ...content }, authorId) =>
      svc.adminSave(id, content, authorId, { status, publishAt, rollbackOf, guard: saveGuardOf({ baseVersion, overwrite }) }),
    filter: (svc, f) => svc.adminFilter(f),
    slug: (svc, id) => svc.adminGet(id),
    remove: (svc, id) => svc.adminDelete(id),
  },
  preview: {
    input: ({ id: _id, status: _status, publishAt: _at, baseVersion: _base, overwrite: _over, ...content }) => content,
    prepare: (svc, content) => svc.preparePreview(content as ProductContent),
    render: async (svc, id, content, created) => ({ product: await svc.previewDto(id!, content as ProductContent, created) }),
    // a product is always an existing item
    revive: (payload, id) => (id === null ? null : payload),
  },
  usage: {
    order: 1,
    // also the product pages that list the document because of its product (labels and SDSs)
    find: productMentions,
    path: (row) => `/${row.slug}`,
    // a product has a U.S. and a Canadian page of the same name: say which
    title: (row) => `${row.title} (${REGION_OPTIONS.find((r) => r.id === row.regionId)?.name ?? 'U.S.'})`,
  },
});
