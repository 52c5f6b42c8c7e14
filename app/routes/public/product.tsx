import { data } from 'react-router';
import { ProductView, productMeta } from '../../components/pages/product-view.tsx';
import { productPageData } from '../../lib/page-data.server.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/product';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';
import { PAGE_TAG, productTag } from '#shared/cache-tags.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  let product;
  try {
    product = await context.services.products.getPublicBySlug(slug);
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw err;
  }
  return productPageData(context, product);
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => (d ? productMeta(d.product, rootDataFrom(matches)) : [{ title: 'Page Not Found' }]);

/** Rendered on the server only: no React in the browser (ADR 005). */
/** A product page shows its label and SDS links and cards of the knowledge items it names. */
export const handle = { ...STATIC_PAGE, ...pageReads({ tags: ({ pathname }) => [productTag(pathname.slice(1)), PAGE_TAG.documents, PAGE_TAG.knowledgeRelated] }) };

export default function Product({ loaderData }: Route.ComponentProps) {
  return <ProductView product={loaderData.product} related={loaderData.related} />;
}
