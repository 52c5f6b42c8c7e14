import { type ShouldRevalidateFunction, Outlet, useLoaderData } from 'react-router';
import { heldFor } from '#shared/held-for.ts';
import { RegionProvider } from '../../lib/region.tsx';
import type { Route } from './+types/public-layout';
import { pageReads } from '../../lib/page-reads.ts';

type Settings = Awaited<ReturnType<Route.LoaderArgs['context']['services']['settings']['get']>>;
type NavigationProducts = Awaited<ReturnType<Route.LoaderArgs['context']['services']['products']['navigation']>>;

/**
 * The shell's settings and navigation: the same objects for as long as the services hold the same
 * copies, so the header and footer fragments can be kept per these objects (app/lib/fast-render/shell-fragments.tsx).
 */
const settingsFor = heldFor(({ companyName, notice, social, careersUrl }: Settings) => ({ companyName, notice, social, careersUrl }));
const productsFor = heldFor((products: NavigationProducts) => products.map(({ slug, name, tagline, group, region, family }) => ({ slug, name, tagline, group, region, family })));

/**
 * The parent of every public page: site settings, the product navigation and the region. Admin and
 * account screens sit outside it, so they never run this loader or the region provider.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [settings, products] = await Promise.all([context.services.settings.get(), context.services.products.navigation()]);
  return {
    storedRegion: context.visitor.region,
    /** the visitor dismissed the notice shown now (its cookie): the server leaves it out */
    noticeDismissed: context.visitor.noticeDismissed,
    settings: settingsFor(settings),
    config: context.config,
    /** mega menu and footer solutions, from the products table (held in memory by the service) */
    products: productsFor(products),
    year: new Date().getFullYear(),
  };
}

/** Site settings and the region cookie do not change with navigation; reload them only after a form post. */
/** Settings and the product navigation are in every page's `all` tag; the visitor inputs are the cache key's. */
export const handle = pageReads({});

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
