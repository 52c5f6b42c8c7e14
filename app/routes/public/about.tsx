import { AboutView } from '../../components/pages/landing-views.tsx';
import { loadLanding } from '../../lib/landing.server.ts';
import { landingMeta } from '../../lib/landing-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/about';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';
import { landingTag } from '#shared/cache-tags.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadLanding(context, 'about');
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? landingMeta(data.page, rootDataFrom(matches), 'AboutPage') : [{ title: 'Page Not Found' }];

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = { ...STATIC_PAGE, ...pageReads({ tags: () => [landingTag('about')] }) };

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutView page={loaderData.page} />;
}
