import { useContext, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  useRouteError,
} from 'react-router';
import type { Route } from './+types/root';
import siteScriptUrl from './client/site-script.ts?worker&url';
import { ERROR_TEXT, ErrorView, errorKindFor } from './components/error-view.tsx';
import { documentLoadsForStaticLinks, SPECULATION_RULES, useHydrates, usePageScripts } from './lib/hydration.ts';
import { StaticPageContext } from './lib/links.tsx';
import appCss from './styles/app.css?url';
import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

export const links: Route.LinksFunction = () => [
  // the text face every page uses: fetched with the stylesheet, not after it, so text does not
  // reflow late from the fallback face (layout shift on slow connections; ADR 016)
  { rel: 'preload', href: interLatinUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** Public pages import these from here; the data itself now comes from the public layout route. */
export { type RootData, useRootData } from './lib/root-data.ts';

/** bench/js-size.ts reads the site script's built file name from here. */
export const handle = { siteScript: siteScriptUrl };

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrates = useHydrates();
  const pageScripts = usePageScripts();
  // the per-request CSP nonce that React Router's own scripts carry (entry.server.tsx hands it to ServerRouter)
  const nonce = useContext(FrameworkContext)?.nonce;
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
        <StaticPageContext.Provider value={!hydrates}>{children}</StaticPageContext.Provider>
        {hydrates ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <>
            {/* content templates: no React Router runtime, one small module (ADR 005) */}
            <script type="module" src={siteScriptUrl} />
            {/* development only: React Router's refresh preamble, which the islands' modules check for */}
            {import.meta.env.DEV && pageScripts.length ? (
              <script type="module" src="/@id/__x00__virtual:react-router/inject-hmr-runtime" />
            ) : null}
            {pageScripts.map((src) => (
              <script key={src} type="module" src={src} data-page-script="" />
            ))}
            <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const hydrates = useHydrates();
  useEffect(() => {
    // Lets browser tests (and monitoring) tell a hydrated page from server-rendered HTML.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Links to content templates load them as documents (no React render in the browser first).
  useEffect(documentLoadsForStaticLinks, []);
  useEffect(() => {
    // A client-side navigation from a hydrated page (a redirect, a programmatic navigate) reached a content template: load it as a document,
    // so it runs with its own script like any other visit (its markup expects that script, not React).
    if (!hydrates) window.location.reload();
  }, [hydrates]);
  return <Outlet />;
}

/** The last-resort boundary's title: no site settings to name the brand from, so the error alone. */
export const meta: Route.MetaFunction = ({ error, location }) => {
  if (!error) return [];
  const text =
    ERROR_TEXT[errorKindFor(isRouteErrorResponse(error) ? error.status : location.pathname === '/error/unavailable' ? 503 : 500)];
  return [{ title: text.title }, { name: 'description', content: text.message }, { name: 'robots', content: 'noindex' }];
};

/** Last-resort boundary: the public layout's loader (or an admin shell) failed, so no shell data is available. */
export function ErrorBoundary() {
  const error = useRouteError();
  // the Unavailable page whose shell data could not be read either (the database is away, ADR 047)
  const unavailable = useLocation().pathname === '/error/unavailable';
  const status = isRouteErrorResponse(error) ? error.status : unavailable ? 503 : 500;
  return (
    <main id="content" className="error-page error-page--bare">
      <ErrorView status={status} />
    </main>
  );
}
