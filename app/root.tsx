import { useEffect } from 'react';
import { type ShouldRevalidateFunction, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { ErrorView } from './components/error-view.tsx';
import { readRegionCookie, RegionProvider } from './lib/region.tsx';
import appCss from './styles/app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, products] = await Promise.all([context.services.settings.get(), context.services.products.navigation()]);
  return {
    storedRegion: readRegionCookie(request.headers.get('cookie')),
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

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  return useRouteLoaderData('root') as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5130" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useEffect(() => {
    // Lets browser tests (and monitoring) tell a hydrated page from server-rendered HTML.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <RegionProvider initialStored={data.storedRegion}>
      <Outlet />
    </RegionProvider>
  );
}

/** Last-resort boundary: the root loader itself failed, so no shell data is available. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="content" className="error-page error-page--bare">
      <ErrorView status={status} />
    </main>
  );
}
