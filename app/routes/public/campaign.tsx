import { CampaignView } from '../../components/pages/landing-views.tsx';
import { loadLanding } from '../../lib/landing.server.ts';
import { landingMeta } from '../../lib/landing-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/campaign';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';
import { landingTag } from '#shared/cache-tags.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  return loadLanding(context, key);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? landingMeta(data.page, rootDataFrom(matches), 'WebPage') : [{ title: 'Page Not Found' }];

/** Rendered on the server only: no React in the browser (ADR 005). */
/** A campaign page is the landing page keyed by its path. */
export const handle = { ...STATIC_PAGE, ...pageReads({ tags: ({ pathname }) => [landingTag(pathname.slice(1))] }) };

export default function Campaign({ loaderData }: Route.ComponentProps) {
  return <CampaignView page={loaderData.page} />;
}
