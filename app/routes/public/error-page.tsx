import { ERROR_TEXT, ErrorView, type ErrorKind } from '../../components/error-view.tsx';
import { rootDataFrom } from '../../lib/root-data.ts';
import { safeLocalPath } from '#shared/input.ts';
import type { Route } from './+types/error-page';
import { STATIC_PAGE } from '../../lib/hydration.ts';
import { pageReads } from '../../lib/page-reads.ts';

function kindFor(path: string): ErrorKind {
  if (path.startsWith('/not-found')) return 'not-found';
  if (path.startsWith('/access-denied')) return 'access-denied';
  if (path.startsWith('/error/bad-request')) return 'bad-request';
  if (path.startsWith('/error/form-refused')) return 'form-refused';
  if (path.startsWith('/error/form-too-large')) return 'form-too-large';
  return 'server-error';
}

/**
 * The named error pages (/not-found, /access-denied, /error, /error/server-error, and /error/bad-request,
 * /error/form-refused and /error/form-too-large that the server renders for an unreadable address, a form
 * sent from another site and a form post over the size limit, with their own status) are routes the
 * site navigates to, so they answer 200 and ask not to be indexed. Unknown paths and thrown errors
 * render the same views through the error boundary with a real 404 or 500.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = kindFor(url.pathname);
  // a refused form: the page it was sent from, to try again
  const refused = kind === 'form-refused' || kind === 'form-too-large';
  return { kind, back: refused ? safeLocalPath(url.searchParams.get('back')) : null };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const text = ERROR_TEXT[data?.kind ?? 'server-error'];
  // the brand name in the title, like every other page
  return [{ title: `${text.title} | ${rootDataFrom(matches)?.settings.companyName ?? 'Northfield Agronomics'}` }, { name: 'description', content: text.message }, { name: 'robots', content: 'noindex' }];
};

/** Rendered on the server only: no React in the browser (ADR 005). */
export const handle = { ...STATIC_PAGE, ...pageReads({ query: ['back'] }) };

export default function ErrorPage({ loaderData }: Route.ComponentProps) {
  return <ErrorView status={ERROR_TEXT[loaderData.kind].status} kind={loaderData.kind} back={loaderData.back} />;
}
