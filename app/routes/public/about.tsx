import { LandingHeroView, LandingSections } from '../../components/product-landing.tsx';
import { loadLanding } from '../../lib/landing.server.ts';
import { landingMeta } from '../../lib/landing-seo.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/about';

export async function loader({ context }: Route.LoaderArgs) {
  return loadLanding(context, 'about');
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? landingMeta(data.page, rootDataFrom(matches), 'AboutPage') : [{ title: 'Page Not Found' }];

export default function About({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div className="landing landing--about">
      <LandingHeroView hero={page.hero} />
      <LandingSections sections={page.sections} />
    </div>
  );
}
