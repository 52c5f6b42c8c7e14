import { type ShouldRevalidateFunction, Outlet, useLoaderData } from 'react-router';
import { dismissedNoticeId } from '#shared/notice.ts';
import { readRegionCookie, RegionProvider } from '../../lib/region.tsx';
import type { Route } from './+types/public-layout';

/**
 * The parent of every public page: site settings, the product navigation and the region. Admin and
 * account screens sit outside it, so they never run this loader or the region provider.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, products] = await Promise.all([context.services.settings.get(), context.services.products.navigation()]);
  return {
    storedRegion: readRegionCookie(request.headers.get('cookie')),
    /** the notice this visitor dismissed (its cookie): the server leaves it out */
    dismissedNotice: dismissedNoticeId(request.headers.get('cookie')),
    settings: {
      companyName: settings.companyName,
      notice: settings.notice,
      social: settings.social,
      careersUrl: settings.careersUrl,
    },
    config: context.config,
    /** mega menu and footer solutions, from the products table (held in memory by the service) */
    products: products.map(({ slug, name, tagline, group, region, family }) => ({ slug, name, tagline, group, region, family })),
    year: new Date().getFullYear(),
  };
}

/** Site settings and the region cookie do not change with navigation; reload them only after a form post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;

export default function PublicLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <RegionProvider initialStored={data.storedRegion}>
      <Outlet />
    </RegionProvider>
  );
}
