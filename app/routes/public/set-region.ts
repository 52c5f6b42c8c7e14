import { redirect } from 'react-router';
import { homePathFor, parseRegion, REGION_COOKIE, type RegionId, REGION_US, REGION_INT } from '#shared/regions.ts';
import type { Route } from './+types/set-region';
import { pageReads } from '../../lib/page-reads.ts';

/**
 * GET /set-region?region=3&from=/agrotain: the region selector without JavaScript (a GET form in the
 * header). Stores the choice in the region cookie and goes to the page's twin in that region where it
 * has one (a product's hreflang alternate, the region's home for a home page), otherwise the region's
 * home, like the selector does with the script (which also writes local storage). An unknown region
 * goes to the US home and changes nothing.
 */
/** Never stored (it sets a cookie). */
export const handle = pageReads({ query: ['region', 'from'] });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const region = parseRegion(params.get('region'));
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (region) headers.append('Set-Cookie', `${REGION_COOKIE}=${region}; Path=/; Max-Age=31536000; SameSite=Lax`);
  const target = region ? await twinPath(params.get('from'), region, context) : null;
  return redirect(target ?? homePathFor(region ?? REGION_US), { status: 303, headers });
}

/** A product page's twin in `region` (the same pairs as its hreflang alternates), or null. */
async function twinPath(from: string | null, region: RegionId, context: Route.LoaderArgs['context']): Promise<string | null> {
  const slug = from?.match(/^\/([a-z0-9-]{1,80})$/)?.[1];
  if (!slug || region === REGION_INT) return null;
  try {
    const product = await context.services.products.getPublicBySlug(slug);
    if (product.region === region) return `/${product.slug}`;
    return product.twinSlug ? `/${product.twinSlug}` : null;
  } catch {
    return null; // not a product page: the region's home
  }
}
