import { isRouteErrorResponse, Outlet, useLocation, useMatches, useRouteError } from 'react-router';
import { footerVisible, themeForPath } from '#shared/navigation.ts';
import { ERROR_TEXT, ErrorView, errorKindFor } from '../../components/error-view.tsx';
import { NoticeBar } from '../../components/notice-bar.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';
import { SiteHeader } from '../../components/site-header.tsx';
import { useHydrates } from '../../lib/hydration.ts';
import { useRegion } from '../../lib/region.tsx';
import { useShownPathname } from '../../lib/shown-path.ts';
import { rootDataFrom } from '../../lib/root-data.ts';
import { CachedFragment } from '../../lib/fast-render/shell-fragments.tsx';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/site-layout';

/** Used when a page below fails: its own meta cannot run, so the error view's title applies. */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const text = ERROR_TEXT[errorKindFor(isRouteErrorResponse(error) ? error.status : 500)];
  // the brand name in the title, like every other page
  return [{ title: `${text.title} | ${rootDataFrom(matches)?.settings.companyName ?? 'Northfield Agronomics'}` }, { name: 'description', content: text.message }, { name: 'robots', content: 'noindex' }];
};

function Shell({ children, variant }: { children: React.ReactNode; variant: 'page' | 'error' }) {
  const { settings, year, noticeDismissed, products } = useRootData();
  const { region, source } = useRegion();
  const { pathname: routePath } = useLocation();
  // a preview is laid out as the page it previews (ADR 024)
  const pathname = useShownPathname();
  const hydrates = useHydrates();
  // a home or campaign that ends with its own Find a Rep band (app/lib/landing.server.ts)
  const endsWithFindRep = useMatches().some((m) => (m.loaderData as { endsWithFindRep?: boolean } | undefined)?.endsWithFindRep === true);
  return (
    <div className={`page theme-${themeForPath(pathname)}`}>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      {noticeDismissed ? null : <NoticeBar notice={settings.notice} hydrates={hydrates} />}
      {/* content templates render these once per region, path and variant (ADR 016) */}
      <CachedFragment cacheKey={`header|${variant}|${region}|${source}|${routePath}|${pathname}`} settings={settings} navigation={products}>
        <SiteHeader companyName={settings.companyName} hydrates={hydrates} />
      </CachedFragment>
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      {footerVisible(pathname) ? (
        <CachedFragment cacheKey={`footer|${variant}|${region}|${pathname}|${year}|${endsWithFindRep}`} settings={settings} navigation={products}>
          <SiteFooter
            region={region}
            pathname={pathname}
            companyName={settings.companyName}
            social={settings.social}
            year={year}
            pageEndsWithFindRep={endsWithFindRep}
          />
        </CachedFragment>
      ) : null}
    </div>
  );
}

export default function SiteLayout() {
  return (
    <Shell variant="page">
      <Outlet />
    </Shell>
  );
}

/** Errors thrown below render inside the full site shell, with the right status code. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Shell variant="error">
      <ErrorView status={status} />
    </Shell>
  );
}
