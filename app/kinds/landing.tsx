import { LandingView, landingPageMeta } from '../components/pages/landing-views.tsx';
import type { ResolvedLandingPage } from '../components/product-landing.tsx';
import { defineAppKind, type PreviewData } from './define.ts';

/** A home, campaign page or About: the landing template. */
export const landingApp = defineAppKind<PreviewData & { page: ResolvedLandingPage }>({
  name: 'landing',
  template: {
    meta: (d, root) => landingPageMeta(d.page, root),
    View: ({ d }) => <LandingView page={d.page} />,
  },
});
