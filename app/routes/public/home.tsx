import { regionForPath, REGION_US } from '#shared/regions.ts';
import { HOME_KEYS, HomeView, homeMeta } from '../../components/pages/landing-views.tsx';
import { loadLanding } from '../../lib/landing.server.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/home';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';
import { landingTag } from '#shared/cache-tags.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const region = regionForPath(new URL(request.url).pathname) ?? REGION_US;
  return { region, ...(await loadLanding(context, HOME_KEYS[region])) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? homeMeta(data.page, data.region, rootDataFrom(matches)) : [{ title: 'Page Not Found' }]);

/** Rendered on the server only: no React in the browser (ADR 005). */
/** The home's landing page: the region its path fixes. */
export const handle = { ...STATIC_PAGE, ...pageReads({ tags: ({ pathname }) => [landingTag(HOME_KEYS[regionForPath(pathname) ?? REGION_US])] }) };

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView page={loaderData.page} />;
}
