import { ERROR_TEXT, ErrorView, type ErrorKind } from '../../components/error-view.tsx';
import { rootDataFrom } from '../../lib/root-data.ts';
import type { Route } from './+types/error-page';
import { STATIC_PAGE } from '../../lib/hydration.ts';

function kindFor(url: string): ErrorKind {
  const path = new URL(url).pathname;
  if (path.startsWith('/not-found')) return 'not-found';
  if (path.startsWith('/access-denied')) return 'access-denied';
  return 'server-error';
}

/**
 * The named error pages (/not-found, /access-denied, /error, /error/server-error) are routes the
 * site navigates to, so they answer 200 and ask not to be indexed. Unknown paths and thrown errors
 * render the same views through the error boundary with a real 404 or 500.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { kind: kindFor(request.url) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const text = ERROR_TEXT[data?.kind ?? 'server-error'];
  // the brand name in the title, like every other page
  return [{ title: `${text.title} | ${rootDataFrom(matches)?.settings.companyName ?? 'Northfield Agronomics'}` }, { name: 'description', content: text.message }, { name: 'robots', content: 'noindex' }];
};

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = STATIC_PAGE;

export default function ErrorPage({ loaderData }: Route.ComponentProps) {
  const status = loaderData.kind === 'not-found' ? 404 : loaderData.kind === 'access-denied' ? 403 : 500;
  return <ErrorView status={status} kind={loaderData.kind} />;
}
