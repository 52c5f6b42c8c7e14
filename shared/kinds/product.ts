import { ALL_PAGES } from '../cache-tags.ts';
import {
  ProductAdminFilterSchema,
  ProductAdminItemSchema,
  ProductAdminListSchema,
  ProductSaveSchema,
} from '../validation/versioned-admin.ts';
import { defineKind } from './define.ts';
import { PRODUCT_FIELD_LABELS } from '../field-labels.ts';

/** Product pages: fixed addresses, edited (a version appended) but never created in the admin. */
export const product = defineKind({
  name: 'product',
  api: '/api/admin/products',
  list: '/siteadmin/products',
  admin: '/siteadmin/products',
  permission: 'content',
  screens: { list: { file: 'routes/admin/products-list.tsx' }, editor: { file: 'routes/admin/product-form.tsx', create: false } },
  section: { label: 'Products', description: 'Product pages, guaranteed analyses and documents.', position: 1 },
  op: 'Product',
  label: 'product',
  noun: 'Product',
  notFound: 'Product not found.',
  schemas: { save: ProductSaveSchema, item: ProductAdminItemSchema, list: ProductAdminListSchema, filter: ProductAdminFilterSchema },
  openApi: {
    tag: 'admin products',
    add: {
      operationId: 'saveProduct',
      summary: 'Append a version of a product (edit or rollback); products are fixed addresses, never created here',
    },
    filter: { operationId: 'filterProductsAdmin', summary: 'Products in menu order, with search and region' },
    remove: 'Delete a product page (its versions are kept)',
  },
  // products are in the shell every page renders (the mega menu, the footer, the home cards)
  tags: () => [ALL_PAGES],
  audit: { label: 'product page', category: 'content', fields: PRODUCT_FIELD_LABELS },
  usageLabel: 'Product page',
  bulk: { status: 'status' },
  features: { preview: true, schedule: true, pin: false, slugRedirects: false },
});
